/**
 * The router every app uses, re-exported by the kit. React Router is not a federation share of its own: a shared
 * package is downloaded whole (no tree shaking across federated builds), and React Router's data-router half is
 * ~50 KB compressed that nobody here needs. Inside shared-ui it is tree-shaken to the declarative router below and
 * travels with the kit's singleton, so every remote still sees the shell's one router context.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
  type Location,
} from 'react-router';
