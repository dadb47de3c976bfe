import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
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
} from './router';

/** Shows where the router is: path, how it got there, the entry's state and key. */
function Probe() {
  const { pathname, search, hash, state, key } = useLocation();
  return (
    <output data-testid="probe" data-key={key}>
      {`${useNavigationType()} ${pathname}${search}${hash} ${JSON.stringify(state)}`}
    </output>
  );
}
const probe = () => screen.getByTestId('probe').textContent;

function renderAt(path: string, ui: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <Probe />
    </MemoryRouter>,
  );
}

/**
 * A plain left click, or whatever `init` says; true when the router took the click (prevented its default). The
 * default is then prevented anyway, after React has seen the click: happy-dom would really open the link.
 */
function click(element: Element, init: MouseEventInit = {}): boolean {
  let taken = false;
  const afterReact = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', afterReact);
  fireEvent.click(element, { button: 0, ...init });
  document.removeEventListener('click', afterReact);
  return taken;
}

describe('navigation', () => {
  it('starts on the last initial entry as a POP with the default key', () => {
    renderAt('/about?tab=1#team', null);
    expect(probe()).toBe('POP /about?tab=1#team null');
    expect(screen.getByTestId('probe').dataset.key).toBe('default');
  });

  it('follows a link as a PUSH with a new key, and a link to the current page as a REPLACE', () => {
    renderAt('/', <Link to="/about">About</Link>);
    click(screen.getByRole('link', { name: 'About' }));
    expect(probe()).toBe('PUSH /about null');
    const key = screen.getByTestId('probe').dataset.key;
    expect(key).not.toBe('default');
    click(screen.getByRole('link', { name: 'About' }));
    expect(probe()).toBe('REPLACE /about null');
    expect(screen.getByTestId('probe').dataset.key).not.toBe(key);
  });

  it('navigates with replace and state, and to a search on the current page', () => {
    function Buttons() {
      const navigate = useNavigate();
      return (
        <>
          <button onClick={() => navigate('/login', { replace: true, state: { from: '/profile' } })}>
            login
          </button>
          <button onClick={() => navigate('?page=2')}>page 2</button>
        </>
      );
    }
    renderAt('/profile#top', <Buttons />);
    fireEvent.click(screen.getByText('login'));
    expect(probe()).toBe('REPLACE /login {"from":"/profile"}');
    fireEvent.click(screen.getByText('page 2'));
    expect(probe()).toBe('PUSH /login?page=2 null');
  });

  it('keeps the page on screen while another one suspends, but shows a new search on the same page at once', async () => {
    const never = new Promise<never>(() => undefined);
    /** Suspends for good on '/slow', or on '/' with ?q=slow. */
    function Page() {
      const { pathname, search } = useLocation();
      const navigate = useNavigate();
      if (pathname === '/slow' || search === '?q=slow') throw never;
      return (
        <>
          <p>page {pathname}</p>
          <button onClick={() => setTimeout(() => navigate('/slow'))}>other page</button>
          <button onClick={() => setTimeout(() => navigate('?q=slow'))}>search</button>
        </>
      );
    }
    const ui = (
      <MemoryRouter initialEntries={['/']}>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </MemoryRouter>
    );

    const first = render(ui);
    // From a timer, as the search box's pause and a lazy page's chunk are: no input event makes them urgent.
    fireEvent.click(screen.getByText('other page'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('page /')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    first.unmount();

    render(ui);
    fireEvent.click(screen.getByText('search'));
    await waitFor(() => expect(screen.getByText('loading')).toBeTruthy());
  });

  it('refuses relative paths and protocol-relative ones', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderAt('/', <Link to="about">About</Link>)).toThrow(/Only absolute paths/);
    expect(() => renderAt('/', <Navigate to="//evil.example/x" />)).toThrow(/Only absolute paths/);
    vi.restoreAllMocks();
  });

  it('redirects with <Navigate>, replacing the entry and passing state', () => {
    renderAt(
      '/profile',
      <Routes>
        <Route path="/profile" element={<Navigate to="/login" replace state={{ from: '/profile' }} />} />
        <Route path="/login" element={<h1>Login</h1>} />
      </Routes>,
    );
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(probe()).toBe('REPLACE /login {"from":"/profile"}');
  });

  it('tells a hook used outside a router what is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow(
      'useLocation() may be used only inside <BrowserRouter> or <MemoryRouter>.',
    );
    vi.restoreAllMocks();
  });
});

describe('the browser history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('writes the address bar, and Back comes back as a POP with the entry state', async () => {
    window.history.replaceState(null, '', '/start');
    function GoWithState() {
      const navigate = useNavigate();
      return <button onClick={() => navigate('/next?x=1', { state: { n: 1 } })}>go</button>;
    }
    render(
      <BrowserRouter>
        <GoWithState />
        <Link to="/last">last</Link>
        <Probe />
      </BrowserRouter>,
    );
    expect(probe()).toBe('POP /start null');
    fireEvent.click(screen.getByText('go'));
    expect(window.location.pathname + window.location.search).toBe('/next?x=1');
    expect(probe()).toBe('PUSH /next?x=1 {"n":1}');
    click(screen.getByRole('link', { name: 'last' }));
    expect(probe()).toBe('PUSH /last null');
    await act(async () => window.history.back());
    await waitFor(() => expect(probe()).toBe('POP /next?x=1 {"n":1}'));
  });
});

describe('links', () => {
  it('leave modified clicks, other buttons and other targets to the browser', () => {
    renderAt(
      '/',
      <>
        <Link to="/about">About</Link>
        <Link to="/contact" target="_blank">
          Contact
        </Link>
      </>,
    );
    const about = screen.getByRole('link', { name: 'About' });
    expect(about.getAttribute('href')).toBe('/about');
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey']) {
      expect(click(about, { [modifier]: true })).toBe(false);
    }
    expect(click(about, { button: 1 })).toBe(false);
    expect(click(screen.getByRole('link', { name: 'Contact' }))).toBe(false);
    expect(probe()).toBe('POP / null');
    expect(click(about)).toBe(true);
    expect(probe()).toBe('PUSH /about null');
  });

  it('run their own onClick first, and stay put when it prevents the default', () => {
    const onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderAt(
      '/',
      <Link to="/about" onClick={onClick}>
        About
      </Link>,
    );
    click(screen.getByRole('link', { name: 'About' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(probe()).toBe('POP / null');
  });

  it('treat a URL of another origin as a plain link, and one of this origin as a route', () => {
    renderAt(
      '/',
      <>
        <Link to="https://elsewhere.example/page">Elsewhere</Link>
        <Link to={`${window.location.origin}/about?x=1`}>Here</Link>
      </>,
    );
    const elsewhere = screen.getByRole('link', { name: 'Elsewhere' });
    expect(elsewhere.getAttribute('href')).toBe('https://elsewhere.example/page');
    expect(click(elsewhere)).toBe(false);
    const here = screen.getByRole('link', { name: 'Here' });
    expect(here.getAttribute('href')).toBe('/about?x=1');
    expect(click(here)).toBe(true);
    expect(probe()).toBe('PUSH /about?x=1 null');
  });

  it('pass other props and the ref to the anchor', () => {
    let anchor: HTMLAnchorElement | null = null;
    renderAt(
      '/',
      <Link to="/about" className="button" aria-label="About us" ref={(a) => void (anchor = a)}>
        About
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'About us' });
    expect(link.className).toBe('button');
    expect(anchor).toBe(link);
  });
});

describe('NavLink', () => {
  const links = (
    <nav>
      <NavLink to="/" end>
        Home
      </NavLink>
      <NavLink to="/artifacts" className="nav">
        Artifacts
      </NavLink>
      <NavLink to="/artifacts" end>
        Exactly artifacts
      </NavLink>
      <NavLink to="/art">Art</NavLink>
    </nav>
  );
  const state = (name: string) => {
    const link = screen.getByRole('link', { name });
    return `${link.className}|${link.getAttribute('aria-current')}`;
  };

  it('is active with aria-current="page" on its path, whatever the case', () => {
    renderAt('/Artifacts', links);
    expect(state('Artifacts')).toBe('nav active|page');
    expect(state('Exactly artifacts')).toBe('active|page');
    expect(state('Home')).toBe('|null');
    expect(state('Art')).toBe('|null');
  });

  it('is active below its path unless `end`, and "/" with `end` only on the home page', () => {
    renderAt('/artifacts/42', links);
    expect(state('Artifacts')).toBe('nav active|page');
    expect(state('Exactly artifacts')).toBe('|null');
    expect(state('Home')).toBe('|null');
    click(screen.getByRole('link', { name: 'Home' }));
    expect(state('Home')).toBe('active|page');
    expect(state('Artifacts')).toBe('nav|null');
  });
});

describe('useSearchParams', () => {
  function Search() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p data-testid="q">{params.get('q') ?? '(none)'}</p>
        <button onClick={() => setParams({ q: 'vase' })}>set</button>
        <button
          onClick={() =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set('type', 'Jewelry');
                return next;
              },
              { replace: true },
            )
          }
        >
          add type
        </button>
        <button onClick={() => setParams(new URLSearchParams())}>clear</button>
      </>
    );
  }

  it('reads the query, pushes a new one, updates it in place, and drops the hash', () => {
    renderAt('/all?q=lyre#results', <Search />);
    expect(screen.getByTestId('q').textContent).toBe('lyre');
    fireEvent.click(screen.getByText('add type'));
    expect(probe()).toBe('REPLACE /all?q=lyre&type=Jewelry null');
    fireEvent.click(screen.getByText('set'));
    expect(probe()).toBe('PUSH /all?q=vase null');
    expect(screen.getByTestId('q').textContent).toBe('vase');
    fireEvent.click(screen.getByText('clear'));
    expect(probe()).toBe('PUSH /all null');
    expect(screen.getByTestId('q').textContent).toBe('(none)');
  });
});

describe('nested routes', () => {
  function Layout() {
    const [clicks, setClicks] = useState(0);
    return (
      <div>
        <button onClick={() => setClicks((n) => n + 1)}>layout clicked {clicks}</button>
        <Link to="/items/7">item 7</Link>
        <Link to="/items/a%20b">item a b</Link>
        <Link to="/elsewhere">elsewhere</Link>
        <Outlet />
      </div>
    );
  }
  function Item() {
    return <h1>Item {useParams().id}</h1>;
  }

  it('renders the child in the layout’s Outlet, with its params, keeping the layout’s state', () => {
    renderAt(
      '/',
      <Routes>
        <Route element={<Layout />}>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/items" element={<Outlet />}>
            <Route path=":id" element={<Item />} />
          </Route>
          <Route path="*" element={<h1>Not found</h1>} />
        </Route>
      </Routes>,
    );
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    fireEvent.click(screen.getByText('layout clicked 0'));
    click(screen.getByRole('link', { name: 'item 7' }));
    expect(screen.getByRole('heading', { name: 'Item 7' })).toBeTruthy();
    click(screen.getByRole('link', { name: 'item a b' }));
    expect(screen.getByRole('heading', { name: 'Item a b' })).toBeTruthy();
    click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeTruthy();
    // The layout was not remounted along the way.
    expect(screen.getByText('layout clicked 1')).toBeTruthy();
  });

  it('renders nothing in the Outlet of a parent matched on its own, and nothing at all when no route matches', () => {
    const table = (
      <Routes>
        <Route
          path="/items"
          element={
            <section data-testid="items">
              list
              <Outlet />
            </section>
          }
        >
          <Route path=":id" element={<Item />} />
        </Route>
      </Routes>
    );
    renderAt('/items', table);
    expect(screen.getByTestId('items').textContent).toBe('list');
    expect(screen.queryByRole('heading')).toBeNull();
    const { container } = render(<MemoryRouter initialEntries={['/people']}>{table}</MemoryRouter>);
    expect(container.innerHTML).toBe('');
  });

  it('gives useParams nothing outside <Routes>', () => {
    function Params() {
      return <p data-testid="params">{JSON.stringify(useParams())}</p>;
    }
    renderAt('/items/7', <Params />);
    expect(screen.getByTestId('params').textContent).toBe('{}');
  });
});
