import { describe, expect, it } from 'vitest';
import { routeOf } from './router';
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
