import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTES } from '../../../shared-ui/vite-config/apps';
import type { PageRoute } from 'first-paint/page-route';
import { remotePages } from '../../../shared-ui/vite-config/pages';
import { ROUTES } from './route-table';
import { routeOf } from './router';

describe('the route table', () => {
  it('has the 13 routes of spec section 2', () => {
    expect(ROUTES.map((r) => r.path)).toEqual([
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
    ]);
  });

  it('protects exactly the six routes of spec section 6, each with its own toast', () => {
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

  it('gives every route a title', () => {
    for (const route of ROUTES) expect(route.title.trim()).not.toBe('');
  });

  // The remotes publish their pages' routes in their manifests; until the shell reads them there, its table must say
  // the same.
  it.each(Object.values(REMOTES))(
    "routes to $name's pages as their route modules declare them",
    async (remote) => {
      const root = join(__dirname, '../../..', remote.dir);
      const declared = await Promise.all(
        remotePages(root).map(async ({ expose, route }) => {
          const { path, title, loginToast, firstPaint } = (
            (await import(join(root, route))) as { default: PageRoute }
          ).default;
          return { path, title, loginToast, prerendered: firstPaint?.prerendered, page: expose.slice(2) };
        }),
      );
      const inTable = ROUTES.flatMap(({ path, title, loginToast, prerendered, source }) =>
        'remote' in source && source.remote === remote.name
          ? [{ path, title, loginToast, prerendered, page: source.page }]
          : [],
      );
      expect(declared).toEqual(expect.arrayContaining(inTable));
      expect(inTable).toHaveLength(declared.length);
    },
  );

  it('finds the route that shows a path, parameters and a trailing slash included, and * for the rest', () => {
    expect(routeOf('/').path).toBe('/');
    expect(routeOf('/about/').path).toBe('/about');
    expect(routeOf('/artifact-details/abc123').path).toBe('/artifact-details/:id');
    expect(routeOf('/artifact-details/abc/extra').path).toBe('*');
    expect(routeOf('/no-such-page').path).toBe('*');
  });

  it('matches paths whatever their case, as the router renders them', () => {
    expect(routeOf('/About').path).toBe('/about');
    expect(routeOf('/ARTIFACT-DETAILS/AbC').path).toBe('/artifact-details/:id');
  });
});
