import { useState } from 'react';
import { Button, toast } from 'shared-ui';
import styled from 'styled-components';
import { fetchMyData } from './account-api';
import { saveMemberData, type DataFormat } from './member-data-files';
import {
  DOWNLOAD_CSV,
  DOWNLOAD_FAILED,
  DOWNLOAD_JSON,
  DOWNLOADING_DATA,
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

/** Asks the API for the member's data (the export is the one source) and saves it in `formats`. */
export const downloadMemberData = async (formats: readonly DataFormat[]) =>
  saveMemberData(await fetchMyData(), formats);

/** The member's copy of their data (issues #47 and #55): JSON for programs, CSV for a spreadsheet. */
export function YourDataPanel() {
  const [downloading, setDownloading] = useState<DataFormat | null>(null);

  const download = async (format: DataFormat) => {
    setDownloading(format);
    try {
      await downloadMemberData([format]);
    } catch {
      toast.error(DOWNLOAD_FAILED);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <>
      <Intro>{YOUR_DATA_INTRO}</Intro>
      <Actions>
        {(
          [
            ['json', DOWNLOAD_JSON],
            ['csv', DOWNLOAD_CSV],
          ] as const
        ).map(([format, label]) => (
          <Button
            key={format}
            $variant="ghost"
            onClick={() => void download(format)}
            disabled={downloading !== null}
            aria-busy={downloading === format}
          >
            {downloading === format ? DOWNLOADING_DATA : label}
          </Button>
        ))}
      </Actions>
    </>
  );
}
