import { Link, media } from 'shared-ui';
import styled from 'styled-components';
import { Brand } from './brand';

export const FOOTER_TAGLINE =
  'Preserving history one artifact at a time. Join our community of history enthusiasts and help document our shared cultural heritage.';

export const QUICK_LINKS = [
  { to: '/all-artifacts', label: 'Browse Artifacts' },
  { to: '/add-artifact', label: 'Add Artifact' },
  { to: '/liked-artifacts', label: 'Liked Artifacts' },
] as const;

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d={d} fill="currentColor" />
  </svg>
);

// Placeholder targets, as the spec says: the community has no social accounts yet.
const SOCIAL_LINKS = [
  { label: 'Facebook', d: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z' },
  { label: 'X (Twitter)', d: 'M4 3h4.5l4 5.6L17.4 3H20l-6.2 7.3L21 21h-4.5l-4.4-6.1L6.9 21H4.3l6.6-7.7z' },
  {
    label: 'Instagram',
    d: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm5-3.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  },
  {
    label: 'LinkedIn',
    d: 'M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h4v1.7c.6-1 1.9-2 3.9-2 4 0 4.1 2.7 4.1 6V21h-4v-5.6c0-1.5 0-3.2-2-3.2s-2.2 1.5-2.2 3.1V21H10z',
  },
];

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
    grid-template-columns: 2fr 1fr 1fr;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const Social = styled.ul`
  display: flex !important;
  gap: ${({ theme }) => theme.space.md} !important;
  a {
    display: inline-flex;
    width: 40px;
    height: 40px;
    align-items: center;
    justify-content: center;
    border: 1px solid ${({ theme }) => theme.colors.brownLight};
    border-radius: 50%;
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

export function Footer() {
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
            {QUICK_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow">Follow Us</h2>
          <Social>
            {SOCIAL_LINKS.map((s) => (
              <li key={s.label}>
                <a href="#" aria-label={s.label} onClick={(e) => e.preventDefault()}>
                  {icon(s.d)}
                </a>
              </li>
            ))}
          </Social>
        </section>
      </Columns>
      <Copyright>© {new Date().getFullYear()} Heritage Vault. All rights reserved.</Copyright>
    </Foot>
  );
}
