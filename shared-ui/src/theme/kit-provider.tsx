import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { queryClient } from '../data/query-client';
import { GlobalStyle } from './global-style';
import { theme } from './theme';

/** The theme, global styles and the site's one data cache, as the shell and each remote's standalone page render them. */
export function KitProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
