import {cruise, type ICruiseResult, type IViolation} from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import {describe, expect, test} from 'vitest';

/**
 * The floor plan (.dependency-cruiser.cjs, docs/architecture.md): no import circle anywhere, type-only
 * imports included, and no import that runs up a floor. `npm run check:imports` prints the same findings.
 */
async function cruiseOf(paths: string[]): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const {output} = await cruise(paths, options, undefined, {tsConfig: extractTSConfig('tsconfig.json')});
  return output as ICruiseResult;
}

const described = (v: IViolation) =>
  `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map(step => step.name).join(' → ')})` : ''}`;

describe('imports run downhill', () => {
  test('the source tree has no import circle and no import up a floor', async () => {
    const result = await cruiseOf(['app', 'server', 'permissions', 'zero-schema.ts']);
    // Every module was read (a broken resolution would pass by seeing nothing).
    expect(result.summary.totalCruised).toBeGreaterThan(500);
    expect(result.summary.violations.map(described)).toEqual([]);
  }, 60_000);

  test('a circle is caught, even of type-only imports', async () => {
    const result = await cruiseOf(['tests/fixtures/import-circle']);
    expect(result.summary.violations.map(described)).toEqual([
      'no-circular: tests/fixtures/import-circle/ping.ts → tests/fixtures/import-circle/pong.ts' +
        ' (tests/fixtures/import-circle/pong.ts → tests/fixtures/import-circle/ping.ts)',
    ]);
  }, 60_000);
});
