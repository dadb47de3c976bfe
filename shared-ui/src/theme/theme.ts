/** Heritage Vault's palette: dark brown with gold, on parchment. Every colour and size a page uses comes from here. */
export const theme = {
  colors: {
    brownDark: '#2e1f14',
    brown: '#4a3222',
    brownMid: '#6b4a33',
    brownLight: '#8b6a4f',
    gold: '#c9a23a',
    goldLight: '#e4c77a',
    // Gold for text on light backgrounds: dark enough for 4.5:1 on white and parchment (WCAG AA).
    goldDark: '#80661c',
    parchment: '#f7f1e5',
    parchmentDark: '#ece2cf',
    white: '#ffffff',
    text: '#2b2118',
    textMuted: '#6a5a4b',
    danger: '#a5361f',
    dangerBg: '#fbe9e4',
    success: '#3f6b35',
    focus: '#1f5fbf',
    overlay: 'rgba(30, 20, 12, 0.55)',
  },
  fonts: {
    heading: "'Playfair Display', Georgia, 'Times New Roman', serif",
    body: "Lato, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.875rem',
    display: 'clamp(2rem, 5vw, 3.5rem)',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    section: '4.5rem',
  },
  radii: { sm: '4px', md: '8px', lg: '14px', round: '999px' },
  shadows: {
    card: '0 2px 10px rgba(46, 31, 20, 0.10)',
    raised: '0 10px 28px rgba(46, 31, 20, 0.18)',
    nav: '0 2px 12px rgba(46, 31, 20, 0.14)',
  },
  breakpoints: { sm: '640px', md: '768px', lg: '1024px' },
  layout: { maxWidth: '1200px', navHeight: '64px' },
  zIndex: { nav: 100, menu: 110, toast: 9999 },
} as const;

export type Theme = typeof theme;

/** Media queries written once: `${media.md} { ... }` applies from the md breakpoint up. */
export const media = {
  sm: `@media (min-width: ${theme.breakpoints.sm})`,
  md: `@media (min-width: ${theme.breakpoints.md})`,
  lg: `@media (min-width: ${theme.breakpoints.lg})`,
} as const;

// Every styled component in every app sees this theme's type.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
