import { describe, expect, it } from 'vitest';
import { EVERYTHING, modulesAmong, planFor } from './pipeline-plan.ts';

describe('planFor', () => {
  it("runs a remote's own checks and build, and the journeys carrying its tag", () => {
    expect(planFor(['mf-account'])).toEqual({
      title: 'mf-account',
      packages: ['mf-account'],
      builds: ['mf-account'],
      journeys: { grep: '@account' },
      againstADeployment: false,
    });
  });

  it('joins several modules: their checks and the journeys of any of their tags', () => {
    const plan = planFor(['mf-catalogue', 'mf-artifact-editor']);
    expect(plan.packages).toEqual(['mf-catalogue', 'mf-artifact-editor']);
    expect(plan.journeys).toEqual({ grep: '@catalogue|@editor' });
  });

  it('runs every journey for the API, which every page calls', () => {
    const plan = planFor(['api']);
    expect(plan.packages).toEqual(['api']);
    expect(plan.journeys).toBe('all');
    expect(plan.againstADeployment).toBe(false);
  });

  it("makes a change to the kit or the shell everyone's: the whole of pnpm test", () => {
    for (const module of ['shared-ui', 'shell'] as const) {
      expect(planFor([module])).toMatchObject({ ...EVERYTHING, title: expect.stringContaining(module) });
      expect(planFor(['mf-account', module]).packages).toBe('all');
    }
  });
});

describe('modulesAmong', () => {
  it("names the teams' modules among the changed packages", () => {
    expect(modulesAmong([{ name: 'mf-account' }])).toEqual(['mf-account']);
    expect(modulesAmong([{ name: 'api' }, { name: 'mf-catalogue' }])).toEqual(['api', 'mf-catalogue']);
  });

  it('says everything when the workspace root or the e2e harness changed', () => {
    expect(modulesAmong([{ name: 'heritage-vault' }])).toBe('everything');
    expect(modulesAmong([{ name: 'mf-account' }, { name: 'e2e' }])).toBe('everything');
  });
});
