import { describe, expect, it } from 'vitest';
import { matchBranches, rankBranches } from './match';

interface TestRoute {
  id: string;
  path?: string;
  children: TestRoute[];
}
const route = (id: string, path?: string, children: TestRoute[] = []): TestRoute => ({ id, path, children });

/** The ids of the matched route and its ancestors, and the params; null when nothing matches. */
function matchOf(routes: TestRoute[], pathname: string) {
  const found = matchBranches(rankBranches(routes), pathname);
  return found && { ids: found.routes.map((r) => r.id), params: found.params };
}

// The shell's table: a pathless layout around every page, and a catch-all.
const site = [
  route('layout', undefined, [
    route('home', '/'),
    route('all', '/all-artifacts'),
    route('details', '/artifact-details/:id'),
    route('not-found', '*'),
  ]),
];

describe('route matching', () => {
  it('finds a page inside its layout, and the catch-all only when nothing else matches', () => {
    expect(matchOf(site, '/')).toEqual({ ids: ['layout', 'home'], params: {} });
    expect(matchOf(site, '/all-artifacts')?.ids).toEqual(['layout', 'all']);
    expect(matchOf(site, '/nowhere/at/all')).toEqual({
      ids: ['layout', 'not-found'],
      params: { '*': 'nowhere/at/all' },
    });
  });

  it('ranks static over dynamic over splat, whatever the declared order', () => {
    const routes = [
      route('splat', '/a/*'),
      route('dynamic', '/a/:b'),
      route('static', '/a/new'),
      route('two', '/:x/:y'),
    ];
    expect(matchOf(routes, '/a/new')?.ids).toEqual(['static']);
    expect(matchOf(routes, '/a/old')?.ids).toEqual(['dynamic']);
    expect(matchOf(routes, '/a/old/deeper')).toEqual({ ids: ['splat'], params: { '*': 'old/deeper' } });
    // '/:x/:y' scores below '/a/:b' (one static segment beats a dynamic one).
    expect(matchOf(routes, '/b/c')).toEqual({ ids: ['two'], params: { x: 'b', y: 'c' } });
  });

  it('tries siblings with the same score in their order', () => {
    const routes = [route('first', '/x/:a'), route('second', '/x/:b')];
    expect(matchOf(routes, '/x/1')).toEqual({ ids: ['first'], params: { a: '1' } });
  });

  it('ignores trailing slashes and case', () => {
    expect(matchOf(site, '/all-artifacts/')?.ids).toEqual(['layout', 'all']);
    expect(matchOf(site, '/All-Artifacts//')?.ids).toEqual(['layout', 'all']);
    expect(matchOf(site, '/artifact-details/42/')?.params).toEqual({ id: '42' });
  });

  it('decodes params, keeping an encoded slash inside its segment', () => {
    expect(matchOf(site, '/artifact-details/Lyre%20of%20Ur')?.params).toEqual({ id: 'Lyre of Ur' });
    expect(matchOf(site, '/artifact-details/a%2Fb')).toEqual({
      ids: ['layout', 'details'],
      params: { id: 'a/b' },
    });
    // A real slash is a new segment: that is not a details page.
    expect(matchOf(site, '/artifact-details/a/b')?.ids).toEqual(['layout', 'not-found']);
    expect(matchOf(site, '/artifact-details/')?.ids).toEqual(['layout', 'not-found']);
  });

  it('matches a malformed percent-encoding as it is instead of throwing', () => {
    expect(matchOf(site, '/artifact-details/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
  });

  it('joins relative child paths to their parent, and a parent with a path matches on its own', () => {
    const routes = [route('users', 'users', [route('user', ':id'), route('new', 'new'), route('rest', '*')])];
    expect(matchOf(routes, '/users')?.ids).toEqual(['users']);
    expect(matchOf(routes, '/users/new')?.ids).toEqual(['users', 'new']);
    expect(matchOf(routes, '/users/7')).toEqual({ ids: ['users', 'user'], params: { id: '7' } });
    expect(matchOf(routes, '/users/7/edit')).toEqual({ ids: ['users', 'rest'], params: { '*': '7/edit' } });
    expect(matchOf(routes, '/people')).toBeNull();
  });

  it('gives a splat below a path the rest of the pathname, or nothing', () => {
    const routes = [route('files', '/files/*')];
    expect(matchOf(routes, '/files')?.params).toEqual({ '*': '' });
    expect(matchOf(routes, '/files/a/b%2Fc')?.params).toEqual({ '*': 'a/b/c' });
    expect(matchOf(routes, '/filesystem')).toBeNull();
  });

  it('refuses optional segments rather than matching them wrongly', () => {
    expect(() => rankBranches([route('opt', '/a/:b?')])).toThrow(/optional segments/);
  });
});
