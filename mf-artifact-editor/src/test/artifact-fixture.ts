import type { Artifact } from 'shared-ui';
import { MEMBER } from './signed-in-member';

/** An artifact as the API returns it, added by the signed-in test member unless told otherwise. */
export function anArtifact(overrides: Partial<Artifact> = {}): Artifact {
  return {
    _id: '6f1c1d7e-3b0a-4a57-9f4e-1d2c3b4a5e6f',
    name: 'Rosetta Stone',
    image: 'https://images.example.org/rosetta.jpg',
    type: 'Writings',
    historicalContext: 'A decree issued at Memphis in 196 BC.',
    description: 'Granodiorite stele inscribed in three scripts.',
    createdAt: '196 BC',
    discoveredAt: '1799',
    discoveredBy: 'Pierre-François Bouchard',
    presentLocation: 'British Museum, London',
    adderName: MEMBER.displayName ?? '',
    adderEmail: MEMBER.email ?? '',
    likeCount: 3,
    ...overrides,
  };
}
