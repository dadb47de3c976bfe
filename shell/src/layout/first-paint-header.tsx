/**
 * The layout's header as index.html's head start shows it for the member a usable stored token (or Firebase, for a
 * returning member) names, before any code has run (first-paint/vite/prerender-layout.ts, prerenderLayout's
 * `memberHeader`): the same navigation bar, with the member's avatar where the sign-in buttons would be.
 */
import { BUILT_NAVIGATION } from './first-paint-layout';
import { Navbar } from './navbar';

export default function FirstPaintHeader() {
  return <Navbar navigation={BUILT_NAVIGATION} />;
}
