import { Button } from 'shared-ui';
import styled from 'styled-components';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  text-align: center;
  background: ${({ theme }) => theme.colors.dangerBg};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.lg};
  color: ${({ theme }) => theme.colors.danger};
  p {
    margin: 0;
    font-weight: 700;
  }
`;

/** A failed load, kept on the page after its toast has gone (the toast is what screen readers announce), with a retry. */
export function LoadErrorNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box>
      <p>{message}</p>
      <Button $variant="secondary" onClick={onRetry}>
        Try Again
      </Button>
    </Box>
  );
}
