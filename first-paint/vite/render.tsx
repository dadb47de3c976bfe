/**
 * Runs inside the build's throwaway SSR server (prerender.ts loads it with the app's own module graph, so React,
 * styled-components and the kit are the instances the page imports). Renders a component as a browser would show
 * it before any effect has run: no idle-time extras, the sign-in still loading, and only the member and query answers
 * it is given (a picture of a page with data, head-start/picture.ts).
 */
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { KitProvider, theme, useAuthStore, type AuthUser } from 'shared-ui';

export interface RenderedPicture {
  html: string;
  css: string;
}

/** styled-components' own bookkeeping in its style tags: rules that match nothing and comments. */
const STYLED_BOOKKEEPING = /data-styled\.g\d+\[id="[^"]*"\]\{content:"[^"]*"\}|\/\*!sc\*\//g;

export interface PictureOptions {
  /** The layout brings the kit's global styles; a page rendered into that layout must not repeat them. */
  withGlobalStyle: boolean;
  /** The location the router reports (a path no link matches leaves every navigation link inactive). */
  path: string;
  /** The route pattern `path` opens ('/artifact-details/:id'), for the page's parameters. */
  route?: string;
  /** The member the stored token names, as the page sees them before Firebase answers; nobody by default. */
  member?: AuthUser | null;
  /** What the page's queries have answered; by default nothing, and each renders its loading state. */
  queries?: Array<[QueryKey, unknown]>;
}

export function renderPicture(
  Component: ComponentType,
  { withGlobalStyle, path, route = '*', member = null, queries = [] }: PictureOptions,
): RenderedPicture {
  // A cache of its own, holding only the answers given.
  const client = new QueryClient();
  for (const [key, data] of queries) client.setQueryData(key, data);
  // A data router, as the site's: a page may use what only data mode offers (useBlocker).
  const router = createMemoryRouter([{ path: route, element: <Component /> }], { initialEntries: [path] });
  const routed = (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const sheet = new ServerStyleSheet();
  const signedOut = useAuthStore.getState();
  // Before any code has run Firebase has not answered: the sign-in state is still loading, and a member drawn is the
  // stored token's word.
  useAuthStore.setState({ user: member, loading: true });
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
    useAuthStore.setState(signedOut, true);
  }
}
