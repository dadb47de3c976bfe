import { Link, media, useAuthStore } from 'shared-ui';
import styled from 'styled-components';
import { shownTo, type NavigationLink } from '../routes/route-table';
import { Brand } from './brand';

export const FOOTER_TAGLINE =
  'Preserving history one artifact at a time. Join our community of history enthusiasts and help document our shared cultural heritage.';

const Foot = styled.footer`
  background: ${({ theme }) => theme.colors.brownDark};
  color: ${({ theme }) => theme.colors.parchmentDark};
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  h2 {
    color: ${({ theme }) => theme.colors.goldLight};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  a {
    color: ${({ theme }) => theme.colors.parchmentDark};
  }
  a:hover {
    color: ${({ theme }) => theme.colors.goldLight};
  }
`;

const Columns = styled.div`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  grid-template-columns: 1fr;
  ${media.md} {
    grid-template-columns: 2fr 1fr;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const Copyright = styled.p`
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: ${({ theme }) => theme.space.xl} auto 0;
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid ${({ theme }) => theme.colors.brown};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * The footer (spec section 2) without the spec's four social icon links: the product has no social accounts, and
 * links to nowhere (`href="#"`) misled every visitor who followed them (issue #55; README's departures from the spec).
 * Its Quick Links are those the pages publish for it (route-table.ts, siteNavigation).
 */
export function Footer({ links }: { links: readonly NavigationLink[] }) {
  const signedIn = useAuthStore((s) => s.user !== null);
  return (
    <Foot>
      <Columns>
        <section>
          <Brand light />
          <p>{FOOTER_TAGLINE}</p>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">Quick Links</h2>
          <ul>
            {shownTo(links, signedIn).map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </Columns>
      <Copyright>© {new Date().getFullYear()} Heritage Vault. All rights reserved.</Copyright>
    </Foot>
  );
}
