import {nanoid} from 'nanoid';
import {afterAll, expect, inject, test} from 'vitest';
import {connect} from '../../server/db/sql.ts';
import {makeTicket, makeUser, randomMobile} from '../support/fixtures.ts';

/**
 * No replicated primary key holds a card's data (issue 29, migrations/0047): a card with a distinct
 * ID number, phone, address and name, with its search keys and facets, and a registration link, are
 * written; then every primary key column of every table in the publication is searched for them.
 * (Zero names a row by its key in every delete, to whoever had the row.)
 */
const sql = connect(inject('databaseURL'));
afterAll(() => sql.end());

test('no primary key of a replicated table holds an ID number, a phone, an address, a name or a token', async () => {
  const owner = await makeUser(sql, 'shadchan');
  const card = await makeTicket(sql, owner.userID);
  const phone = randomMobile();
  const street = `סודית${nanoid(6)}`;
  const surname = `נסתר${nanoid(6)}`;
  await sql`UPDATE profile SET surname = ${surname} WHERE id = ${card.id}`;
  await sql`UPDATE profile_detail SET details = ${sql.json({address: street, candidatePhone: phone})} WHERE profile_id = ${card.id}`;
  const token = nanoid(24);
  const [{community}] = await sql<[{community: string}]>`SELECT id AS community FROM community LIMIT 1`;
  await sql`INSERT INTO registration_link (id, token, community_id, created_by) VALUES (${nanoid()}, ${token}, ${community}, ${owner.userID})`;

  // The markers are where the search put them: in the keys' and facets' columns, never in their ids.
  const [{keys}] = await sql<[{keys: number}]>`
    SELECT count(*)::int AS keys FROM profile_key
     WHERE profile_id = ${card.id} AND key IN (${'id:' + card.idNumber}, ${'tel:' + phone})`;
  expect(keys).toBe(2);
  const markers = [card.idNumber, phone.slice(1), street, surname, token];

  const columns = await sql<{table: string; column: string}[]>`
    SELECT c.relname AS table, a.attname AS column
      FROM pg_publication_tables pt
      JOIN pg_class c ON c.relname = pt.tablename AND c.relnamespace = 'public'::regnamespace
      JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (i.indkey)
     WHERE pt.pubname = 'kesher'`;
  expect(new Set(columns.map(c => c.table)).size).toBeGreaterThan(40);
  const holding: string[] = [];
  for (const {table, column} of columns) {
    const [{n}] = await sql<[{n: number}]>`
      SELECT count(*)::int AS n FROM ${sql(table)}
       WHERE ${sql(column)}::text LIKE ANY (${sql.array(markers.map(m => `%${m}%`))})`;
    if (n > 0) holding.push(`${table}.${column}`);
  }
  expect(holding).toEqual([]);
});
