import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import {schema} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {runServerMutator} from '../../server/zero/endpoints.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';

/**
 * The server's own query definitions and mutators, run through Zero's server transaction against the
 * real Postgres: the same code path /api/zero/query and /api/zero/mutate use.
 */
const sql = connect(inject('databaseURL'));
const db = zeroPostgresJS(schema, sql);
afterAll(() => sql.end());

const listAs = (ctx: AuthContext, search: string) =>
  db.transaction(tx => tx.run(queries.candidates.list.fn({args: {search, limit: 100}, ctx})));
const mutate = (ctx: AuthContext, name: string, args: ReadonlyJSONObject) =>
  db.transaction(tx => runServerMutator(tx, name, args, ctx));
const countProfiles = async () => Number((await sql`SELECT count(*) FROM profile`)[0]!.count);

let alice: AuthContext, bob: AuthContext, viewer: AuthContext, admin: AuthContext;
let general: string, alicePersonal: string, bobPersonal: string;
beforeAll(async () => {
  alice = await makeUser(sql, 'shadchan', ['editTickets']);
  bob = await makeUser(sql, 'shadchan', ['editTickets']);
  viewer = await makeUser(sql, 'shadchan');
  admin = await makeUser(sql, 'admin');
  general = await makeProfile(sql, bob.userID, 'general', 'ויזיביליטי');
  alicePersonal = await makeProfile(sql, alice.userID, 'personal', 'ויזיביליטי');
  bobPersonal = await makeProfile(sql, bob.userID, 'personal', 'ויזיביליטי');
});

describe('candidate list row filter', () => {
  test('a shadchan sees the general database and their own personal one, never another shadchan’s', async () => {
    const ids = (await listAs(alice, 'ויזיביליטי')).map(p => p.id);
    expect(ids.sort()).toEqual([general, alicePersonal].sort());
    expect(ids).not.toContain(bobPersonal);
  });

  test('the administrator sees everything', async () => {
    const ids = (await listAs(admin, 'ויזיביליטי')).map(p => p.id);
    expect(ids.sort()).toEqual([general, alicePersonal, bobPersonal].sort());
  });

  test('without showTickets the list is empty (an impossible filter, not an error)', async () => {
    const noView: AuthContext = {...viewer, permissions: []};
    expect(await listAs(noView, 'ויזיביליטי')).toEqual([]);
  });
});

describe('candidates.create on the server', () => {
  const valid = () => ({
    id: `c-${Math.random().toString(36).slice(2)}`,
    forename: 'רבקה',
    surname: 'פרידמן',
    gender: 'female',
    city: 'בית שמש',
    birthDate: '2001-05-20',
    sectorID: 'chassidish',
    database: 'personal',
  });

  test('writes the row with the session user as owner and server timestamps', async () => {
    const args = valid();
    const before = Date.now();
    await mutate(alice, 'candidates.create', {...args, ownerID: bob.userID});
    const [row] = await sql`SELECT * FROM profile WHERE id = ${args.id}`;
    expect(row).toMatchObject({forename: 'רבקה', owner_id: alice.userID, status_id: 'available', database: 'personal'});
    expect(row!.created_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  test.each(['forename', 'surname', 'city', 'birthDate', 'sectorID', 'gender'])(
    'rejects a missing %s with a field issue and writes nothing',
    async field => {
      const before = await countProfiles();
      await expect(mutate(alice, 'candidates.create', {...valid(), [field]: ''})).rejects.toMatchObject({
        details: {code: 'invalidInput', issues: [{field, message: 'required'}]},
      });
      expect(await countProfiles()).toBe(before);
    },
  );

  test('rejects oversized text and an unknown enum value', async () => {
    await expect(mutate(alice, 'candidates.create', {...valid(), city: 'x'.repeat(500)})).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [{field: 'city', message: 'tooLong'}]},
    });
    await expect(mutate(alice, 'candidates.create', {...valid(), gender: 'x'})).rejects.toMatchObject({
      details: {code: 'invalidInput'},
    });
  });

  test('rejects a sector that does not exist', async () => {
    const before = await countProfiles();
    await expect(mutate(alice, 'candidates.create', {...valid(), sectorID: 'no-such-sector'})).rejects.toMatchObject({
      details: {code: 'unknownOption', issues: [{field: 'sectorID'}]},
    });
    expect(await countProfiles()).toBe(before);
  });

  test('a shadchan without editTickets may not create', async () => {
    const before = await countProfiles();
    await expect(mutate(viewer, 'candidates.create', valid())).rejects.toMatchObject({details: {code: 'forbidden'}});
    expect(await countProfiles()).toBe(before);
  });
});

describe('candidates.update on the server', () => {
  test('changes city and status and stamps updated_at', async () => {
    await mutate(alice, 'candidates.update', {id: general, city: 'אלעד', statusID: 'dating'});
    const [row] = await sql`SELECT city, status_id, updated_at > created_at AS touched FROM profile WHERE id = ${general}`;
    expect(row).toEqual({city: 'אלעד', status_id: 'dating', touched: true});
  });

  test('another shadchan’s personal profile answers notFound and stays unchanged', async () => {
    await expect(mutate(alice, 'candidates.update', {id: bobPersonal, city: 'חיפה'})).rejects.toMatchObject({
      details: {code: 'notFound'},
    });
    const [row] = await sql`SELECT city FROM profile WHERE id = ${bobPersonal}`;
    expect(row!.city).toBe('בני ברק');
  });

  test('an unknown status is refused', async () => {
    await expect(mutate(alice, 'candidates.update', {id: general, statusID: 'nope'})).rejects.toMatchObject({
      details: {code: 'unknownOption', issues: [{field: 'statusID'}]},
    });
  });
});
