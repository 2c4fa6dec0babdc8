import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {rankMatches} from '../../app/suggestions/rules.ts';
import {suggestedMatches} from '../../server/suggestions/routes.ts';
import {matchCardOf, matchRowsSql, rankedSql, type MatchRow} from '../../server/suggestions/score-sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser, signedIn as signedInAs} from '../support/browser.ts';
import {makeUser} from '../support/fixtures.ts';

/**
 * Suggested matches (issue 37) through the real SQL and rules: only open cards this user may see, never a
 * pair already tried (any activity, by anyone) or in the ideas bank, each side's stated wishes held, and a
 * card the user may not see is "not found" over HTTP. The cards live in a sector of this file's own, so
 * the other test files' cards never enter the ranking.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
const sector = `s-${nanoid(6)}`;
const twin = `s-${nanoid(6)}`;
let shadchan: AuthContext, other: AuthContext, admin: AuthContext;

beforeAll(async () => {
  api = await startTestApi(sql);
  await sql`INSERT INTO sector (id, labels) VALUES (${sector}, ${sql.json({he: 'מגזר הצעות'})})`;
  shadchan = await makeUser(sql, 'shadchan', ['editTickets']);
  other = await makeUser(sql, 'shadchan', ['editTickets']);
  admin = await makeUser(sql, 'admin');
});
afterAll(async () => {
  // Out of the other files' lists and counts (they share this database): to the recycle bin.
  await sql`UPDATE profile SET deleted_at = now() WHERE sector_id IN (${sector}, ${twin})`;
  await api.close();
  await sql.end();
});

type Card = {
  owner?: AuthContext;
  gender?: 'male' | 'female';
  born?: string;
  city?: string;
  database?: 'general' | 'personal';
  details?: Record<string, unknown>;
  sectorID?: string;
};
async function card({
  owner = other,
  gender = 'female',
  born = '2002-01-01',
  city = 'אלעד',
  database = 'general',
  details = {},
  sectorID = sector,
}: Card) {
  const id = `p-${nanoid(8)}`;
  await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id)
            VALUES (${id}, 'שם', ${id}, ${gender}, ${born}, ${city}, ${sectorID}, 'available', ${database}, ${owner.userID})`;
  await sql`INSERT INTO profile_detail (profile_id, details) VALUES (${id}, ${sql.json(details as never)})`;
  return id;
}
const idsFor = async (ctx: AuthContext, id: string) => (await suggestedMatches(sql, ctx, id))?.map(m => m.id);

describe('suggested matches', () => {
  test('open cards of the other gender this user may see; never a hidden, closed or tried one', async () => {
    const him = await card({owner: shadchan, gender: 'male', born: '2000-01-01', city: 'בני ברק'});
    const fits = await card({});
    const best = await card({city: 'בני ברק', details: {preferredPlace: 'בני ברק'}});
    const personal = await card({database: 'personal'});
    const chosen = await card({});
    await sql`UPDATE profile SET visibility = 'chosen' WHERE id = ${chosen}`;
    const [deleted, closed, pending, engaged, later, anotherSector, man, tooOld] = await Promise.all([
      card({}),
      card({}),
      card({}),
      card({}),
      card({}),
      card({sectorID: 'litvish'}),
      card({gender: 'male'}),
      card({born: '1980-01-01'}),
    ]);
    await sql`UPDATE profile SET deleted_at = now() WHERE id = ${deleted}`;
    await sql`UPDATE profile SET closed_at = now() WHERE id = ${closed}`;
    await sql`UPDATE profile SET state = 'pending' WHERE id = ${pending}`;
    await sql`UPDATE profile SET state = 'engaged' WHERE id = ${engaged}`;
    await sql`UPDATE profile SET open_from = current_date + 30 WHERE id = ${later}`;
    const refusesHim = await card({details: {seekAgeMin: 18, seekAgeMax: 22}});
    const [tried, ideaDeclined] = [await card({}), await card({})];
    // Another shadchan marked this pair irrelevant long ago: still never suggested again.
    await sql`INSERT INTO activity (id, type, status, title, summary, male_profile_id, female_profile_id, created_by)
              VALUES (${`a-${nanoid(6)}`}, 'suggestion', 'irrelevant', 'הצעה', '', ${him}, ${tried}, ${other.userID})`;
    const idea = `i-${nanoid(6)}`;
    await sql`INSERT INTO shidduch_idea (id, male_profile_id, female_profile_id, note, sent_by)
              VALUES (${idea}, ${him}, ${ideaDeclined}, 'אולי מתאים', ${other.userID})`;
    await sql`INSERT INTO shidduch_idea_recipient (idea_id, user_id, status, reason, decided_at) VALUES (${idea}, ${shadchan.userID}, 'declined', 'לא מתאים', now())`;

    const ids = await idsFor(shadchan, him);
    expect(ids?.[0]).toBe(best);
    expect(ids).toEqual(expect.arrayContaining([best, fits]));
    for (const hidden of [
      personal,
      chosen,
      deleted,
      closed,
      pending,
      engaged,
      later,
      anotherSector,
      man,
      tooOld,
      refusesHim,
      tried,
      ideaDeclined,
    ]) {
      expect(ids).not.toContain(hidden);
    }
    // The reasons come in words' keys with what they name.
    const [top] = (await suggestedMatches(sql, shadchan, him))!;
    expect(top!.reasons).toEqual(
      expect.arrayContaining([
        {key: 'sameCity', values: {city: 'בני ברק'}},
        {key: 'preferredPlace', values: {side: 'female', place: 'בני ברק'}},
      ]),
    );

    // Chosen to see the card, the shadchan gets it; an administrator sees the personal one as well.
    await sql`INSERT INTO profile_viewer (profile_id, user_id) VALUES (${chosen}, ${shadchan.userID})`;
    expect(await idsFor(shadchan, him)).toContain(chosen);
    expect(await idsFor(admin, him)).toEqual(expect.arrayContaining([personal, chosen, fits]));
    expect(await idsFor(admin, him)).not.toContain(tried);

    // A new activity on a pair, by anyone, takes it off at once.
    await sql`INSERT INTO activity (id, type, status, title, summary, male_profile_id, female_profile_id, created_by)
              VALUES (${`a-${nanoid(6)}`}, 'idea', 'in_progress', 'רעיון', '', ${him}, ${best}, ${other.userID})`;
    expect(await idsFor(shadchan, him)).not.toContain(best);
  });

  test('a card that is not open has none; from the woman’s side, the men', async () => {
    const her = await card({owner: shadchan, born: '2002-05-05'});
    const him = await card({gender: 'male', born: '1999-05-05'});
    expect(await idsFor(shadchan, her)).toContain(him);
    await sql`UPDATE profile SET state = 'engaged' WHERE id = ${her}`;
    expect(await idsFor(shadchan, her)).toEqual([]);
    // Closed, the card is out of a shadchan's sight altogether (not found); an administrator gets none for it.
    await sql`UPDATE profile SET state = 'active', closed_at = now() WHERE id = ${her}`;
    expect(await idsFor(shadchan, her)).toBeUndefined();
    expect(await idsFor(admin, her)).toEqual([]);
  });

  test('over HTTP: a card the user may not see is not found, like one that does not exist; signed out 401', async () => {
    const hidden = await card({owner: other, gender: 'male', database: 'personal'});
    const mine = await card({owner: shadchan, gender: 'male'});
    const b = await signedInAs(api.app, shadchan.userID);
    const refused = await b.get(`/api/profiles/${hidden}/suggestions`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual((await b.get('/api/profiles/p-nothing/suggestions')).body);
    expect(JSON.stringify(refused.body)).not.toContain(hidden);
    const ok = await b.get(`/api/profiles/${mine}/suggestions`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({matches: expect.any(Array)});
    expect((await browser(api.app).get(`/api/profiles/${mine}/suggestions`)).status).toBe(401);
  });
});

describe('the SQL twin of the rules', () => {
  test('ranks a sector of varied cards exactly as the rules do, card by card, score by score', async () => {
    await sql`INSERT INTO sector (id, labels) VALUES (${twin}, ${sql.json({he: 'מגזר תאום'})})`;
    const communities = [`c-${nanoid(6)}`, `c-${nanoid(6)}`];
    for (const id of communities) await sql`INSERT INTO community (id, name) VALUES (${id}, ${`קהילה ${id}`})`;
    const institutions = [`סמינר ${nanoid(5)}`, `ישיבת ${nanoid(5)}`];
    for (const [n, name] of institutions.entries()) {
      await sql`INSERT INTO institution (id, name, type) VALUES (${`i-${nanoid(6)}`}, ${name}, ${n === 0 ? 'seminary' : 'yeshiva'})`;
    }
    // A seeded stream, so that a failure can be run again as it was.
    let state = 20261207;
    const rand = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
    const maybe = <T>(p: number, value: () => T) => (rand() < p ? value() : undefined);
    // Cities of this test's own, so that no other file's search by city meets them; two fold alike.
    const tag = nanoid(4);
    const cities = [`רמת ${tag}`, `רמת-${tag}`, `גבעת ${tag}`, `כפר ${tag}`, `נווה ${tag}`];
    const ids: string[] = [];
    for (let n = 0; n < 160; n++) {
      const gender = n % 2 === 0 ? 'male' : 'female';
      const year = 1992 + Math.floor(rand() * 14);
      const details = Object.fromEntries(
        Object.entries({
          maritalStatus: maybe(0.9, () => pick(['single', 'single', 'single', 'divorced', 'widowed'])),
          height: maybe(0.8, () => 150 + Math.floor(rand() * 40)),
          origin: maybe(0.7, () => pick(['ashkenazi', 'sephardi'])),
          smoker: maybe(0.6, () => rand() < 0.2),
          headCovering: gender === 'female' ? maybe(0.7, () => pick(['wig', 'scarf', 'hat'])) : undefined,
          institution: maybe(0.5, () => pick(institutions)),
          preferredPlace: maybe(0.3, () => pick([`רמת ${tag}`, `גבעת ${tag}`, 'כפר'])),
          preferredInstitution: maybe(0.2, () => pick([institutions[0]!.split(' ')[1]!, institutions[1]!])),
          seekAgeMin: maybe(0.3, () => 20 + Math.floor(rand() * 8)),
          seekAgeMax: maybe(0.3, () => 24 + Math.floor(rand() * 10)),
          seekHeightMin: maybe(0.2, () => 150 + Math.floor(rand() * 20)),
          seekHeightMax: maybe(0.15, () => 170 + Math.floor(rand() * 20)),
          seekMaritalStatus: maybe(0.2, () => (rand() < 0.5 ? ['single'] : ['divorced', 'widowed'])),
          seekHeadCovering: gender === 'male' ? maybe(0.3, () => (rand() < 0.5 ? ['wig'] : ['scarf', 'hat'])) : undefined,
        }).filter(([, value]) => value !== undefined),
      );
      const id = `p-${nanoid(8)}`;
      ids.push(id);
      await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id, community_id, open_from, created_at)
                VALUES (${id}, 'שם', ${id}, ${gender}, ${`${year}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-15`},
                        ${pick(cities)}, ${twin}, 'available', ${other.userID}, ${maybe(0.6, () => pick(communities)) ?? null},
                        ${maybe(0.3, () => `202${Math.floor(rand() * 6)}-0${1 + Math.floor(rand() * 9)}-01`) ?? null},
                        now() - ${`${Math.floor(rand() * 800)} days`}::interval)`;
      await sql`INSERT INTO profile_detail (profile_id, details) VALUES (${id}, ${sql.json(details as never)})`;
    }
    const rows = await sql<
      MatchRow[]
    >`${matchRowsSql(sql, sql`p.sector_id = ${twin} AND (p.open_from IS NULL OR p.open_from <= current_date)`)}`;
    const cards = rows.map(matchCardOf);
    const now = new Date();
    let compared = 0;
    for (const id of ids.slice(0, 40)) {
      const card = cards.find(c => c.id === id);
      if (!card) continue; // not open yet
      const byRules = rankMatches(card, cards, now, 1000).map(r => [r.card.id, r.verdict.score]);
      // The twin's own scores, over the same cards…
      const others = matchRowsSql(
        sql,
        sql`p.sector_id = ${twin} AND p.gender <> ${card.gender} AND (p.open_from IS NULL OR p.open_from <= current_date)`,
      );
      const twinRanked = await sql<{id: string; score: number}[]>`${rankedSql(sql, card, others, now, 1000)}`;
      expect(
        twinRanked.map(r => [r.id, r.score]),
        `the twin's ranking for ${id}`,
      ).toEqual(byRules);
      // …and what the route sends, with the read rule and the exclusions on top (none apply here).
      const sent = (await suggestedMatches(sql, admin, id, now, 1000))!.map(m => [m.id, m.score]);
      expect(sent, `the matches of ${id}`).toEqual(byRules);
      compared += byRules.length;
    }
    // Enough pairs were compared for the test to mean something.
    expect(compared).toBeGreaterThan(200);
  });
});
