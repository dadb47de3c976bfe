import type { ReactNode } from 'react';
import styled from 'styled-components';

const Header = styled.header`
  text-align: center;
  margin-bottom: ${({ theme }) => theme.space.xl};
  h1,
  h2 {
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

/** A page's title (h1), or a section's (`level` 2) with its `id` for the section's aria-labelledby. */
export function PageHeader({
  title,
  subtitle,
  level = 1,
  id,
}: {
  title: string;
  subtitle?: ReactNode;
  level?: 1 | 2;
  id?: string;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Header>
      <Heading id={id}>{title}</Heading>
      {subtitle ? <p>{subtitle}</p> : null}
    </Header>
  );
}
