import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { describe, expect, it, vi } from 'vitest';
import { kitContract, KitMismatchError, kitMismatchOf } from './kit-contract';

const provided = vi.hoisted(() => ({ version: '1.1.0' }));
vi.mock('@module-federation/runtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@module-federation/runtime')>()),
  // The shell's own federation instance: the kit it provides.
  getInstance: () => ({ options: { shared: { 'shared-ui': [{ version: provided.version }] } } }),
}));

type SnapshotArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadRemoteSnapshot']>>[0];

/** What the runtime hands the hook for a remote's manifest that requires `kit`. */
function manifestRequiring(kit: string): SnapshotArgs {
  return {
    moduleInfo: { name: 'mf_account', entry: 'http://localhost:5176/mf-manifest.json' },
    manifestJson: {
      metaData: { buildInfo: { buildVersion: '1.3.0+9.abc1234' } },
      shared: [{ name: 'shared-ui', requiredVersion: kit }],
    },
    from: 'manifest',
  } as unknown as SnapshotArgs;
}

/** The hook runs synchronously: it decides before the runtime loads anything of the remote. */
const check = (kit: string) => kitContract().loadRemoteSnapshot!(manifestRequiring(kit));

describe('the kit contract', () => {
  it('runs a remote built for this kit, or for an older minor or patch of its major, and names its release', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    for (const kit of ['^1.1.0', '^1.0.0', '^1.0.3', '~1.1.0']) expect(check(kit)).toBeTruthy();
    expect(info).toHaveBeenCalledWith('Heritage Vault: mf_account 1.3.0+9.abc1234 (shared-ui ^1.1.0)');
    expect(kitMismatchOf('mf_account')).toBeUndefined();
  });

  it('refuses a remote built for another major, or for a newer minor than this shell provides, naming both', () => {
    for (const kit of ['^2.0.0', '^0.9.0', '^1.2.0']) {
      expect(() => check(kit)).toThrow(KitMismatchError);
      expect(kitMismatchOf('mf_account')).toMatchObject({
        required: kit,
        provided: '1.1.0',
        release: '1.3.0+9.abc1234',
      });
    }
    expect(kitMismatchOf('mf_account')?.message).toBe(
      'mf_account 1.3.0+9.abc1234 was built for shared-ui ^1.2.0; this shell provides shared-ui 1.1.0, which does not satisfy it, so mf_account is not run',
    );
    // A compatible release promoted after it clears the refusal.
    check('^1.1.0');
    expect(kitMismatchOf('mf_account')).toBeUndefined();
  });
});
