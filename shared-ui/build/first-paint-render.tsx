/**
 * Runs inside the build's throwaway SSR server (first-paint.ts loads it with the app's own module graph, so React,
 * styled-components and the kit are the instances the page imports). Renders a component as a browser would show
 * it before any effect has run: no data, no signed-in member, no idle-time extras.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { MemoryRouter } from 'react-router-dom';
import { KitProvider, theme } from '../src/index';

export interface RenderedFirstPaint {
  html: string;
  css: string;
}

/** styled-components' own bookkeeping in its style tags: rules that match nothing and comments. */
const STYLED_BOOKKEEPING = /data-styled\.g\d+\[id="[^"]*"\]\{content:"[^"]*"\}|\/\*!sc\*\//g;

/**
 * `withGlobalStyle`: the layout brings the kit's global styles; a page rendered into that layout must not repeat
 * them. `path`: the location the router reports (a path no link matches leaves every navigation link inactive).
 */
export function renderFirstPaint(
  Component: ComponentType,
  { withGlobalStyle, path }: { withGlobalStyle: boolean; path: string },
): RenderedFirstPaint {
  // An empty cache of its own: a query renders its loading state, as before the page's request has answered.
  const routed = (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Component />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        withGlobalStyle ? (
          <KitProvider>{routed}</KitProvider>
        ) : (
          <ThemeProvider theme={theme}>{routed}</ThemeProvider>
        ),
      ),
    );
    const css = sheet
      .getStyleTags()
      .replace(/<\/?style[^>]*>/g, '')
      .replace(STYLED_BOOKKEEPING, '')
      .trim();
    return { html, css };
  } finally {
    sheet.seal();
  }
}
