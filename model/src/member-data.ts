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

/** An artifact the member likes, as their copy names it: enough to find it again, by name, not a bare id. */
export type LikedArtifactSummary = Pick<Artifact, '_id' | 'name' | 'type' | 'presentLocation' | 'adderName'>;

export interface MyDataExport {
  exportedAt: string;
  profile: AccountProfile;
  /** The artifacts the member added, with their photo URLs and when they were added. */
  artifacts: Artifact[];
  /** The artifacts the member likes now, most recently liked first. */
  likedArtifacts: LikedArtifactSummary[];
}

/**
 * The name of a copy of a member's data, dated with the day it was made (`YYYY-MM-DD`, the member's own day in the
 * browser, UTC at the API): heritage-vault-data-2026-11-29.json or .csv.
 */
export const memberDataFileName = (day: string, format: 'json' | 'csv') =>
  `heritage-vault-data-${day}.${format}`;
