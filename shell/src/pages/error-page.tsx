import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button, PageContainer, useDocumentTitle } from 'shared-ui';
import styled from 'styled-components';

export const ERROR_TITLE = 'Oops! Something went wrong';
export const ERROR_FALLBACK_MESSAGE = 'An unexpected error occurred';

const Panel = styled.section`
  text-align: center;
  max-width: 560px;
  margin: 0 auto;
  p { color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
`;

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || ERROR_FALLBACK_MESSAGE;
  if (error instanceof Error && error.message) return error.message;
  return ERROR_FALLBACK_MESSAGE;
}

/** The error page every route has (spec section 2). */
export function ErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Error');
  return (
    <PageContainer>
      <Panel role="alert">
        <h1>{ERROR_TITLE}</h1>
        <p>{messageOf(error)}</p>
        <Button onClick={() => window.location.reload()}>Try Again</Button>
      </Panel>
    </PageContainer>
  );
}
