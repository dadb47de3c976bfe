import type { ReactNode } from 'react';
import { media } from 'shared-ui';
import styled from 'styled-components';

/** A band of the Home page below the hero: full width background, content in the site's column. */
export const Band = styled.section<{ $tone?: 'light' | 'white' | 'dark' }>`
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md};
  background: ${({ $tone = 'light', theme }) =>
    $tone === 'white'
      ? theme.colors.white
      : $tone === 'dark'
        ? theme.colors.brownDark
        : theme.colors.parchment};
  ${media.md} {
    padding: ${({ theme }) => theme.space.section} ${({ theme }) => theme.space.xl};
  }
`;

export const Column = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
`;

const Heading = styled.header`
  text-align: center;
  margin-bottom: ${({ theme }) => theme.space.xl};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    margin: 0;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    margin: ${({ theme }) => theme.space.sm} 0 0;
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

export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: ReactNode }) {
  return (
    <Heading>
      <h2 id={id}>{title}</h2>
      {subtitle ? <p>{subtitle}</p> : null}
    </Heading>
  );
}
