/** The member's own account on the API (issue #47): the member is the token's, so neither call names anyone. */
import type { MyDataExport } from 'artifact-model/member-data';
import { apiRequest } from 'shared-ui';

const ME = '/api/me';

export const fetchMyData = () => apiRequest<MyDataExport>(`${ME}/export`);

export const closeMyAccount = () =>
  apiRequest<{ success: boolean; message: string }>(ME, { method: 'DELETE' });
