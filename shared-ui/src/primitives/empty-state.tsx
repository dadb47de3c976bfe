import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';

const Box = styled.section`
  text-align: center;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.white};
  border: 1px dashed ${({ theme }) => theme.colors.brownLight};
  border-radius: ${({ theme }) => theme.radii.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

export function EmptyState({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <Box>
      {title ? <h2>{title}</h2> : null}
      {children}
    </Box>
  );
}

/** A failed load, kept on the page after its toast has gone (the toast is what screen readers announce), with a retry. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <EmptyState title={title}>
      <Button onClick={onRetry}>Try Again</Button>
    </EmptyState>
  );
}
