import { fireEvent, render, screen } from '@testing-library/react';
import {
  dehydrate,
  QueryClient,
  KitProvider,
  Link,
  Outlet,
  queryClient,
  takeServerAnswers,
  useAuthStore,
  useLocation,
} from 'shared-ui';
import { createMemoryRouter, RouterProvider } from 'shared-ui/test/render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadRemotePage } from '../remotes/remote-registry';
import { NOT_FOUND, type RouteEntry } from './route-table';
import { appRoutes, type RemoteOutage } from './router';

vi.mock('../remotes/remote-registry', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../remotes/remote-registry')>()),
  loadRemotePage: vi.fn(),
}));
const load = vi.mocked(loadRemotePage);

const routes: RouteEntry[] = [
  { path: '/', title: 'Home', source: { remote: 'mf_catalogue', page: 'Home' } },
  {
    path: '/about',
    title: 'About',
    source: { remote: 'mf_catalogue', page: 'About' },
    // The layout links it as its route publishes.
    links: [{ in: 'navbar', label: 'About', order: 40 }],
  },
  { path: '/contact', title: 'Contact', source: { remote: 'mf_catalogue', page: 'Contact' } },
  {
    path: '/profile',
    title: 'Profile',
    source: { remote: 'mf_account', page: 'Profile' },
    loginToast: 'Please login to access your profile',
  },
  { path: '/login', title: 'Login', source: { remote: 'mf_catalogue', page: 'LoginStandIn' } },
];

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{JSON.stringify(location)}</div>;
}

function renderAt(path: string, outage?: RemoteOutage) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: appRoutes([...routes, NOT_FOUND], outage),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <KitProvider>
      <RouterProvider router={router} />
    </KitProvider>,
  );
  return { location: () => JSON.parse(screen.getByTestId('location').textContent!) };
}

afterEach(() => {
  load.mockReset();
  useAuthStore.setState({ user: null, loading: true });
});

describe('the router', () => {
  it('shows Not Found on a path no route matches', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
  });

  it("shows, on a path no route matches while a remote's pages could not be read, that its section is unavailable, with a Retry that reads them again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const retry = vi.fn(async () => {});
    renderAt('/liked-artifacts', { unavailable: ['mf_account'], retry });
    const fallback = await screen.findByTestId('remote-unavailable');
    expect(fallback.dataset.remote).toBe('mf_account');
    expect(fallback.textContent).toContain('The account part of Heritage Vault could not be loaded');
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("shows the spec's error page inside the layout when a page throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    load.mockResolvedValue({
      default: () => {
        throw new Error('The featured list is malformed');
      },
    });
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The featured list is malformed')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('forgets the error once the visitor moves to another page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    load.mockImplementation(async (_remote, page) => ({
      default:
        page === 'Home'
          ? () => {
              throw new Error('The featured list is malformed');
            }
          : () => <h1>{page} page</h1>,
    }));
    renderAt('/');
    await screen.findByRole('heading', { name: 'Oops! Something went wrong' });
    fireEvent.click(screen.getAllByRole('link', { name: 'About' })[0]!);
    expect(await screen.findByRole('heading', { name: 'About page' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Oops! Something went wrong' })).toBeNull();
  });

  it("keeps the server's answers for the first page through a new query, and drops them once the visitor moves on", async () => {
    const answered = new QueryClient();
    answered.setQueryData(['first page'], 'from the server');
    takeServerAnswers(dehydrate(answered));
    const refetchOnMount = queryClient.getDefaultOptions().queries!.refetchOnMount as (
      query: object,
    ) => boolean;
    // TanStack's hash of the key ['first page'].
    const firstQuery = { queryHash: '["first page"]' };
    load.mockImplementation(async (_remote, page) => ({
      default: () => (
        <>
          <h1>{page} page</h1>
          <Link to="/contact?sort=name">Sort by name</Link>
        </>
      ),
    }));
    // Contact: loaded pages are cached for the whole session, and no other test loads it.
    const probe = renderAt('/contact');
    await screen.findByRole('heading', { name: 'Contact page' });
    fireEvent.click(screen.getByRole('link', { name: 'Sort by name' }));
    expect(probe.location().search).toBe('?sort=name');
    expect(refetchOnMount(firstQuery)).toBe(false);

    fireEvent.click(screen.getAllByRole('link', { name: 'About' })[0]!);
    await screen.findByRole('heading', { name: 'About page' });
    expect(refetchOnMount(firstQuery)).toBe(true);
  });

  it('sets the document title from the route table', async () => {
    // Another page than the one that threw above: loaded pages are cached for the whole session.
    load.mockResolvedValue({ default: () => <h1>About page</h1> });
    renderAt('/about');
    await screen.findByRole('heading', { name: 'About page' });
    expect(document.title).toBe('About - Heritage Vault');
  });

  it('shows a spinner on a protected route while sign-in state loads', async () => {
    useAuthStore.setState({ user: null, loading: true });
    renderAt('/profile');
    expect((await screen.findByRole('status')).textContent).toContain('Checking your sign-in...');
    expect(load).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to /login, remembering where they came from', async () => {
    useAuthStore.setState({ user: null, loading: false });
    load.mockResolvedValue({ default: () => <h1>Login stand-in</h1> });
    const probe = renderAt('/profile?tab=stats');
    await screen.findByRole('heading', { name: 'Login stand-in' });
    expect(probe.location().pathname).toBe('/login');
    expect(probe.location().state.from).toMatchObject({ pathname: '/profile', search: '?tab=stats' });
  });

  it('renders a protected page for a signed-in member', async () => {
    useAuthStore.setState({
      user: { uid: 'u', email: 'a@b.test', displayName: 'Ada', photoURL: null, createdAt: null },
      loading: false,
    });
    load.mockResolvedValue({ default: () => <h1>Profile page</h1> });
    renderAt('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeTruthy();
  });
});
