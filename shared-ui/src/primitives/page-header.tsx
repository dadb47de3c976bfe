import type { ReactNode } from 'react';
import styled from 'styled-components';

const Header = styled.header`
  text-align: center;
  margin-bottom: ${({ theme }) => theme.space.xl};
  h1 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    margin: 0;
  }
  &::after {
    content: '';
    display: block;
    width: 72px;
    height: 3px;
    margin: ${({ theme }) => theme.space.md} auto 0;
    background: ${({ theme }) => theme.colors.gold};
    border-radius: 2px;
  }
`;

export function PageHeader({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <Header>
      <h1>{title}</h1>
      {subtitle ? <p>{subtitle}</p> : null}
    </Header>
  );
}
