import {randomBytes} from 'node:crypto';
import * as v from 'valibot';
import {representativeSchema} from '../../app/representatives/schema.ts';
import type {Sql} from './sql.ts';
import {hashPassword} from '../auth/passwords.ts';
import {syncRepresentativeAccount} from '../representatives/account.ts';
import {addStaffMember} from '../staff/staff-members.ts';
import {DEMO_INSTITUTIONS, demoDetails} from './demo-details.ts';
import {copyRows} from './bulk-copy.ts';
import {generateActivities} from './demo-activities.ts';
import {seedDemoCouples} from './demo-couples.ts';
import {seedDemoWorkspace} from './demo-workspace.ts';
import {generateProfiles, type DemoProfile} from './demo-data.ts';

/**
 * Demo staff: an admin, three shadchanim with different permissions (one a community coordinator) and a
 * seminary's representative.
 */
export const DEMO_USERS = [
  {
    id: 'demo-admin',
    name: 'רחל אדלר',
    gender: 'female',
    role: 'admin',
    permissions: [],
    place: '',
    phone: '+972501000001',
    email: 'rachel@kesher.example',
    summary: 'admin',
  },
  {
    id: 'demo-coordinator',
    name: 'מרים שטרן',
    gender: 'female',
    role: 'coordinator',
    permissions: ['exportToExcel', 'ideasBank'],
    place: 'community:bnei-brak',
    phone: '+972501000002',
    email: 'miriam@kesher.example',
    summary: 'community coordinator (Bnei Brak): view + edit, ideas bank',
  },
  {
    id: 'demo-shadchan',
    name: 'יעקב כץ',
    gender: 'male',
    role: 'shadchan',
    permissions: ['editTickets', 'ideasBank'],
    place: '',
    phone: '+972501000003',
    email: 'yaakov@kesher.example',
    summary: 'shadchan: view + edit, ideas bank',
  },
  {
    id: 'demo-viewer',
    name: 'דוד אוחנה',
    gender: 'male',
    role: 'shadchan',
    permissions: [],
    place: '',
    phone: '+972501000004',
    email: 'david@kesher.example',
    summary: 'shadchan: view only',
  },
  {
    id: 'demo-representative',
    name: 'חנה לוי',
    gender: 'female',
    role: 'representative',
    permissions: [],
    place: 'institution:wolf',
    phone: '+972501000005',
    email: 'chana@kesher.example',
    summary: 'representative of סמינר וולף: the cards in her care',
  },
] as const;

/** The demo representative represents a seminary (sees its cards); a screen made her the same way. */
const DEMO_REPRESENTATIVE = {
  id: 'demo-rep-wolf',
  name: 'חנה לוי',
  role: 'seminary',
  gender: 'female',
  email: 'chana@kesher.example',
  phone: '+972501000005',
  formCoordinator: 'המזכירות',
  inquiryContact: 'חנה לוי',
  phoneHours: '09:00–13:00',
  placeID: 'wolf',
} as const;

/** Every demo account's password (development and demo data only). */
export const DEMO_PASSWORD = 'kesher-demo';

const COMMUNITIES = [
  {id: 'bnei-brak', name: 'בני ברק'},
  {id: 'jerusalem', name: 'ירושלים'},
  {id: 'beit-shemesh', name: 'בית שמש'},
  {id: 'modiin-illit', name: 'מודיעין עילית'},
];

const SHADCHAN_IDS = DEMO_USERS.filter(u => u.role === 'shadchan' || u.role === 'coordinator').map(u => u.id);

/** A seeded demo account and the password it got. */
export type DemoAccount = {id: string; name: string; email: string; password: string};

/**
 * Seeds the demo staff, ~300 candidates and `activities` activities in all (two per candidate unless told; a year of
 * work, some with reminders), once: a second start keeps the data. Returns the accounts it created (undefined when the database already had users). Development
 * gives every account the published DEMO_PASSWORD; `randomPasswords` (production with SEED_DEMO) gives
 * each its own, which only this answer ever holds.
 */
export async function seedDemoIfEmpty(
  sql: Sql,
  profileCount = 300,
  {
    randomPasswords = false,
    activities = profileCount * 2,
    log = (_line: string) => {},
  }: {randomPasswords?: boolean; activities?: number; log?: (line: string) => void} = {},
): Promise<DemoAccount[] | undefined> {
  return sql.begin(async tx => {
    await tx`LOCK TABLE app_user IN EXCLUSIVE MODE`;
    const [{count}] = (await tx`SELECT count(*)::int AS count FROM app_user`) as unknown as [{count: number}];
    if (count > 0) return undefined;
    await tx`INSERT INTO community ${tx(COMMUNITIES, 'id', 'name')}`;
    await tx`INSERT INTO institution ${tx(
      DEMO_INSTITUTIONS.map(i => ({...i, variations: tx.json([...i.variations])})),
      'id',
      'name',
      'type',
      'variations',
    )}`;
    const accounts = DEMO_USERS.map(u => ({
      id: u.id,
      name: u.name,
      email: u.email,
      password: randomPasswords ? randomBytes(12).toString('base64url') : DEMO_PASSWORD,
    }));
    const hashes = await Promise.all(accounts.map(a => hashPassword(a.password)));
    // Through the same path as the staff.create mutator (server/staff/staff-members.ts): the same
    // validation and duplicate checks; the demo accounts come approved, with a password, with the
    // declaration accepted today (it is asked again a month later) and the commitment form signed
    // (server/agreement/), so the demo opens at once.
    for (const [i, u] of DEMO_USERS.entries()) {
      await addStaffMember(
        tx,
        {
          id: u.id,
          name: u.name,
          phone: u.phone,
          landline: null,
          gender: u.gender,
          role: u.role,
          email: u.email,
          employment: 'in_house',
          printNotes: '',
          availableHours: '',
          place: u.place,
        },
        {
          permissions: u.permissions,
          passwordHash: hashes[i]!,
          approved: true,
          declarationAccepted: true,
          agreementSigned: true,
        },
      );
    }
    // The representative's account was added as a user above (as on /users); saving her representative
    // record links it by its email, as the representatives screen does (server/representatives/account.ts).
    const r = DEMO_REPRESENTATIVE;
    await tx`INSERT INTO representative (id, name, role, gender, email, phone, form_coordinator, inquiry_contact, phone_hours, institution_id)
             VALUES (${r.id}, ${r.name}, ${r.role}, ${r.gender}, ${r.email}, ${r.phone}, ${r.formCoordinator},
                     ${r.inquiryContact}, ${r.phoneHours}, ${r.placeID})`;
    await syncRepresentativeAccount(tx, v.parse(representativeSchema, r));
    // Each phase's time, so a slow seed of a large bench shows where it goes.
    const timed = async <T>(what: string, step: () => Promise<T>) => {
      const start = performance.now();
      const result = await step();
      log(`${what} in ${((performance.now() - start) / 1000).toFixed(1)} s`);
      return result;
    };
    const profiles = await timed(`generated ${profileCount} profiles`, () => demoProfiles(tx, profileCount));
    await insertProfiles(tx, profiles, timed);
    await insertDemoActivities(tx, profiles, activities, timed);
    // The staff of each card's place (migrations/0056) follow the institution the derived columns set:
    // paused for that one pass over the cards and derived once after it.
    await tx`ALTER TABLE profile DISABLE TRIGGER profile_place_staff`;
    await timed('set the derived card columns', () => setDerivedColumns(tx));
    await tx`ALTER TABLE profile ENABLE TRIGGER profile_place_staff`;
    await timed(
      "derived the staff of the cards' places",
      () => tx`INSERT INTO profile_place_staff (profile_id, user_id, kind)
               SELECT p.id, w.user_id, w.kind FROM profile p, place_staff_of(p.community_id, p.institution_id) w
               WHERE p.community_id IS NOT NULL OR p.institution_id IS NOT NULL
               ON CONFLICT DO NOTHING`,
    );
    await seedDemoCouples(tx, profiles);
    await seedDemoWorkspace(tx, profiles);
    return accounts;
  });
}

/** Demo profiles spread over the seeded sectors, statuses and shadchanim. */
async function demoProfiles(sql: Sql, count: number, seed = 1): Promise<DemoProfile[]> {
  const sectorIDs = (await sql<{id: string}[]>`SELECT id FROM sector ORDER BY sort`).map(r => r.id);
  const statusIDs = (await sql<{id: string}[]>`SELECT id FROM profile_status ORDER BY sort`).map(r => r.id);
  return generateProfiles(count, {seed, today: new Date(), sectorIDs, statusIDs, ownerIDs: SHADCHAN_IDS});
}

/**
 * The row triggers that derive a card's search rows (migrations/0026, 0030): per row they cost a
 * function call and a few statements each, so a bulk seed pauses them and derives the same rows once,
 * set-based, with the migrations' own functions.
 */
const DERIVING_TRIGGERS = [
  ['profile', 'profile_keys'],
  ['profile_detail', 'profile_detail_keys'],
  ['profile_detail', 'profile_detail_search'],
  ['profile_detail', 'profile_detail_institution'],
  ['profile', 'profile_place_staff'],
] as const;

type Timed = <T>(what: string, step: () => Promise<T>) => Promise<T>;

async function insertProfiles(sql: Sql, profiles: readonly DemoProfile[], timed: Timed) {
  for (const [table, trigger] of DERIVING_TRIGGERS) await sql`ALTER TABLE ${sql(table)} DISABLE TRIGGER ${sql(trigger)}`;
  await timed('copied the profiles', () =>
    copyRows(
      sql,
      'profile',
      profiles.map(p => ({
        id: p.id,
        forename: p.forename,
        surname: p.surname,
        gender: p.gender,
        birth_date: p.birthDate,
        city: p.city,
        sector_id: p.sectorID,
        status_id: p.statusID,
        database: p.database,
        owner_id: p.ownerID,
        phones: p.phones,
      })),
    ),
  );
  await timed('copied the details', () =>
    copyRows(
      sql,
      'profile_detail',
      profiles.map((p, index) => ({profile_id: p.id, id_number: p.idNumber, details: demoDetails(p, index + 1)})),
    ),
  );
  for (const [table, trigger] of DERIVING_TRIGGERS) await sql`ALTER TABLE ${sql(table)} ENABLE TRIGGER ${sql(trigger)}`;
  // What the paused triggers would have written (the seed runs on an empty database: every card is new).
  await timed(
    'derived the search keys',
    () => sql`INSERT INTO profile_key (profile_id, key) SELECT p.id, k FROM profile p, profile_keys_of(p.id) k`,
  );
  await timed(
    'derived the facets',
    () => sql`INSERT INTO profile_facet (profile_id, field, value, number)
               SELECT d.profile_id, f.* FROM profile_detail d, detail_facets(d.details) f`,
  );
}

/**
 * The card columns the paused triggers keep — the details' preset columns and linked institution
 * (migrations/0026, 0030), the last-activity and last-suggestion times (migrations/0019) — in one
 * pass over the cards: each UPDATE rewrites every card and its indexes, so one pass, not two.
 */
async function setDerivedColumns(sql: Sql) {
  await sql`
    UPDATE profile p
    SET marital_status = d.details->>'maritalStatus',
        height = CASE WHEN jsonb_typeof(d.details->'height') = 'number' THEN (d.details->>'height')::integer END,
        filled_fields = ' ' || coalesce((SELECT string_agg(DISTINCT f.field, ' ' ORDER BY f.field) || ' '
                                         FROM profile_facet f WHERE f.profile_id = p.id), ''),
        institution_id = institution_named(d.details->>'institution'),
        last_activity_at = t.last_activity,
        last_suggestion_at = t.last_suggestion
    FROM profile_detail d
    LEFT JOIN (SELECT c, max(updated_at) AS last_activity, max(created_at) FILTER (WHERE type = 'suggestion') AS last_suggestion
               FROM activity, unnest(ARRAY[male_profile_id, female_profile_id]) AS c
               WHERE c IS NOT NULL GROUP BY c) t ON t.c = d.profile_id
    WHERE d.profile_id = p.id`;
}

export type DemoSelfUser = {tz: string; birthday: string; phone: string; name: string};

/**
 * What to type at /self-user/login for a seeded ticket that is still open (the first by id), as the
 * form takes it: digits-only ID number and national phone, birth date YYYY-MM-DD, "forename surname".
 * Undefined when no demo ticket has self-user details (a database seeded before they existed).
 */
export async function demoSelfUser(sql: Sql): Promise<DemoSelfUser | undefined> {
  const [row] = await sql<DemoSelfUser[]>`
    SELECT id_number AS tz, to_char(birth_date, 'YYYY-MM-DD') AS birthday, phones->>0 AS phone, forename || ' ' || surname AS name
    FROM profile JOIN profile_detail ON profile_id = id
    WHERE id LIKE 'demo-%' AND id_number IS NOT NULL AND jsonb_array_length(phones) > 0 AND closed_at IS NULL
    ORDER BY id LIMIT 1`;
  // Demo phones are Israeli mobiles: +972 5X… is typed 05X….
  return row && {...row, phone: `0${row.phone.slice(4)}`};
}

/**
 * The demo activities in bulk. The per-row triggers that keep the cards' last-activity times and the
 * shadchanim's months (migrations/0042) would recompute a card or a month once per row, so they are
 * paused for the insert; setDerivedColumns then sets the times once, set-based, in the same transaction
 * (the same values the trigger keeps), and rescore_all counts every month once.
 */
async function insertDemoActivities(sql: Sql, profiles: readonly DemoProfile[], count: number, timed: Timed) {
  const rows = await timed(`generated ${count} activities`, async () => generateActivities(profiles, count, SHADCHAN_IDS));
  if (rows.length === 0) return;
  await sql`ALTER TABLE activity DISABLE TRIGGER activity_touches_profiles`;
  await sql`ALTER TABLE activity DISABLE TRIGGER activity_scores`;
  await timed('copied the activities', () => copyRows(sql, 'activity', rows));
  await sql`ALTER TABLE activity ENABLE TRIGGER activity_touches_profiles`;
  await sql`ALTER TABLE activity ENABLE TRIGGER activity_scores`;
  await timed('counted the scores', () => sql`SELECT rescore_all()`);
}
