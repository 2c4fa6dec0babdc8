import {afterAll, describe, expect, inject, test} from 'vitest';
import {migrate} from '../../server/db/migrate.ts';
import {connect} from '../../server/db/sql.ts';

const sql = connect(inject('databaseURL'));
afterAll(() => sql.end());

describe('migrations', () => {
  test('each file is applied once and recorded, even when two processes start together', async () => {
    const runs = await Promise.all([migrate(sql), migrate(sql)]);
    expect(runs).toEqual([[], []]);
    const recorded = await sql<{name: string}[]>`SELECT name FROM schema_migration ORDER BY name`;
    expect(recorded.map(r => r.name)).toEqual(['0001_core.sql', '0002_lookups.sql', '0003_sign_in.sql']);
  });

  test('server-only tables and columns stay out of the replicated publication', async () => {
    const published = await sql<{tablename: string; attnames: string[]}[]>`
      SELECT tablename, attnames FROM pg_publication_tables WHERE pubname = 'kesher'`;
    const tables = Object.fromEntries(published.map(r => [r.tablename, r.attnames]));
    expect(Object.keys(tables).sort()).toEqual(['activity', 'app_user', 'community', 'profile', 'profile_status', 'sector']);
    expect(tables.app_user).not.toContain('phone');
    expect(tables.app_user).not.toContain('email');
    expect(tables.app_user).not.toContain('password_hash');
    expect(tables).not.toHaveProperty('session');
    expect(tables).not.toHaveProperty('schema_migration');
  });

  test('the database itself refuses rows the app would never write', async () => {
    await expect(sql`INSERT INTO app_user (id, name, gender, role) VALUES ('x', 'x', 'other', 'shadchan')`).rejects.toThrow(/gender_check/);
    await expect(sql`INSERT INTO app_user (id, name, gender, role) VALUES ('x', ' ', 'male', 'shadchan')`).rejects.toThrow(/name_check/);
  });
});
