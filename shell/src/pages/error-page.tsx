import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, PageContainer, useDocumentTitle, useLocation } from 'shared-ui';
import styled from 'styled-components';
import { reportPageError } from '../telemetry/page-notes';

export const ERROR_TITLE = 'Oops! Something went wrong';
export const ERROR_FALLBACK_MESSAGE = 'An unexpected error occurred';

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
  return ERROR_FALLBACK_MESSAGE;
}

/** The error page every route has (spec section 2). */
export function ErrorPage({ error }: { error: unknown }) {
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

interface BoundaryProps {
  children: ReactNode;
  /** The error is forgotten when this changes: a new route gets a fresh chance to render. */
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown; resetKey: string }> {
  state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
    reportPageError('error-boundary');
  }

  render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** Shows the error page in place of whatever throws below it, until the visitor moves to another page. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
