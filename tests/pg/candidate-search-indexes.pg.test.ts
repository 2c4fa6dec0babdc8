import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {CARD_FIELDS, OPTIONS, type FieldKind} from '../../app/candidates/card/fields.ts';
import {FREE_FIELDS} from '../../app/candidates/search/free-fields.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {countQuery} from '../../server/candidates/count.ts';
import {connect} from '../../server/db/sql.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

/**
 * The search's SQL side (migrations/0030): its lists of catalogue fields agree with the catalogue, and
 * the REST count of a selective filter is served by an index on a table of a few thousand cards.
 */
const sql = connect(inject('databaseURL'));
afterAll(() => sql.end());

describe('the migration’s field lists agree with the card catalogue', () => {
  let owner: AuthContext;
  beforeAll(async () => {
    owner = await makeUser(sql, 'shadchan');
  });
  const cardWith = async (details: Record<string, unknown>) => {
    const id = await makeProfile(sql, owner.userID, 'general');
    await sql`UPDATE profile_detail SET details = ${sql.json(details as never)} WHERE profile_id = ${id}`;
    return id;
  };

  test('every phone and phones field of the catalogue is a search key', async () => {
    const fields = CARD_FIELDS.filter(f => f.kind.type === 'phone' || f.kind.type === 'phones');
    const numbers = fields.map((_, i) => `+9725${String(Date.now() + i).slice(-8)}`);
    const id = await cardWith(
      Object.fromEntries(fields.map((f, i) => [f.key, f.kind.type === 'phones' ? [numbers[i]] : numbers[i]])),
    );
    const keys = (await sql`SELECT key FROM profile_key WHERE profile_id = ${id} AND key LIKE 'tel:%'`).map(r => r.key);
    expect(keys.sort()).toEqual(numbers.map(n => `tel:${n}`).sort());
  });

  test('every detail of FREE_FIELDS is a facet (the community is a column), and nothing else', async () => {
    const free = FREE_FIELDS.filter(f => f.kind.type !== 'community');
    const sample = (kind: FieldKind): unknown => {
      switch (kind.type) {
        case 'number':
          return kind.min;
        case 'choice':
          return Object.keys(OPTIONS[kind.options])[0];
        case 'choices':
          return Object.keys(OPTIONS[kind.options]).slice(0, 2);
        case 'yesNo':
          return true;
        default:
          return 'א';
      }
    };
    const long = CARD_FIELDS.filter(f => f.kind.type === 'long').map(f => f.key);
    const id = await cardWith({
      ...Object.fromEntries(free.map(f => [f.key, sample(f.kind)])),
      ...Object.fromEntries(long.map(key => [key, 'טקסט ארוך'])),
    });
    const fields = (await sql`SELECT DISTINCT field FROM profile_facet WHERE profile_id = ${id}`).map(r => r.field);
    expect(fields.sort()).toEqual(free.map(f => f.key).sort());
    const [{filled}] = (await sql`SELECT filled_fields AS filled FROM profile WHERE id = ${id}`) as unknown as [{filled: string}];
    expect(filled.trim().split(' ').sort()).toEqual(free.map(f => f.key).sort());
  });
});

describe('the count is served by indexes', () => {
  const sector = `sector-${nanoid(6)}`;
  const city = `עיר ${nanoid(5)}`;
  const phone = '+972529876543';
  let admin: AuthContext, shadchan: AuthContext;

  beforeAll(async () => {
    admin = await makeUser(sql, 'admin');
    shadchan = await makeUser(sql, 'shadchan');
    await sql`INSERT INTO sector (id, labels) VALUES (${sector}, ${sql.json({he: 'בדיקה'})})`;
    // A few thousand cards; one of them alone in its city, with its own phone and height.
    await sql`
      INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id)
      SELECT 'ix-' || ${sector} || '-' || i, 'שם' || (i % 97), 'משפחה' || (i % 331), CASE WHEN i % 2 = 0 THEN 'male' ELSE 'female' END,
             date '1990-01-01' + (i % 4000), CASE WHEN i = 1 THEN ${city} ELSE 'עיר' || (i % 40) END, ${sector},
             'available', 'general', ${shadchan.userID}
      FROM generate_series(1, 4000) i`;
    await sql`
      INSERT INTO profile_detail (profile_id, details)
      SELECT 'ix-' || ${sector} || '-' || i,
             jsonb_build_object('height', CASE WHEN i = 1 THEN 229 ELSE 150 + (i % 40) END,
                                'maritalStatus', 'single', 'occupation', 'עבודה' || (i % 50),
                                'candidatePhone', CASE WHEN i = 1 THEN ${phone} ELSE '+97250' || lpad(i::text, 7, '0') END)
      FROM generate_series(1, 4000) i`;
    await sql`ANALYZE profile`;
    await sql`ANALYZE profile_key`;
    await sql`ANALYZE profile_facet`;
  });
  // Out of the other files' lists (they share this database; exports-streaming lists every card it may see).
  afterAll(() => sql`UPDATE profile SET deleted_at = now() WHERE sector_id = ${sector}`);

  const plan = async (ctx: AuthContext, filters: FilterSet) =>
    (await sql`EXPLAIN ${countQuery(sql, ctx, filters)}`).map(r => r['QUERY PLAN'] as string).join('\n');

  test.each<[string, FilterSet, string]>([
    ['city', {cities: [`עִיר ${city.slice(4)}`]}, 'city_fold'], // either city_fold index (filter, or sort) serves
    ['phone', {search: '052-9876543'}, 'profile_key_by_key'],
    ['height', {heightFrom: 229}, 'profile_by_height'],
    ['free', {free: {join: 'and', items: [{field: 'height', op: 'gte', value: 229}]}}, 'profile_facet_by_number'],
  ])('%s: an index, not a scan of every card', async (_, filters, index) => {
    for (const ctx of [admin, shadchan]) {
      const text = await plan(ctx, filters);
      expect(text, text).toContain(index);
      expect(text, text).not.toMatch(/Seq Scan on profile\b/);
    }
    expect((await countQuery(sql, admin, filters))[0]!.count).toBe(1);
  });
});
