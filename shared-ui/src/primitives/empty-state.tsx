import type { ReactNode } from 'react';
import styled from 'styled-components';

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
