import { useState } from 'react';
import { artifactsChanged, Button, toast, useAuthStore, useNavigate } from 'shared-ui';
import styled from 'styled-components';
import { closeMyAccount, fetchMyData } from './account-api';
import { confirmAndCloseAccount } from './close-account-dialog';
import {
  ACCOUNT_CLOSED,
  CLOSE_ACCOUNT,
  DOWNLOAD_DATA,
  DOWNLOAD_FAILED,
  DOWNLOADING_DATA,
  EXPORT_FILE_NAME,
  YOUR_DATA_INTRO,
} from './profile-texts';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  > * {
    flex: 1 1 200px;
  }
`;

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Saves `data` as a JSON file through the browser's own download. */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has started from the link's click; the object URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The member's data (issue #47): a copy as JSON, and closing the account, which signs them out. */
export function YourDataPanel() {
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      saveJson(await fetchMyData(), EXPORT_FILE_NAME);
    } catch {
      toast.error(DOWNLOAD_FAILED);
    } finally {
      setDownloading(false);
    }
  };

  const closeAccount = async () => {
    if (!(await confirmAndCloseAccount(closeMyAccount))) return;
    // Home first, committed before the sign-out (flushSync: React Router otherwise renders the move as a transition,
    // and the sign-out's render of this protected page would send the visitor to log in instead).
    await navigate('/', { replace: true, flushSync: true });
    await useAuthStore
      .getState()
      .logout()
      .catch(() => undefined);
    void artifactsChanged();
    toast.success(ACCOUNT_CLOSED);
  };

  return (
    <>
      <Intro>{YOUR_DATA_INTRO}</Intro>
      <Actions>
        <Button $variant="ghost" onClick={download} disabled={downloading} aria-busy={downloading}>
          {downloading ? DOWNLOADING_DATA : DOWNLOAD_DATA}
        </Button>
        <Button $variant="danger" onClick={closeAccount}>
          {CLOSE_ACCOUNT}
        </Button>
      </Actions>
    </>
  );
}
