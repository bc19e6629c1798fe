import { previousRelease, previousReleaseCommit } from './remote-variants.mjs';

describe("the previous release's commit (releases/previous-release.json)", () => {
  test('is a commit of this clone, with the versions it shipped', () => {
    const record = previousRelease();
    expect(previousReleaseCommit()).toMatch(/^[0-9a-f]{40}$/);
    expect(previousReleaseCommit().startsWith(record.commit.slice(0, 7))).toBe(true);
    expect(record.sharedVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(record.campusRuntime).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test('missing from the clone (a shallow one), it fails saying how to fetch it', () => {
    const absent = 'f'.repeat(40);
    expect(() => previousReleaseCommit(absent)).toThrow(
      `The previous release's commit ${absent} (releases/previous-release.json) is not in this clone`,
    );
    expect(() => previousReleaseCommit(absent)).toThrow(`git fetch --unshallow origin (or: git fetch origin ${absent})`);
  });
});
