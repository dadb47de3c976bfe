/**
 * What a pipeline runs (stack/pipeline.ts), from the modules it is for (stack/modules.ts): the packages whose lint,
 * type check and unit tests run, the apps it builds, and the journeys, by tag. A module whose change is everyone's (the
 * kit, the shell), the e2e harness or the workspace's own files make it the whole of `pnpm test`.
 */
import { isModuleName, MODULES, type ModuleName } from './modules.ts';

export interface Plan {
  /** What the pipeline is for, as its first line says. */
  title: string;
  /** Package folders whose lint, type check, unit tests run; 'all' for the whole workspace (`pnpm lint`, ...). */
  packages: readonly string[] | 'all';
  /** The apps it builds; 'all' is `pnpm build`. */
  builds: readonly string[] | 'all';
  /** The journeys: every one, those matching a `--grep` of module tags, or none. */
  journeys: 'all' | { grep: string } | 'none';
  /** Also run the page journeys against a stack `pnpm start` serves (E2E_BASE_URL): the whole suite only. */
  againstADeployment: boolean;
}

export const EVERYTHING: Plan = {
  title: 'every check of the workspace',
  packages: 'all',
  builds: 'all',
  journeys: 'all',
  againstADeployment: true,
};

/** The pipeline of one or more modules: each one's own checks and build, and the union of their journeys. */
export function planFor(modules: readonly ModuleName[]): Plan {
  if (!modules.length) throw new Error('planFor: no module');
  const chosen = modules.map((name) => MODULES[name]);
  if (chosen.some((module) => module.journeys === 'everything')) {
    return {
      ...EVERYTHING,
      title: `${modules.join(', ')}: everyone's (shared-ui and the shell run every check)`,
    };
  }
  const tags = chosen.flatMap((module) => (module.journeys.startsWith('@') ? [module.journeys] : []));
  return {
    title: modules.join(', '),
    packages: chosen.map((module) => module.dir),
    builds: chosen.filter((module) => module.buildable).map((module) => module.dir),
    journeys: chosen.some((module) => module.journeys === 'all') ? 'all' : { grep: tags.join('|') },
    againstADeployment: false,
  };
}

/**
 * The modules among the workspace packages pnpm's change filter selected (`pnpm ls -r --json --filter "...[base]"`):
 * 'everything' when a package that is not a team's module changed (the workspace root, e2e).
 */
export function modulesAmong(packages: ReadonlyArray<{ name: string }>): ModuleName[] | 'everything' {
  const names = packages.map((pkg) => pkg.name);
  if (names.some((name) => !isModuleName(name))) return 'everything';
  return names.filter(isModuleName);
}
