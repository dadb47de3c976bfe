/**
 * The one place for the web targets. `JS_BUDGETS` is checked by e2e/tests/qa/js-budget.spec.ts on every journey
 * run; the web benchmark prints the same figure (critical-path JavaScript, as bench/web/critical-path.ts defines
 * it) next to it. Bytes are as transferred, compressed as served; 1 KB = 1000 bytes.
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
 * Critical-path JavaScript budget per route (the route table's path), in bytes. `/` is issue #9's target. The
 * others were set from bench/results/web.md (see bench/README.md): the measured figure plus about 10 % headroom,
 * rounded up to 5 KB (measured on commit 5139e1f), so today's build passes them and a regression of a chunk's
 * worth fails. Tighten them as the bundles shrink.
 */
export const JS_BUDGETS: Record<string, number> = {
  '/': HOME_TARGETS.criticalJsBytes, // measured 311.0 KB: fails until the bundles shrink
  '/all-artifacts': 325_000, // measured 291.8 KB
  '/about': 320_000, // 290.5 KB
  '/contact': 320_000, // 290.8 KB
  '/login': 275_000, // 249.6 KB
  '/register': 275_000, // 249.6 KB
  '*': 275_000, // 247.0 KB: the not-found page, the shell alone
  // Protected routes, signed in: Firebase is on their critical path.
  '/artifact-details/:id': 360_000, // 324.9 KB
  '/add-artifact': 360_000, // 325.1 KB
  '/update-artifact/:id': 360_000, // 325.5 KB
  '/profile': 360_000, // 326.1 KB
  '/liked-artifacts': 360_000, // 323.4 KB
  '/my-artifacts': 380_000, // 344.7 KB
};
