import type {Fragment} from 'postgres';
import {schema} from '../../zero-schema.ts';
import type {Compare, Condition} from '../../app/candidates/search/condition-tree.ts';
import type {Sql} from '../db/sql.ts';

/**
 * The search's condition tree (app/candidates/search/condition-tree.ts) as SQL over `profile p`, the
 * twin of apply.ts's ZQL rendering. Zero holds times and dates as ms since the epoch (dates at UTC
 * midnight); Postgres compares them as timestamptz and date.
 */
const TIMESTAMPS = new Set(['createdAt', 'updatedAt', 'lastActivityAt', 'lastSuggestionAt', 'deletedAt', 'closedAt']);
const DATES = new Set(['birthDate', 'openFrom', 'entryDate']);
const TABLES = {keys: 'profile_key', facets: 'profile_facet'} as const;

type Columns = Record<string, {serverName?: string}>;
const serverName = (table: keyof typeof schema.tables, column: string) => {
  const found = (schema.tables[table].columns as Columns)[column];
  if (!found) throw new Error(`unknown column ${table}.${column}`);
  return found.serverName ?? column;
};

function compare(sql: Sql, alias: string, table: keyof typeof schema.tables, c: Compare): Fragment {
  const column = sql`${sql(alias)}.${sql(serverName(table, c.column))}`;
  if (c.op === 'IS' || c.op === 'IS NOT') {
    if (c.value !== null) throw new Error('IS compares with null only');
    return c.op === 'IS' ? sql`${column} IS NULL` : sql`${column} IS NOT NULL`;
  }
  if (c.op === 'IN') return sql`${column} = ANY(${c.value as string[]}::text[])`;
  const value =
    TIMESTAMPS.has(c.column) && table === 'profile'
      ? sql`to_timestamp(${c.value as number}::double precision / 1000)`
      : DATES.has(c.column) && table === 'profile'
        ? sql`(to_timestamp(${c.value as number}::double precision / 1000) AT TIME ZONE 'UTC')::date`
        : typeof c.value === 'number'
          ? // In the column's own type, or Postgres casts the column and its index no longer serves.
            table === 'profile' && Number.isInteger(c.value)
            ? sql`${c.value}::integer`
            : sql`${c.value}::double precision`
          : sql`${c.value as string}::text`;
  return sql`${column} ${sql.unsafe(c.op)} ${value}`;
}

export function conditionSql(sql: Sql, c: Condition): Fragment {
  switch (c.type) {
    case 'cmp':
      return compare(sql, 'p', 'profile', c);
    case 'exists': {
      const table = c.relation === 'keys' ? 'profileKey' : 'profileFacet';
      // Folded into one fragment: postgres.js would send an empty array of fragments as a parameter.
      const where = c.where.reduce((all, w) => sql`${all} AND ${compare(sql, 's', table, w)}`, sql`s.profile_id = p.id`);
      return sql`EXISTS (SELECT 1 FROM ${sql(TABLES[c.relation])} s WHERE ${where})`;
    }
    case 'and':
    case 'or': {
      if (!c.conditions.length) return c.type === 'and' ? sql`true` : sql`false`;
      const [first, ...rest] = c.conditions.map(x => conditionSql(sql, x));
      const joiner = c.type === 'and' ? sql`AND` : sql`OR`;
      return sql`(${rest.reduce((all, x) => sql`${all} ${joiner} ${x}`, first!)})`;
    }
  }
}
