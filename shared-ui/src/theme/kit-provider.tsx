import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import type { QueryClient } from '@tanstack/react-query';
import { queryClient } from '../data/query-client';
import { GlobalStyle } from './global-style';
import { theme } from './theme';

/**
 * The theme, global styles and the site's one data cache, as the shell and each remote's standalone page render them.
 * On the server each request brings its own cache (`client`): the module's one client would be shared by every visitor.
 */
export function KitProvider({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
