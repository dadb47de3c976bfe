/**
 * The site's router is React Router's, in data mode: the shell creates the one router (`createBrowserRouter`,
 * `<RouterProvider>`) from its route objects, which is what `useBlocker` (the unsaved-changes guard) needs. It travels inside the kit's
 * federation singleton rather than as a share of its own: a share cannot be tree-shaken (any remote may ask for any
 * export), so the whole package would cost every page about 56 KB compressed; re-exported here, the build keeps only
 * what the apps use. Every app imports routing from 'shared-ui' (a lint rule says so), so every remote sees the
 * shell's one router. React Router's documentation is true of these exports: they are its own.
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
  useSearchParams,
  type Blocker,
  type Location,
  type RouteObject,
  type LoaderFunction,
} from 'react-router-dom';
