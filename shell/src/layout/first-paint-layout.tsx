/**
 * The layout as index.html shows it before any JavaScript has run, prerendered at build time
 * (first-paint/vite/prerender-layout.ts): the sign-in state still unknown, the page still loading. The shell's head
 * start puts the route's prerendered page in place of the spinner when its remote publishes one.
 */
import { Route, Routes } from 'shared-ui';
import { PageLoading } from '../remotes/remote-page';
import { AppLayout } from './app-layout';

export default function FirstPaintLayout() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="*" element={<PageLoading />} />
      </Route>
    </Routes>
  );
}
