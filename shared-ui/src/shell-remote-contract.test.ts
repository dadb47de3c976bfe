import { describe, expect, it } from 'vitest';
import {
  kitRangeOf,
  pagesOf,
  publishedPage,
  SHELL_REMOTE_CONTRACT_VERSION,
  type PageRoute,
} from './shell-remote-contract';

describe('the shell-remote contract', () => {
  it("publishes a route module's path and handle as the manifest's page, in the fields released shells read", () => {
    const route: PageRoute = {
      path: '/artifact-details/:id',
      lazy: () => Promise.reject(new Error('not loaded to publish it')),
      handle: { title: 'Artifact Details', loginToast: 'Please login to view artifact details' },
    };
    expect(publishedPage(route)).toEqual({
      path: '/artifact-details/:id',
      title: 'Artifact Details',
      loginToast: 'Please login to view artifact details',
    });
    // A public page publishes no login toast at all, not an undefined one.
    expect(publishedPage({ path: '/about', handle: { title: 'About' } })).toStrictEqual({
      path: '/about',
      title: 'About',
    });
  });

  it("reads the kit range a remote was built against from its manifest's shared packages", () => {
    const manifest = {
      shared: [
        { name: 'react', requiredVersion: '^19.3.0' },
        { name: 'shared-ui', requiredVersion: '^1.10.0' },
      ],
    };
    expect(kitRangeOf(manifest)).toBe('^1.10.0');
    expect(kitRangeOf({ shared: [{ name: 'react' }] })).toBeUndefined();
  });

  it("reads a manifest's pages built to this contract's major, or before its version was written, and refuses another", () => {
    const pages = { About: { path: '/about', title: 'About' } };
    expect(pagesOf({ pages })).toBe(pages);
    expect(pagesOf({ pages, shellRemoteContract: SHELL_REMOTE_CONTRACT_VERSION })).toBe(pages);
    expect(pagesOf({ pages, shellRemoteContract: '1.7.0' })).toBe(pages);
    expect(() => pagesOf({ pages, shellRemoteContract: '2.0.0' })).toThrow(
      `its manifest was built to the shell-remote contract 2.0.0; this side reads ${SHELL_REMOTE_CONTRACT_VERSION}`,
    );
  });

  it('refuses a manifest that publishes no pages: a release built before route modules, which kit 2 does not run', () => {
    expect(() => pagesOf({})).toThrow(
      'its manifest publishes no pages: a release built before route modules (kit 1.7 or older)',
    );
  });
});
