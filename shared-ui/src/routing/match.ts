/**
 * Which route a pathname selects, decided as React Router decides it so that no route table has to change: every
 * route with a path is a branch (its path joined to its parents'), branches are ranked by score (a static segment
 * beats a dynamic one, which beats a splat; more segments beat fewer) with equal-scoring siblings tried in their
 * order, and the first branch whose pattern matches wins. Matching ignores case and trailing slashes.
 * Supported patterns: static segments, `:param` segments and a final `*`; no optional (`?`) segments.
 */

export interface RouteDefinition {
  path?: string;
  children: readonly RouteDefinition[];
}

export type Params = Readonly<Partial<Record<string, string>>>;

export interface Branch<R> {
  /** The route and its ancestors, outermost first. */
  routes: R[];
  score: number;
  /** Each route's index among its siblings, outermost first: the tie-break between siblings. */
  order: number[];
  pattern: RegExp;
  paramNames: string[];
}

export interface RouteMatch<R> {
  routes: R[];
  params: Params;
}

// React Router's weights, so that ranking agrees with it.
const STATIC = 10;
const DYNAMIC = 3;
const EMPTY = 1;
const SPLAT_PENALTY = -2;

function score(path: string): number {
  const segments = path.split('/');
  const initial = segments.length + (segments.includes('*') ? SPLAT_PENALTY : 0);
  return segments
    .filter((s) => s !== '*')
    .reduce((sum, s) => sum + (/^:[\w-]+$/.test(s) ? DYNAMIC : s === '' ? EMPTY : STATIC), initial);
}

function compile(path: string): Pick<Branch<unknown>, 'pattern' | 'paramNames'> {
  if (path.includes('?')) throw new Error(`Route path "${path}": optional segments are not supported.`);
  const paramNames: string[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '') // the splat and trailing slashes are handled below
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        paramNames.push(name);
        return '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    paramNames.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return { pattern: new RegExp(source, 'i'), paramNames };
}

/** Every branch of a route tree, best first. */
export function rankBranches<R extends RouteDefinition>(routes: readonly R[]): Branch<R>[] {
  const branches: Branch<R>[] = [];
  const visit = (level: readonly R[], parentPath: string, parents: R[], order: number[]) =>
    level.forEach((route, i) => {
      const path =
        route.path === undefined
          ? parentPath
          : (route.path.startsWith('/') ? route.path : `${parentPath}/${route.path}`).replace(/\/\/+/g, '/');
      const chain = [...parents, route];
      visit(route.children as readonly R[], path, chain, [...order, i]);
      // A route without a path (a layout) only ever matches through its children.
      if (route.path !== undefined) {
        branches.push({ routes: chain, score: score(path), order: [...order, i], ...compile(path) });
      }
    });
  visit(routes, '', [], []);
  const siblings = (a: number[], b: number[]) =>
    a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i])
      ? a[a.length - 1]! - b[b.length - 1]!
      : 0;
  // Array.prototype.sort is stable: non-siblings with equal scores keep the order they were declared in.
  return branches.sort((a, b) => b.score - a.score || siblings(a.order, b.order));
}

/** Decodes each segment, keeping an encoded '/' encoded so that it cannot split a segment. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname; // malformed percent-encoding: match it as it is
  }
}

export function matchBranches<R>(branches: readonly Branch<R>[], pathname: string): RouteMatch<R> | null {
  const decoded = decodePath(pathname);
  for (const { pattern, paramNames, routes } of branches) {
    const found = pattern.exec(decoded);
    if (!found) continue;
    const params: Record<string, string> = {};
    paramNames.forEach((name, i) => {
      params[name] = (found[i + 1] ?? '').replace(/%2F/g, '/');
    });
    return { routes, params };
  }
  return null;
}
