import { ROOT } from './product.mjs';
import { repoWorkspaces, typecheckPlan } from './typecheck-plan.mjs';

const browser = (dir, options = { types: ['jest', 'node'] }) => ({
  dir,
  name: `@campus/${dir}`,
  hasTypecheck: true,
  tsconfig: { extends: '../tsconfig.base.json', compilerOptions: options, include: ['src'] },
});

describe('npm run typecheck: which workspaces share one program', () => {
  it('checks the workspaces of one shape together, and any other apart', () => {
    const plan = typecheckPlan([
      browser('shared'),
      browser('shell'),
      browser('remote-cart'),
      { ...browser('api', { types: ['node', 'jest'], lib: ['ES2023'] }) },
      { dir: 'docs', name: 'docs', hasTypecheck: false, tsconfig: null },
    ]);
    expect(plan.program).toEqual({ compilerOptions: { types: ['jest', 'node'] }, include: ['shared/src', 'shell/src', 'remote-cart/src'] });
    expect(plan.together).toEqual(['@campus/shared', '@campus/shell', '@campus/remote-cart']);
    expect(plan.alone).toEqual(['@campus/api']);
  });

  it('leaves a workspace with other includes, another base or any other setting to its own program', () => {
    const plan = typecheckPlan([
      browser('shell'),
      browser('remote-auth'),
      { ...browser('remote-ops'), tsconfig: { ...browser('x').tsconfig, include: ['src', 'scripts'] } },
      { ...browser('remote-cart'), tsconfig: { ...browser('x').tsconfig, extends: '../other.json' } },
      { ...browser('remote-seller'), tsconfig: { ...browser('x').tsconfig, files: ['a.ts'] } },
      { ...browser('e2e'), tsconfig: null },
    ]);
    expect(plan.together).toEqual(['@campus/shell', '@campus/remote-auth']);
    expect(plan.alone).toEqual(['@campus/remote-ops', '@campus/remote-cart', '@campus/remote-seller', '@campus/e2e']);
  });

  it('has nothing to share with one workspace of a shape', () => {
    expect(typecheckPlan([browser('shell'), { ...browser('api', { lib: ['ES2023'] }) }])).toEqual({
      program: null,
      alone: ['@campus/shell', '@campus/api'],
    });
  });

  it("covers every one of this repo's workspaces that has a typecheck script, once", () => {
    const workspaces = repoWorkspaces(ROOT);
    const plan = typecheckPlan(workspaces);
    const covered = [...(plan.together ?? []), ...plan.alone].sort();
    expect(covered).toEqual(
      workspaces
        .filter((w) => w.hasTypecheck)
        .map((w) => w.name)
        .sort(),
    );
    // The browser apps and shared share the program; the API, the page server and the journeys do not.
    expect(plan.together).toEqual(expect.arrayContaining(['@campus/shared', '@campus/shell', '@campus/remote-marketplace']));
    expect(plan.alone).toEqual(expect.arrayContaining(['@campus/api', '@campus/page-server', '@campus/e2e']));
  });
});
