import type {AST, Condition} from '@rocicorp/zero';
import {describe, expect, test} from 'vitest';
import {queries, queryNamed} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {PERMISSIONS} from '../../permissions/labels.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {effectivePermissions} from '../../permissions/roles.ts';
import {zql} from '../../zero-schema.ts';

/**
 * Every profile row a named query can sync passes the read rule: the query's own rows when it reads
 * profiles, and every related(...) or exists(...) that reaches the profile table, at any depth. Read
 * from the queries' ASTs, so the next query (or the next relationship to a card) cannot forget it: a
 * benefit card's related('profile') once did, and sent cards the user may not see.
 */

const SOME_ID = 'x1';
/** Args for every query that takes some; a new one fails the first test until it has a sample here. */
const ARGS: Record<string, unknown> = {
  'activities.ofCard': {id: SOME_ID},
  'activities.one': {id: SOME_ID},
  'activities.list': {all: true, type: 'idea', status: 'in_progress', createdFrom: 0, createdUntil: 1, limit: 50},
  'activities.candidate': {id: SOME_ID},
  'activities.pick': {gender: 'female', search: 'כהן'},
  'activities.collisions': {id: SOME_ID, maleProfileID: SOME_ID, femaleProfileID: SOME_ID},
  'activities.transferTargets': {search: 'כהן', gender: 'male', exceptID: SOME_ID},
  'calls.list': {scope: 'all'},
  'calls.today': {since: 0},
  'candidates.list': {
    filters: {search: 'כהן', free: {join: 'and', items: [{field: 'address', op: 'eq', value: 'x'}]}},
    limit: 50,
  },
  'candidates.card': {id: SOME_ID},
  'candidates.history': {id: SOME_ID},
  'candidates.notes': {id: SOME_ID},
  'candidates.presence': {id: SOME_ID},
  'candidates.files': {id: SOME_ID},
  'candidates.viewers': {id: SOME_ID},
  'dashboard.dueReminders': {until: 1},
  'dashboard.openOfStage': {type: 'suggestion'},
  'dashboard.myMonth': {since: 0},
  'staff.list': {search: 'x', role: 'shadchan', state: 'active'},
  'staff.one': {id: SOME_ID},
  'staff.permissionsOf': {userID: SOME_ID},
  'notifications.reads': {id: SOME_ID},
  'savedSearches.needsAttention': {days: 30, perShadchan: 5},
  'engagedCouples.list': {search: 'כהן', status: ''},
  'engagedCouples.one': {id: SOME_ID},
  'engagedCouples.creditOf': {shadchanID: SOME_ID},
  'imports.job': {id: SOME_ID},
  'scores.leaders': {month: '2026-03'},
  'scores.month': {month: '2026-03'},
  'scores.one': {userID: SOME_ID, month: '2026-03'},
  'scores.goals': {month: '2026-03'},
  'scores.roster': {month: '2026-03'},
  'chats.forCard': {profileID: SOME_ID},
  'chats.chat': {id: SOME_ID},
  'pages.one': {id: SOME_ID},
  'ideas.bank': {box: 'all', search: 'כהן', limit: 50},
  'ideas.pairIdeas': {id: SOME_ID, maleProfileID: SOME_ID, femaleProfileID: SOME_ID},
  'ideas.pairActivities': {id: SOME_ID, maleProfileID: SOME_ID, femaleProfileID: SOME_ID},
};

/** The users the rule narrows for (an administrator sees every card: nothing to check). */
const CONTEXTS: AuthContext[] = [
  // Every right short of the administrator's, so every branch of every query is built.
  {userID: 'u1', role: 'shadchan', permissions: PERMISSIONS.filter(p => p !== 'showDeletedProfiles')},
  {userID: 'u2', role: 'coordinator', permissions: effectivePermissions('coordinator', [])},
  {userID: 'u3', role: 'representative', permissions: effectivePermissions('representative', [])},
];

function queryNames(registry: object): string[] {
  return Object.values(registry).flatMap(entry =>
    typeof entry === 'function' && 'queryName' in entry
      ? [String(entry.queryName)]
      : typeof entry === 'object' && entry !== null
        ? queryNames(entry)
        : [],
  );
}

const conjuncts = (where: Condition | undefined): Condition[] =>
  !where ? [] : where.type === 'and' ? where.conditions.flatMap(conjuncts) : [where];

/** Every subquery an AST reads (related and exists, at any depth), with the path that reaches it. */
function* subqueries(ast: AST, path: string): Generator<[AST, string]> {
  yield [ast, path];
  for (const related of ast.related ?? []) yield* subqueries(related.subquery, `${path} → related ${related.subquery.alias}`);
  const inWhere = function* (condition: Condition | undefined): Generator<[AST, string]> {
    if (!condition) return;
    if (condition.type === 'and' || condition.type === 'or') for (const c of condition.conditions) yield* inWhere(c);
    if (condition.type === 'correlatedSubquery') {
      yield* subqueries(condition.related.subquery, `${path} → exists ${condition.related.subquery.alias}`);
    }
  };
  yield* inWhere(ast.where);
}

/**
 * The rule's own conditions for this user, with and without pending cards, and the impossible filter
 * (nothing at all): one of them must be all there.
 */
function ruleOf(ctx: AuthContext): string[][] {
  const nothing = zql.profile.where('id', 'IS', null);
  return [visibleProfiles(zql.profile, ctx), visibleProfiles(zql.profile, ctx, {pending: false}), nothing].map(q =>
    conjuncts((q as unknown as {ast: AST}).ast.where).map(c => JSON.stringify(c)),
  );
}

describe('the profile read rule reaches every profile a query syncs', () => {
  const names = queryNames(queries);

  test('every query with args has a sample here', () => {
    expect(names.length).toBeGreaterThan(60);
    const refused = names.flatMap(name => {
      try {
        queryNamed(name).fn({args: ARGS[name] as never, ctx: CONTEXTS[0]!});
        return [];
      } catch (error) {
        return [`${name}: ${(error as Error).message}`];
      }
    });
    expect(refused).toEqual([]);
  });

  test.each(CONTEXTS.map(ctx => [ctx.role, ctx] as const))('as a %s', (_, ctx) => {
    const rules = ruleOf(ctx);
    const unguarded: string[] = [];
    let checked = 0;
    for (const name of names) {
      const query = queryNamed(name).fn({args: ARGS[name] as never, ctx});
      for (const [ast, path] of subqueries((query as unknown as {ast: AST}).ast, name)) {
        if (ast.table !== 'profile') continue;
        checked++;
        const have = new Set(conjuncts(ast.where).map(c => JSON.stringify(c)));
        if (!rules.some(rule => rule.every(c => have.has(c)))) unguarded.push(path);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(unguarded).toEqual([]);
  });
});
