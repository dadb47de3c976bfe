import type { Artifact } from 'shared-ui';
import { makeArtifact } from 'shared-ui/test/make-artifact';
import { MEMBER } from './signed-in-member';

/** An artifact as the API returns it, added by the signed-in test member unless told otherwise. */
export function anArtifact(overrides: Partial<Artifact> = {}): Artifact {
  return makeArtifact({
    _id: '6f1c1d7e-3b0a-4a57-9f4e-1d2c3b4a5e6f',
    adderName: MEMBER.displayName ?? '',
    adderEmail: MEMBER.email ?? '',
    ...overrides,
  });
}
