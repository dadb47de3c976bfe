/**
 * The teams' modules, as their pipelines see them (stack/pipeline.ts): each package of the workspace, the folder it
 * owns, and the journeys that are its own. A journey carries the tag of every module whose pages it opens
 * (fixtures/test.ts checks it against the code the journey's browser loaded), so `--grep @account` picks the account
 * team's journeys and the cross-module ones that touch its pages.
 */
export interface Module {
  /** The package's folder, which is also its pnpm and vitest project name. */
  dir: string;
  /**
   * The journeys its pipeline runs: those carrying this tag; 'all' for a module every page depends on (the API);
   * 'everything' for a module whose change is everyone's (the kit, the shell): its pipeline is the whole of `pnpm test`.
   */
  journeys: `@${string}` | 'all' | 'everything';
  /** `pnpm build` builds it (the kit is built into each app instead). */
  buildable: boolean;
}

export const MODULES = {
  'shared-ui': { dir: 'shared-ui', journeys: 'everything', buildable: false },
  // Where each app runs and how every app is built and served: a change to it is every app's.
  'site-config': { dir: 'site-config', journeys: 'everything', buildable: false },
  shell: { dir: 'shell', journeys: 'everything', buildable: true },
  // Every page is its answer (render/): the render service is run from its sources, not built.
  render: { dir: 'render', journeys: 'everything', buildable: false },
  'mf-catalogue': { dir: 'mf-catalogue', journeys: '@catalogue', buildable: true },
  'mf-artifact-editor': { dir: 'mf-artifact-editor', journeys: '@editor', buildable: true },
  'mf-account': { dir: 'mf-account', journeys: '@account', buildable: true },
  api: { dir: 'api', journeys: 'all', buildable: true },
} as const satisfies Record<string, Module>;

export type ModuleName = keyof typeof MODULES;

export const isModuleName = (name: string): name is ModuleName => Object.hasOwn(MODULES, name);

/** The tag of the journeys about the shell's own pages and layout (login, register, navigation, errors). */
export const SHELL_TAG = '@shell';

/** Each remote's tag, by federation name: what a journey that loads the remote's code must carry. */
export const REMOTE_TAGS = {
  mf_catalogue: MODULES['mf-catalogue'].journeys,
  mf_artifact_editor: MODULES['mf-artifact-editor'].journeys,
  mf_account: MODULES['mf-account'].journeys,
} as const;

/** Every module tag a journey may carry; each journey carries at least one. */
export const MODULE_TAGS: readonly string[] = [SHELL_TAG, ...Object.values(REMOTE_TAGS)];
