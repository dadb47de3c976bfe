import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REMOTES } from '../../../shared-ui/vite-config/apps';
import { exposedPagesByRemote, ROUTES } from './route-table';
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

  it.each(Object.values(REMOTES))('asks $name only for pages its vite config exposes', (remote) => {
    const config = readFileSync(join(__dirname, '../../..', remote.dir, 'vite.config.ts'), 'utf8');
    const exposed = [...config.matchAll(/'\.\/(\w+)':/g)].map((m) => m[1]);
    const wanted = exposedPagesByRemote()[remote.name as keyof typeof REMOTES];
    expect(wanted.length).toBeGreaterThan(0);
    expect(exposed).toEqual(expect.arrayContaining(wanted));
  });

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
