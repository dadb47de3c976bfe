/**
 * The layout as index.html shows it before any JavaScript has run, prerendered at build time
 * (first-paint/vite/prerender-layout.ts): the sign-in state still unknown, the page still loading. The shell's head
 * start puts the route's prerendered page in place of the spinner when its remote publishes one. Its links are those
 * the route modules of the shell's checkout publish (BUILT_NAVIGATION); the app draws the live releases' once it runs.
 */
import { Route, Routes } from 'shared-ui';
import { PageLoading } from '../remotes/remote-page';
import { siteNavigation } from '../routes/route-table';
import { SITE_ROUTES } from '../routes/test/published-pages';
import { AppLayout } from './app-layout';

/** The navigation of the remotes built beside this shell (the head start's picture only). */
export const BUILT_NAVIGATION = siteNavigation(SITE_ROUTES);

export default function FirstPaintLayout() {
  return (
    <Routes>
      <Route element={<AppLayout navigation={BUILT_NAVIGATION} />}>
        <Route path="*" element={<PageLoading />} />
      </Route>
    </Routes>
  );
}
