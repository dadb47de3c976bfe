import styled from 'styled-components';
import { media } from '../theme/theme';

/** The centred content column every page sits in. */
export const PageContainer = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: calc(${({ theme }) => theme.layout.navHeight} + ${({ theme }) => theme.space.xl})
    ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xxl};
  ${media.md} {
    padding-left: ${({ theme }) => theme.space.xl};
    padding-right: ${({ theme }) => theme.space.xl};
  }
`;

/** The most columns Grid has: a list's first row, at any width, is among its first this many items. */
export const GRID_MAX_COLUMNS = 3;

/**
 * 1, 2 or 3 columns by screen width (spec section 9). Each column is as wide as its share, never as its content: a
 * card's image whose width attribute (400 px) counted would push the one column of a phone past its 390 px screen.
 */
export const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: minmax(0, 1fr);
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(${GRID_MAX_COLUMNS}, minmax(0, 1fr));
  }
`;

export const Card = styled.article`
  background: ${({ theme }) => theme.colors.white};
  border: 1px solid ${({ theme }) => theme.colors.parchmentDark};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  overflow: hidden;
`;

/** A list of label and value pairs (`dt` / `dd`): labels bold, long values (e-mail addresses) wrap anywhere. */
export const DetailsList = styled.dl`
  margin: 0;
  dt {
    font-weight: 700;
    color: ${({ theme }) => theme.colors.brown};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
