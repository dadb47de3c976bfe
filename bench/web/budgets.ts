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
 * Critical-path JavaScript budget per route (the route table's path), in bytes: the figure measured by the budget
 * journey on the build that set it, plus about 5 % headroom, so a regression of a chunk's worth fails.
 *
 * `/` is above issue #9's 150 KB target (HOME_TARGETS): the shell alone (the not-found page) costs 132.6 KB, of
 * which React DOM is 57 KB and the federation runtime with its share glue about 30 KB, paid even before any remote
 * loads. The home page adds 21 KB of its own. bench/README.md says what would close the gap.
 */
export const JS_BUDGETS: Record<string, number> = {
  '/': 161_500, // measured 153.8 KB (target 150 KB, not met)
  '/all-artifacts': 159_000, // 151.4 KB
  '/about': 157_500, // 150.1 KB
  '/contact': 158_000, // 150.4 KB
  '/login': 141_500, // 134.6 KB
  '/register': 141_500, // 134.6 KB
  '*': 139_500, // 132.6 KB: the not-found page, the shell alone
  // Protected routes, signed in: Firebase is on their critical path.
  '/artifact-details/:id': 194_000, // 185.0 KB
  '/add-artifact': 216_500, // 206.0 KB (the form's validation brings zod)
  '/update-artifact/:id': 216_500, // 206.4 KB
  '/profile': 195_000, // 185.8 KB
  '/liked-artifacts': 192_500, // 183.4 KB
  '/my-artifacts': 212_500, // 202.3 KB
};
