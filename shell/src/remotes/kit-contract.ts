/**
 * The kit contract, checked before a remote's code runs (docs/releasing.md, "The kit contract"); a remote refused
 * shows the module fallback naming both versions (remote-unavailable.tsx).
 */
import { getInstance, satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { KIT, kitRangeOf } from 'shared-ui/shell-remote-contract';

export class KitMismatchError extends Error {
  constructor(
    readonly remote: string,
    /** The remote's release (its manifest's buildVersion). */
    readonly release: string,
    /** The kit range the remote was built against. */
    readonly required: string,
    /** The kit version this shell provides. */
    readonly provided: string,
  ) {
    super(
      `${remote} ${release} was built for ${KIT} ${required}; this shell provides ${KIT} ${provided}, which does not satisfy it, so ${remote} is not run`,
    );
    this.name = 'KitMismatchError';
  }
}

/** The last refusal of each remote: the runtime rethrows the plugin's error as its own, without the details. */
const refusals = new Map<string, KitMismatchError>();

export const kitMismatchOf = (remote: string): KitMismatchError | undefined => refusals.get(remote);

/** The kit version the page's federation runtime provides (the browser's one instance). */
const providedByPage = () => getInstance()?.options.shared[KIT]?.[0]?.version;

/**
 * A federation runtime plugin: checks each remote's manifest as it arrives, before any of its code loads. `provided`
 * is the kit the runtime provides: the render service's instance gives its own (src/server/render-page.tsx).
 */
export function kitContract(
  provided: () => string | undefined = providedByPage,
): ModuleFederationRuntimePlugin {
  return {
    name: 'heritage-kit-contract',
    loadRemoteSnapshot(args) {
      const remote = args.moduleInfo.name;
      refusals.delete(remote);
      const required = args.manifestJson && kitRangeOf(args.manifestJson);
      const kit = provided();
      const release = args.manifestJson?.metaData.buildInfo.buildVersion ?? 'unknown';
      if (required && kit && !satisfy(kit, required)) {
        const refusal = new KitMismatchError(remote, release, required, kit);
        refusals.set(remote, refusal);
        throw refusal;
      }
      // Which release of each module this page runs, for the team reading the console.
      if (args.manifestJson)
        console.info(`Heritage Vault: ${remote} ${release} (${KIT} ${required ?? 'any'})`);
      return args;
    },
  };
}
