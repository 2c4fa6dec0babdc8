/**
 * Scores and goals (issue 17, migrations/0042). Points per kind are the administrator's; a shadchan's
 * month (`shadchanScore`) is written by the database's triggers only; goals by those who edit
 * shadchanim. Read only through app/scores/queries.ts, which applies permissions/scores.ts.
 */
import {enumeration, number, relationships, string, table} from '@rocicorp/zero';
import {user} from './staff.ts';

export type ScoreKind = 'idea' | 'suggestion' | 'date' | 'vort' | 'couple';

export const scorePoints = table('scorePoints')
  .from('score_points')
  .columns({
    kind: enumeration<ScoreKind>(),
    points: number(),
    updatedBy: string().from('updated_by').optional(),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('kind');

/** One shadchan's month (`YYYY-MM`, Asia/Jerusalem): id is `userID:month`. */
export const shadchanScore = table('shadchanScore')
  .from('shadchan_score')
  .columns({
    id: string(),
    userID: string().from('user_id'),
    month: string(),
    ideas: number(),
    suggestions: number(),
    dates: number(),
    vorts: number(),
    couples: number(),
    points: number(),
  })
  .primaryKey('id');

/** A shadchan's goals for a month; the same id as that month's score row. */
export const shadchanGoal = table('shadchanGoal')
  .from('shadchan_goal')
  .columns({
    id: string(),
    userID: string().from('user_id'),
    month: string(),
    suggestions: number(),
    dates: number(),
    setBy: string().from('set_by').optional(),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

export const shadchanScoreRelationships = relationships(shadchanScore, ({one}) => ({
  user: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
}));

export const shadchanGoalRelationships = relationships(shadchanGoal, ({one}) => ({
  user: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
  score: one({sourceField: ['id'], destField: ['id'], destSchema: shadchanScore}),
}));
