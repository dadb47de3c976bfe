import { Link } from 'shared-ui';
import styled from 'styled-components';

const BrandLink = styled(Link)<{ $light?: boolean }>`
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 700;
  text-decoration: none;
  white-space: nowrap;
  color: ${({ theme, $light }) => ($light ? theme.colors.parchment : theme.colors.brownDark)};
  /* Plain gold is too faint on the light navbar: WCAG AA wants 3:1 even for large text. */
  span {
    color: ${({ theme, $light }) => ($light ? theme.colors.gold : theme.colors.goldDark)};
  }
`;

/** The brand name split into two styled words. */
export function Brand({ light = false, onClick }: { light?: boolean; onClick?: () => void }) {
  return (
    <BrandLink to="/" $light={light} onClick={onClick} aria-label="Heritage Vault, home">
      Heritage <span>Vault</span>
    </BrandLink>
  );
}
