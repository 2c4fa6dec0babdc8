/**
 * A filter set compiled once into a neutral condition tree over the profile's columns and its two
 * search tables (migrations/0030). Two small renderers read it: apply.ts into ZQL (the list, on
 * zero-cache and in the browser) and server/candidates/count-sql.ts into SQL (the REST count), so the
 * list and its count cannot disagree on what a filter means. Columns are the Zero schema's names.
 */
export type Operator = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'IN' | 'IS' | 'IS NOT' | 'LIKE' | 'NOT LIKE';
export type Value = string | number | boolean | null | readonly string[];
export type Compare = {type: 'cmp'; column: string; op: Operator; value: Value};
/** A row of profile_key ('keys') or profile_facet ('facets') of the card meets every comparison. */
export type Exists = {type: 'exists'; relation: 'keys' | 'facets'; where: Compare[]};
export type Condition = Compare | Exists | {type: 'and' | 'or'; conditions: Condition[]};

export const cmp = (column: string, op: Operator, value: Value): Compare => ({type: 'cmp', column, op, value});
export const and = (...conditions: Condition[]): Condition => ({type: 'and', conditions});
export const or = (...conditions: Condition[]): Condition => ({type: 'or', conditions});
/** Matches nothing on every side: the primary key is never null. */
export const NOTHING = cmp('id', 'IS', null);

/** A prefix as a range, so an index serves it (LIKE 'x%' is no seek in SQLite's BINARY nor in JS). */
export const prefix = (column: string, start: string): Compare[] => [
  cmp(column, '>=', start),
  cmp(column, '<', `${start}\uffff`),
];
