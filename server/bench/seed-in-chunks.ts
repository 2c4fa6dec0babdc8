import {pick, prng, type DemoProfile} from '../db/demo-data.ts';
import {DEMO_USERS, demoProfiles, insertProfiles, seedDemoIfEmpty} from '../db/seed.ts';
import type {Sql} from '../db/sql.ts';

/**
 * WORKAROUND, delete once server/db/seed.ts inserts activities in chunks: the same data as
 * seedDemoIfEmpty(sql, count), with the activity INSERT split under Postgres' bind-parameter limit.
 * The activity rows mirror seed.ts's private insertDemoActivities exactly (same PRNG and seeds).
 */
export async function seedInChunks(sql: Sql, count: number) {
  await seedDemoIfEmpty(sql, 0); // the demo staff and communities, through the real seed
  await sql.begin(async tx => {
    const profiles = await demoProfiles(tx, count);
    await insertProfiles(tx, profiles);
    const rows = demoActivities(profiles);
    for (let i = 0; i < rows.length; i += 5000) await tx`INSERT INTO activity ${tx(rows.slice(i, i + 5000))}`;
  });
}

const ACTIVITY_TYPES = ['idea', 'suggestion', 'date', 'vort'] as const;
const TITLES: Record<(typeof ACTIVITY_TYPES)[number], string> = {idea: 'רעיון', suggestion: 'הצעה', date: 'פגישה', vort: 'סגירת ווארט'};
const SHADCHAN_IDS = DEMO_USERS.filter(u => u.role !== 'admin').map(u => u.id);
const DAY = 24 * 60 * 60 * 1000;

function demoActivities(profiles: readonly DemoProfile[]) {
  const rand = prng(7);
  const men = profiles.filter(p => p.gender === 'male');
  const women = profiles.filter(p => p.gender === 'female');
  if (men.length === 0 || women.length === 0) return [];
  const now = Date.now();
  return Array.from({length: Math.round(profiles.length / 4)}, (_, i) => {
    const man = pick(rand, men);
    const woman = pick(rand, women);
    const type = pick(rand, ACTIVITY_TYPES);
    const reminder = rand() < 0.8 ? new Date(now + Math.round((rand() * 21 - 3) * DAY)) : null;
    return {
      id: `demo-activity-${i}`,
      type,
      status: rand() < 0.85 ? 'in_progress' : 'done',
      title: `${TITLES[type]}: ${man.forename} ${man.surname} – ${woman.forename} ${woman.surname}`,
      male_profile_id: man.id,
      female_profile_id: woman.id,
      reminder_at: reminder,
      created_by: pick(rand, SHADCHAN_IDS),
    };
  });
}
