/** A member's own data (issue #47), as the API's GET /me/export answers it and the Profile page saves it. */
import type { Artifact } from './artifact';

/** An account as the identity provider holds it. */
export interface AccountProfile {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  /** When the account was created, ISO 8601, or null when the provider does not say. */
  createdAt: string | null;
}

export interface MyDataExport {
  exportedAt: string;
  profile: AccountProfile;
  /** The artifacts the member added, with their photo URLs and when they were added. */
  artifacts: Array<Artifact & { addedAt: string }>;
  /** The artifacts the member likes now. */
  likedArtifactIds: string[];
}
