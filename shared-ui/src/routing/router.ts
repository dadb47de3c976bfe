/**
 * The router every app uses, exported by the kit: a small router of our own (History API, a route matcher ranked
 * like React Router's, and the declarative API the apps use), in place of React Router, which cost ~10 KB
 * compressed on every page's critical path. It travels with the kit's singleton, so every remote sees the shell's
 * one router context. Its API is a subset of React Router 7's declarative one, with the same semantics:
 * - <BrowserRouter>, <MemoryRouter initialEntries>; <Routes> of <Route path element> (nested, with <Outlet />,
 *   pathless layout routes, `:param` and a final `*`); no index routes, optional segments or caseSensitive.
 * - <Link to replace state>, <NavLink end> (class "active", aria-current="page"), <Navigate to replace state>;
 *   `to` is an absolute path, a '?search' on the current page or a full URL: no relative paths, no objects.
 * - useNavigate() (navigate(to, { replace, state }), no numbers), useLocation(), useNavigationType(), useParams(),
 *   useSearchParams() (setter takes a value or a function of the current params, and { replace, state }).
 */
export {
  BrowserRouter,
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
} from './navigation';
export { Outlet, Route, Routes, useParams } from './routes';
export { Link, Navigate, NavLink } from './links';
export type { Location } from './history';
