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
