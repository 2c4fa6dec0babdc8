import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {expect} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import type {Sql} from '../../server/db/sql.ts';
import {makeProfile} from './fixtures.ts';
import {serverSide} from './server-side.ts';

/**
 * A card as the pg tests of its life and its read rule look at it, over a test's own connection: its row,
 * history and chosen viewers in Postgres, and what a user's list, card, pending list, bin and viewers
 * queries answer, through the real named queries and server mutators.
 */
export function cardAccess(sql: Sql) {
  const {db, mutate} = serverSide(sql);
  const rowOf = async (id: string) =>
    (await sql`SELECT * FROM profile LEFT JOIN profile_detail ON profile_id = id WHERE id = ${id}`)[0]!;
  const historyOf = (id: string) =>
    sql`SELECT id, revision, field, user_id, old_value, new_value FROM profile_revision
        WHERE profile_id = ${id} ORDER BY revision, field`;
  const viewersOf = async (id: string) =>
    (await sql`SELECT user_id FROM profile_viewer WHERE profile_id = ${id} ORDER BY user_id`).map(r => r.user_id as string);

  const cardAs = (ctx: AuthContext, id: string) => db.transaction(tx => tx.run(queries.candidates.card.fn({args: {id}, ctx})));
  const listAs = (ctx: AuthContext, search: string) =>
    db
      .transaction(tx =>
        tx.run(queries.candidates.list.fn({args: {filters: {search}, sort: 'name', dir: 'asc', limit: 100}, ctx})),
      )
      .then(rows => rows.map(r => r.id));
  const pendingAs = (ctx: AuthContext) =>
    db.transaction(tx => tx.run(queries.candidates.pending.fn({args: undefined, ctx}))).then(rows => rows.map(r => r.id));
  const binAs = (ctx: AuthContext) =>
    db.transaction(tx => tx.run(queries.candidates.bin.fn({args: undefined, ctx}))).then(rows => rows.map(r => r.id));
  const viewersAs = (ctx: AuthContext, id: string) =>
    db.transaction(tx => tx.run(queries.candidates.viewers.fn({args: {id}, ctx}))).then(rows => rows.map(r => r.userID).sort());
  /** Whether the card is in this user's list and opens for them. */
  const sees = async (ctx: AuthContext, id: string) => {
    const {surname} = await rowOf(id);
    const inList = (await listAs(ctx, surname as string)).includes(id);
    const opens = (await cardAs(ctx, id)) !== undefined;
    expect(inList, 'the list and the card agree').toBe(opens);
    return opens;
  };

  /** A refusal with this code, and the card's row and history exactly as before. */
  async function expectRefused(
    ctx: AuthContext,
    name: string,
    args: ReadonlyJSONObject,
    code: string,
    cardIDs: string[],
    issue?: {field: string; message?: string},
  ) {
    const before = await Promise.all(
      cardIDs.map(async id => ({row: await rowOf(id), history: await historyOf(id), viewers: await viewersOf(id)})),
    );
    const error = await mutate(ctx, name, args).then(
      () => undefined,
      (e: {details?: {code?: string; issues?: unknown[]}}) => e,
    );
    expect(error, `${name} was refused`).toBeDefined();
    expect(error!.details?.code).toBe(code);
    if (issue) expect(error!.details?.issues).toContainEqual(expect.objectContaining(issue));
    const after = await Promise.all(
      cardIDs.map(async id => ({row: await rowOf(id), history: await historyOf(id), viewers: await viewersOf(id)})),
    );
    expect(after).toEqual(before);
  }

  /** A card of `ctx` with a surname of its own (so a list search finds it alone), written directly. */
  async function makeCard(ctx: AuthContext, database: 'general' | 'personal' = 'general', state = 'active') {
    const id = await makeProfile(sql, ctx.userID, database, `מחזור${Math.random().toString(36).slice(2, 10)}`);
    if (state !== 'active') await sql`UPDATE profile SET state = ${state} WHERE id = ${id}`;
    return id;
  }

  return {db, mutate, rowOf, historyOf, viewersOf, cardAs, listAs, pendingAs, binAs, viewersAs, sees, expectRefused, makeCard};
}
