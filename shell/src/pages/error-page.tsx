import type { ErrorInfo } from 'react';
import { Button, PageContainer, useDocumentTitle, useRouteError } from 'shared-ui';
import styled from 'styled-components';
import { reportPageError } from '../telemetry/page-notes';

const Panel = styled.section`
  text-align: center;
  max-width: 560px;
  margin: 0 auto;
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred';
}

/**
 * The error page every route has (spec section 2): its `errorElement`, which React Router shows in place of what
 * threw until the visitor moves to another page.
 */
export function ErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Error');
  return (
    <PageContainer>
      <Panel role="alert">
        <h1>Oops! Something went wrong</h1>
        <p>{messageOf(error)}</p>
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </Panel>
    </PageContainer>
  );
}

/** The router's `onError` (main.tsx): once per error an error page shows, logged and counted (release health). */
export function reportRouteError(error: unknown, { errorInfo }: { errorInfo?: ErrorInfo }) {
  console.error('A page failed to render', error, errorInfo?.componentStack);
  reportPageError('error-boundary');
}
