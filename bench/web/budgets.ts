/**
 * The one place for the web targets. `JS_BUDGETS` is checked by e2e/tests/qa/js-budget.spec.ts on every journey
 * run; the web benchmark prints the same figure (live-page JavaScript, as bench/web/critical-path.ts defines it)
 * next to it. Bytes are as transferred, compressed as served; 1 KB = 1000 bytes.
 */

/** Issue #9's targets for the home page. */
export const HOME_TARGETS = {
  criticalJsBytes: 150_000,
  lcpUnthrottledMs: 400,
  lcpThrottledMs: 1500,
} as const;

/** What the bootcamp implementations of the same product measured on this machine (issue #9), for comparison. */
export const BOOTCAMP = {
  homeJsKb: '241-281',
  lcpUnthrottledMs: '764-884',
  lcpThrottledS: '3.6-6.5',
} as const;

/**
 * Live-page JavaScript budget per route (the route table's path), in bytes: everything requested before the live
 * page's heading is in the document (bench/web/critical-path.ts), measured by the budget journey on the build that
 * set it, plus about 5 % headroom, so a regression of a chunk's worth fails. It is the stricter of the two cuts:
 * on the routes with a prerendered first screen (`/`, `/about`, `/contact`) the critical path stops at the picture,
 * before any code file, the shell's included.
 *
 * The shell alone (the not-found page) costs 136.8 KB, of which React DOM is 57 KB and the federation runtime with
 * its share glue about 35 KB, paid even before any remote loads; its six share facades (about 4 KB) are preloaded
 * so that a remote page does not wait three round trips for them.
 */
export const JS_BUDGETS: Record<string, number> = {
  '/': 166_000, // measured 158.0 KB live (its first screen's critical path: no file, target 150 KB)
  '/all-artifacts': 163_500, // 155.6 KB
  '/about': 162_000, // 154.3 KB (first screen: no file)
  '/contact': 162_500, // 154.6 KB (first screen: no file)
  '/login': 145_500, // 138.8 KB
  '/register': 145_500, // 138.8 KB
  '*': 143_500, // 136.8 KB: the not-found page, the shell alone
  // Protected routes, signed in: Firebase is on their critical path.
  '/artifact-details/:id': 198_500, // 189.2 KB
  '/add-artifact': 220_500, // 210.2 KB (the form's validation brings zod)
  '/update-artifact/:id': 221_000, // 210.6 KB
  '/profile': 199_500, // 189.9 KB
  '/liked-artifacts': 197_000, // 187.6 KB
  '/my-artifacts': 217_000, // 206.5 KB
};
