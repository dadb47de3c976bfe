import type { Artifact } from 'artifact-model';

/** An artifact as the API returns it, for component tests: the Rosetta Stone unless told otherwise. */
export function makeArtifact(overrides: Partial<Artifact> = {}): Artifact {
  return {
    _id: crypto.randomUUID(),
    name: 'Rosetta Stone',
    image: 'https://images.heritage.test/rosetta.jpg',
    type: 'Writings',
    historicalContext: 'A decree issued at Memphis in 196 BC.',
    description: 'A granodiorite stele inscribed in three scripts.',
    createdAt: '196 BC',
    discoveredAt: '1799',
    discoveredBy: 'Pierre-François Bouchard',
    presentLocation: 'British Museum, London',
    adderName: 'Curators',
    adderEmail: 'curators@heritagevault.org',
    likeCount: 3,
    addedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}
