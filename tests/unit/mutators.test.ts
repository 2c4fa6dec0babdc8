import {describe, expect, test} from 'vitest';
import {mutators as registry} from '../../app/mutator-registry.ts';
import {MUTATOR_NAMES, mutators} from '../../app/mutators.ts';
import {AppError} from '../../permissions/errors.ts';

/** Every mutator's name in a registry, as Zero knows it ("feature.name"). */
const namesOf = (tree: object): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'function' ? [(value as {mutatorName: string}).mutatorName] : key === '~' ? [] : namesOf(value as object),
  );

describe("the browser's registry (app/mutators.ts, whose code comes with the first write)", () => {
  test('names every mutator of app/mutator-registry.ts, and no other', () => {
    expect(namesOf(mutators).sort()).toEqual(namesOf(registry).sort());
    expect(Object.values(MUTATOR_NAMES).flat().length).toBe(namesOf(registry).length);
  });

  test("runs the registry's own mutator: its schema checks the arguments, its rule the user", async () => {
    const run = (args: unknown, role: 'admin' | 'shadchan') =>
      mutators.site.update.fn({args, ctx: {userID: 'u', role, permissions: []}, tx: undefined as never} as never);
    await expect(run({maintenance: 'yes'}, 'admin')).rejects.toThrow(/Validation failed for mutator site.update/);
    await expect(run({maintenance: true}, 'shadchan')).rejects.toBeInstanceOf(AppError);
  });
});
