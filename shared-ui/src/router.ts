/**
 * React Router's own exports, which every app takes from the kit so every remote sees the shell's one router; why
 * through the kit and not a share of its own: docs/decisions.md, "Routing: React Router, shared through the kit".
 */
export {
  createBrowserRouter,
  // Server rendering (shell/src/server): the same routes answered on the server, then hydrated.
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  isRouteErrorResponse,
  redirect,
  type StaticHandlerContext,
  type HydrationState,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useBlocker,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRouteError,
  useSearchParams,
  type Blocker,
  type Location,
  type RouteObject,
  type LoaderFunction,
} from 'react-router-dom';
