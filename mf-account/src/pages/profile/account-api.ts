/**
 * The member's own account on the API (issue #47): their data as one JSON document, and closing the account. The
 * member is the verified token's: neither call names anyone.
 */
import { apiRequest, type Artifact } from 'shared-ui';

const ME = '/api/me';

export interface MyDataExport {
  exportedAt: string;
  profile: {
    uid: string;
    email: string | null;
    displayName: string | null;
    photoURL: string | null;
    createdAt: string | null;
  };
  artifacts: Artifact[];
  likedArtifactIds: string[];
}

export const fetchMyData = () => apiRequest<MyDataExport>(`${ME}/export`);

export const closeMyAccount = () =>
  apiRequest<{ success: boolean; message: string }>(ME, { method: 'DELETE' });
