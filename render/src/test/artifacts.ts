/** Artifacts as the API returns them, for the render service's tests. */
import type { Artifact } from 'artifact-model';

/** A name that would end a <script> or open a comment if it were written into the page unescaped. */
export const HOSTILE_NAME = 'Vase </script><script>alert(1)</script> <!-- "quoted" & \'single\'';

export const artifact = (changes: Partial<Artifact> = {}): Artifact => ({
  _id: '0badc0de-0000-4000-8000-000000000001',
  name: 'Rosetta Stone',
  image: 'https://example.org/rosetta.jpg',
  type: 'Documents',
  historicalContext: 'Ptolemaic decree',
  description: 'A granodiorite stele inscribed with a decree in three scripts.',
  createdAt: '196 BC',
  discoveredAt: '1799',
  discoveredBy: 'Pierre-François Bouchard',
  presentLocation: 'British Museum, London',
  adderName: 'Ada Member',
  adderEmail: 'ada@example.org',
  likeCount: 3,
  addedAt: '2026-11-20T09:00:00.000Z',
  ...changes,
});
