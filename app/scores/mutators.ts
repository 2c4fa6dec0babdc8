import {defineMutator} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {AppError} from '../../permissions/errors.ts';
import {assertManagesGoals, assertSetsPoints} from '../../permissions/scores.ts';
import {goalKeySchema, goalSchema, monthRowID, pointsSchema, SCORE_KINDS} from './schema.ts';

/**
 * Scores and goals (issue 17). The points are the administrator's; the database counts the months again
 * when they change (migrations/0042), so every score follows. Goals are set by whoever edits shadchanim,
 * for a staff member who makes matches.
 */
export const scoreMutators = {
  setPoints: defineMutator(pointsSchema, async ({tx, ctx, args}) => {
    assertSetsPoints(ctx);
    const now = Date.now();
    for (const kind of SCORE_KINDS) {
      await tx.mutate.scorePoints.upsert({kind, points: args[kind], updatedBy: ctx.userID, updatedAt: now});
    }
  }),

  setGoal: defineMutator(goalSchema, async ({tx, ctx, args}) => {
    assertManagesGoals(ctx);
    const shadchan = await tx.run(
      zql.user.where('id', args.userID).where('role', 'IN', ['admin', 'coordinator', 'shadchan']).one(),
    );
    if (!shadchan) throw new AppError('userUnknown', [{field: 'userID', message: 'unknownOption'}]);
    await tx.mutate.shadchanGoal.upsert({
      id: monthRowID(args.userID, args.month),
      userID: args.userID,
      month: args.month,
      suggestions: args.suggestions,
      dates: args.dates,
      setBy: ctx.userID,
      updatedAt: Date.now(),
    });
  }),

  removeGoal: defineMutator(goalKeySchema, async ({tx, ctx, args}) => {
    assertManagesGoals(ctx);
    const goalID = monthRowID(args.userID, args.month);
    if (await tx.run(zql.shadchanGoal.where('id', goalID).one())) await tx.mutate.shadchanGoal.delete({id: goalID});
  }),
};
