/**
 * <Routes> of <Route>s: the best-ranked route for the location is rendered inside its ancestors' elements, each
 * ancestor showing its child where it renders <Outlet />.
 */
import { Children, createContext, Fragment, isValidElement, useContext, type ReactNode } from 'react';
import { matchBranches, rankBranches, type Params, type RouteDefinition } from './match';
import { useLocation } from './navigation';

export interface RouteProps {
  /** Absolute, or relative to the parent route; `:name` segments and a final `*`. No path: a layout route. */
  path?: string;
  element?: ReactNode;
  children?: ReactNode;
}

interface RouteObject extends RouteDefinition {
  element?: ReactNode;
  children: RouteObject[];
}

const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

/** Declares a route; only <Routes> reads it, it never renders. */
export function Route(_props: RouteProps): ReactNode {
  throw new Error('A <Route> may be used only as a child of <Routes> or of another <Route>.');
}

function routesOf(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) routes.push(...routesOf(child.props.children));
    else if (child.type === Route) {
      const { path, element, children: nested } = child.props;
      routes.push({ path, element, children: routesOf(nested) });
    } else throw new Error('<Routes> takes only <Route> elements and fragments of them.');
  });
  return routes;
}

/**
 * Renders the matched route. A descendant <Routes> (inside a route's element) matches the whole pathname again,
 * not the rest of it as in React Router: no app nests them.
 */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const match = matchBranches(rankBranches(routesOf(children)), pathname);
  if (!match) return null;
  const { params } = match;
  // Same element types at the same depth from one location to the next, so a shared layout keeps its state.
  return match.routes.reduceRight<ReactNode>(
    (outlet, route) => (
      <RouteContext.Provider value={{ outlet, params }}>{route.element || outlet}</RouteContext.Provider>
    ),
    null,
  );
}

/** Where a layout route shows its matched child. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** The matched route's `:name` values (decoded), and `*` for a splat. Empty outside <Routes>. */
export function useParams(): Params {
  return useContext(RouteContext).params;
}
