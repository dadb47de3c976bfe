import { useState } from 'react';
import { Button, Card, PageContainer } from 'shared-ui';
import styled from 'styled-components';
import { KitMismatchError } from './kit-contract';
import type { RemoteLoadError } from './remote-registry';

/** The remotes the shell knows by name, for what it says of each. */
export const REMOTE_LABELS: Record<string, string> = {
  mf_catalogue: 'catalogue',
  mf_artifact_editor: 'artifact editor',
  mf_account: 'account',
};

const Panel = styled(Card).attrs({ as: 'section' })`
  max-width: 560px;
  margin: 0 auto;
  text-align: center;
  padding: ${({ theme }) => theme.space.xl};
  border-top: 4px solid ${({ theme }) => theme.colors.gold};
`;

/** What a route shows when its remote cannot be reached; the rest of the site keeps working. */
export function RemoteUnavailable({ error, onRetry }: { error: RemoteLoadError; onRetry: () => void }) {
  const [retrying, setRetrying] = useState(false);
  const section = REMOTE_LABELS[error.remote] ?? error.remote;
  return (
    <PageContainer>
      <Panel role="alert" data-testid="remote-unavailable" data-remote={error.remote}>
        <h1>This section is unavailable</h1>
        {error.cause instanceof KitMismatchError ? (
          <p>
            The {section} part of Heritage Vault (release {error.cause.release}) was built for version{' '}
            {error.cause.required} of the site's shared kit, and this site provides version{' '}
            {error.cause.provided}, so it is not run. The rest of the site still works.
          </p>
        ) : (
          <p>
            The {section} part of Heritage Vault could not be loaded right now, so this page cannot be shown.
            The rest of the site still works.
          </p>
        )}
        <Button
          disabled={retrying}
          onClick={() => {
            setRetrying(true);
            onRetry();
          }}
        >
          {retrying ? 'Retrying...' : 'Retry'}
        </Button>
      </Panel>
    </PageContainer>
  );
}
