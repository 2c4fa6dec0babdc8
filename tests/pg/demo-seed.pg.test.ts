import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {migrate} from '../../server/db/migrate.ts';
import {seedDemoIfEmpty} from '../../server/db/seed.ts';
import {connect} from '../../server/db/sql.ts';

/** The demo seed in a database of its own (it seeds only an empty one). */
const admin = connect(inject('databaseURL'), {max: 1});
const name = `demo_seed_${process.pid}`;
let sql: ReturnType<typeof connect>;

beforeAll(async () => {
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(inject('databaseURL'));
  url.pathname = `/${name}`;
  sql = connect(url.toString(), {max: 2});
  await migrate(sql);
}, 60_000);
afterAll(async () => {
  await sql?.end();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('the demo seed', () => {
  test('seeds the activities in bulk with the cards’ last-activity times the trigger would keep', async () => {
    expect(await seedDemoIfEmpty(sql, 40, {activities: 120})).toBeDefined();
    const [{count}] = await sql<[{count: number}]>`SELECT count(*)::int AS count FROM activity`;
    expect(count).toBe(120);
    const seeded = await sql`SELECT id, last_activity_at, last_suggestion_at FROM profile ORDER BY id`;
    expect(seeded.some(p => p.last_activity_at !== null)).toBe(true);
    // The trigger's own recomputation changes nothing, and the trigger is back on.
    await sql`SELECT profile_activity_times(id) FROM profile`;
    expect(await sql`SELECT id, last_activity_at, last_suggestion_at FROM profile ORDER BY id`).toEqual(seeded);
    const [{enabled}] = await sql<[{enabled: string}]>`
      SELECT tgenabled AS enabled FROM pg_trigger WHERE tgname = 'activity_touches_profiles'`;
    expect(enabled).toBe('O');
    // The shadchanim's months (migrations/0042), counted set-based: the same as the row trigger's count.
    const scores = await sql`SELECT * FROM shadchan_score ORDER BY id`;
    expect(scores.length).toBeGreaterThan(0);
    await sql`SELECT refresh_shadchan_score(user_id, month) FROM shadchan_score`;
    expect(await sql`SELECT * FROM shadchan_score ORDER BY id`).toEqual(scores);
    const [scoring] = await sql<
      [{enabled: string}]
    >`SELECT tgenabled AS enabled FROM pg_trigger WHERE tgname = 'activity_scores'`;
    expect(scoring.enabled).toBe('O');
    expect(await seedDemoIfEmpty(sql, 40)).toBeUndefined(); // once only
    // Demo users count as having signed the commitment form (server/agreement/), so the demo opens at once.
    expect(await sql`SELECT id FROM app_user WHERE agreement_due`).toEqual([]);
  });

  test('derives the search rows set-based exactly as the paused row triggers would', async () => {
    const derived = () =>
      Promise.all([
        sql`SELECT profile_id, key FROM profile_key ORDER BY 1, 2`,
        sql`SELECT * FROM profile_facet ORDER BY 1, 2, 3`,
        sql`SELECT id, marital_status, height, filled_fields, institution_id, city_fold FROM profile ORDER BY id`,
      ]);
    const seeded = await derived();
    expect(seeded[0].length).toBeGreaterThan(0);
    expect(seeded[1].length).toBeGreaterThan(0);
    // Every trigger is back on, and firing them all for every card changes nothing.
    expect(await sql`SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgenabled <> 'O'`).toEqual([]);
    await sql`UPDATE profile SET city = city, forename = forename`;
    await sql`UPDATE profile_detail SET details = details, id_number = id_number`;
    expect(await derived()).toEqual(seeded);
  });

  test("the demo representative's account is the one added as a user, linked to her seminary, whose cards name it", async () => {
    const [rep] = await sql`SELECT user_id, institution_id FROM representative`;
    expect(rep).toEqual({user_id: 'demo-representative', institution_id: 'wolf'});
    const [{linked, named}] = await sql<[{linked: number; named: number}]>`
      SELECT count(*) FILTER (WHERE p.institution_id = 'wolf')::int AS linked,
             count(*) FILTER (WHERE d.details->>'institution' = 'סמינר וולף')::int AS named
      FROM profile p JOIN profile_detail d ON d.profile_id = p.id`;
    expect(linked).toBeGreaterThan(0);
    expect(linked).toBe(named);
    // Only shadchanim own the demo cards.
    expect(
      await sql`SELECT DISTINCT p.owner_id FROM profile p JOIN app_user u ON u.id = p.owner_id WHERE u.role NOT IN ('shadchan', 'coordinator')`,
    ).toEqual([]);
  });

  test('one confirmed couple with its cards engaged and a benefit card per side, and one report waiting', async () => {
    const couples = await sql`SELECT id, status, male_profile_id, female_profile_id FROM engaged_couple ORDER BY id`;
    expect(couples.map(c => c.status)).toEqual(['confirmed', 'pending']);
    const sides = [couples[0]!.male_profile_id, couples[0]!.female_profile_id];
    expect((await sql`SELECT state FROM profile WHERE id IN ${sql(sides)}`).map(p => p.state)).toEqual(['engaged', 'engaged']);
    const cards = await sql`SELECT profile_id FROM benefit_card WHERE couple_id = ${couples[0]!.id} AND revoked_at IS NULL`;
    expect(cards.map(c => c.profile_id).sort()).toEqual([...sides].sort());
  });

  test("the team's workspace: a shared guideline page, a conversation read by both, an open idea apart from the couples", async () => {
    const pages = await sql`SELECT p.title, f.shared, c.content FROM page p JOIN page_folder f ON f.id = p.folder_id
                            JOIN page_content c ON c.page_id = p.id`;
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({title: 'הנחיות לשיחה ראשונה', shared: true});
    const members = await sql`SELECT user_id, unread_count FROM chat_member ORDER BY user_id`;
    expect(members.map(r => [r.user_id, r.unread_count])).toEqual([
      ['demo-coordinator', 0],
      ['demo-shadchan', 0],
    ]);
    const [idea] = await sql`
      SELECT i.male_profile_id, i.female_profile_id, i.sent_by, r.user_id, r.status, m.owner_id AS male_owner, w.owner_id AS female_owner
      FROM shidduch_idea i JOIN shidduch_idea_recipient r ON r.idea_id = i.id
      JOIN profile m ON m.id = i.male_profile_id JOIN profile w ON w.id = i.female_profile_id`;
    expect(idea).toMatchObject({sent_by: 'demo-coordinator', user_id: 'demo-shadchan', status: 'open'});
    expect([idea!.male_owner, idea!.female_owner]).toEqual(['demo-shadchan', 'demo-shadchan']);
    const [{coupled}] = await sql<[{coupled: number}]>`
      SELECT count(*)::int AS coupled FROM engaged_couple
      WHERE ${idea!.male_profile_id} IN (male_profile_id, female_profile_id) OR ${idea!.female_profile_id} IN (male_profile_id, female_profile_id)`;
    expect(coupled).toBe(0);
  });
});
