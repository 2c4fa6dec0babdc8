/**
 * Deterministic demo activities between demo candidates: the demo's daily work and the bench's load
 * (`--activities N` in all). Like demo-data.ts, each row is a handful of PRNG draws, so a million
 * rows stay cheap to generate.
 */

import {prng, pick, type DemoProfile} from './demo-data.ts';

const TYPES = ['idea', 'suggestion', 'date', 'vort'] as const;
type ActivityType = (typeof TYPES)[number];
/** Most work is ideas and suggestions; few reach a date, fewer a vort. */
const TYPE_WEIGHTS: Record<ActivityType, number> = {idea: 0.35, suggestion: 0.4, date: 0.18, vort: 0.07};

/**
 * Titles name no one: a title is free text that every user who sees the activity reads, while the
 * other side's name is shown only to those who may see that card.
 */
const TITLES: Record<ActivityType, readonly string[]> = {
  idea: ['רעיון לבדיקה', 'רעיון מהשבת', 'רעיון שהציעו ההורים', 'רעיון מחברותא'],
  suggestion: ['הצעה – מחכים לתשובה', 'הצעה חדשה', 'הצעה דרך המשפחה', 'הצעה אחרי בירורים'],
  date: ['פגישה ראשונה', 'פגישה שנייה', 'פגישה שלישית', 'תיאום פגישה'],
  vort: ['סגירת ווארט', 'תיאום ווארט'],
};

const SUMMARIES = [
  'דיברתי עם ההורים, מחכים לתשובה.',
  'הצד השני ביקש עוד זמן לברר.',
  'נקבעה פגישה ראשונה.',
  'הבחור מעוניין, ממתינים לבחורה.',
  'הבירורים עברו בהצלחה.',
  '',
];

const DAY = 24 * 60 * 60 * 1000;
/** How far back the demo's history reaches: a year of work. */
const HISTORY_DAYS = 365;

export type DemoActivity = {
  id: string;
  type: ActivityType;
  status: 'in_progress' | 'done' | 'irrelevant';
  title: string;
  summary: string;
  male_profile_id: string;
  female_profile_id: string;
  reminder_at: Date | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
};

/**
 * `count` activities between random pairs (so each card appears on about 2 × count / cards of them), spread over the last
 * year: older ones are mostly settled (done or irrelevant), recent ones mostly in progress, and about
 * half of the open ones carry a reminder from three days overdue to three weeks ahead.
 */
export function generateActivities(
  profiles: readonly DemoProfile[],
  count: number,
  authorIDs: readonly string[],
  now = Date.now(),
  seed = 7,
): DemoActivity[] {
  const rand = prng(seed);
  const men = profiles.filter(p => p.gender === 'male');
  const women = profiles.filter(p => p.gender === 'female');
  if (men.length === 0 || women.length === 0 || authorIDs.length === 0) return [];
  const pickType = (): ActivityType => {
    let r = rand();
    for (const type of TYPES) if ((r -= TYPE_WEIGHTS[type]) < 0) return type;
    return 'idea';
  };
  return Array.from({length: count}, (_, i) => {
    const man = pick(rand, men);
    const woman = pick(rand, women);
    const type = pickType();
    // Skewed towards recent days: the square makes the last weeks busier than last year.
    const ageDays = HISTORY_DAYS * rand() ** 2;
    const created = now - ageDays * DAY;
    const settled = rand() < Math.min(0.9, ageDays / 120);
    const status = settled ? (rand() < 0.4 ? 'done' : 'irrelevant') : 'in_progress';
    const reminder = status === 'in_progress' && rand() < 0.5 ? new Date(now + (rand() * 24 - 3) * DAY) : null;
    return {
      id: `demo-activity-${i}`,
      type,
      status,
      title: pick(rand, TITLES[type]),
      summary: pick(rand, SUMMARIES),
      male_profile_id: man.id,
      female_profile_id: woman.id,
      reminder_at: reminder,
      created_by: pick(rand, authorIDs),
      created_at: new Date(created),
      updated_at: new Date(Math.min(now, created + rand() * 14 * DAY)),
    };
  });
}
