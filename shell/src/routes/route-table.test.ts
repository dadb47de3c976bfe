import { publishedPage } from 'shared-ui/shell-remote-contract';
import { describe, expect, it } from 'vitest';
import { routeOf } from './router';
import { routesOf, siteNavigation } from './route-table';
import { SITE_ROUTES } from './test/published-pages';

const ROUTES = SITE_ROUTES;

describe("the site's routes, from the remotes' route modules and the shell's own", () => {
  it('are the 13 routes of spec section 2', () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual(
      [
        '/',
        '/all-artifacts',
        '/about',
        '/contact',
        '/login',
        '/register',
        '/add-artifact',
        '/profile',
        '/my-artifacts',
        '/liked-artifacts',
        '/artifact-details/:id',
        '/update-artifact/:id',
        '*',
      ].sort(),
    );
  });

  it('protect exactly the six routes of spec section 6, each with its own toast', () => {
    const toasts = Object.fromEntries(ROUTES.filter((r) => r.loginToast).map((r) => [r.path, r.loginToast]));
    expect(toasts).toEqual({
      '/add-artifact': 'Please login to add artifacts',
      '/profile': 'Please login to access your profile',
      '/my-artifacts': 'Please login to view your artifacts',
      '/liked-artifacts': 'Please login to view your liked artifacts',
      '/artifact-details/:id': 'Please login to view artifact details',
      '/update-artifact/:id': 'Please login to update artifacts',
    });
  });

  it('give every route a title', () => {
    for (const route of ROUTES) expect(route.title.trim()).not.toBe('');
  });

  it('find the route that shows a path, parameters and a trailing slash included, and * for the rest', () => {
    expect(routeOf('/', ROUTES).path).toBe('/');
    expect(routeOf('/about/', ROUTES).path).toBe('/about');
    expect(routeOf('/artifact-details/abc123', ROUTES).path).toBe('/artifact-details/:id');
    expect(routeOf('/artifact-details/abc/extra', ROUTES).path).toBe('*');
    expect(routeOf('/no-such-page', ROUTES).path).toBe('*');
  });

  it('match paths whatever their case, as the router renders them', () => {
    expect(routeOf('/About', ROUTES).path).toBe('/about');
    expect(routeOf('/ARTIFACT-DETAILS/AbC', ROUTES).path).toBe('/artifact-details/:id');
  });
});

describe("the site's navigation, from the links the pages' route modules publish", () => {
  const labelsAndPaths = (links: { to: string; label: string }[]) =>
    links.map(({ to, label }) => [label, to]);

  it("draws spec section 2's nav bar, footer and member menu: texts, order, paths", () => {
    const navigation = siteNavigation(ROUTES);
    expect(labelsAndPaths(navigation.navbar)).toEqual([
      ['Home', '/'],
      ['All Artifacts', '/all-artifacts'],
      ['Add Artifact', '/add-artifact'],
      ['About', '/about'],
      ['Contact', '/contact'],
    ]);
    expect(labelsAndPaths(navigation.footer)).toEqual([
      ['Browse Artifacts', '/all-artifacts'],
      ['Add Artifact', '/add-artifact'],
      ['Liked Artifacts', '/liked-artifacts'],
    ]);
    expect(labelsAndPaths(navigation['member-menu'])).toEqual([
      ['Profile', '/profile'],
      ['My Artifacts', '/my-artifacts'],
      ['Liked Artifacts', '/liked-artifacts'],
    ]);
    // Every spec link is for everyone who sees its navigation.
    expect(
      Object.values(navigation)
        .flat()
        .filter((link) => link.membersOnly),
    ).toEqual([]);
  });

  it('places a page another release publishes among the others by its order, members only as it says', () => {
    const added = routesOf('mf_new', {
      Timeline: {
        path: '/timeline',
        title: 'Timeline',
        links: [
          { in: 'navbar', label: 'Timeline', order: 45, membersOnly: true },
          { in: 'footer', label: 'Timeline', order: 5 },
        ],
      },
    });
    const navigation = siteNavigation([...ROUTES, ...added]);
    expect(navigation.navbar.map(({ label }) => label)).toEqual([
      'Home',
      'All Artifacts',
      'Add Artifact',
      'About',
      'Timeline',
      'Contact',
    ]);
    expect(navigation.navbar[4]).toEqual({ to: '/timeline', label: 'Timeline', membersOnly: true });
    expect(navigation.footer[0]).toEqual({ to: '/timeline', label: 'Timeline', membersOnly: false });
  });

  it('leaves out a link it cannot draw: to a path with parameters, or in a navigation the shell has not', () => {
    const navigation = siteNavigation([
      {
        path: '/artifact-details/:id',
        title: 'Details',
        links: [{ in: 'navbar', label: 'Details', order: 1 }],
      },
      // A later release's navigation, unknown to this shell.
      { path: '/map', title: 'Map', links: [{ in: 'sidebar' as 'navbar', label: 'Map', order: 1 }] },
    ]);
    expect(navigation).toEqual({ navbar: [], footer: [], 'member-menu': [] });
  });

  it("refuses, in the remote's build, a link to a page whose path has parameters, saying which", () => {
    expect(() =>
      publishedPage({
        path: '/update-artifact/:id',
        handle: { title: 'Update Artifact', links: [{ in: 'navbar', label: 'Update', order: 60 }] },
      }),
    ).toThrow('/update-artifact/:id cannot be linked from the navigation: its path has parameters');
  });
});
