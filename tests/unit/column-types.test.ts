import * as v from 'valibot';
import {describe, expectTypeOf, test} from 'vitest';
import {filterSetSchema} from '../../app/candidates/search/filters.ts';
import {reportFiltersSchema} from '../../app/reports/schema.ts';
import type {ReportFilters} from '../../app/tables/exports.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

/**
 * JSON columns' shapes are declared with their tables (the schema stands on no feature), and the
 * features' schemas validate into them: each yields exactly its column's type. A drift fails `npm run
 * typecheck` (these are type assertions).
 */
describe('JSON columns and the schemas that fill them', () => {
  test('a saved search and a profiles export store what the candidate search validates', () => {
    expectTypeOf<v.InferOutput<typeof filterSetSchema>>().toEqualTypeOf<FilterSet>();
  });

  test('a report export stores what the report filters validate', () => {
    expectTypeOf<v.InferOutput<typeof reportFiltersSchema>>().toEqualTypeOf<ReportFilters>();
  });
});
