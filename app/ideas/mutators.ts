import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {assertCan, can, type AuthContext} from '../../permissions/context.ts';
import {assertSideCard} from '../../permissions/engaged-couples.ts';
import {AppError} from '../../permissions/errors.ts';
import {effectivePermissions} from '../../permissions/roles.ts';
import {assertCards, insertActivity} from '../activities/mutators.ts';
import {
  ideaAcceptSchema,
  ideaDeclineSchema,
  ideaSendSchema,
  type IdeaAcceptArgs,
  type IdeaDeclineArgs,
  type IdeaSendArgs,
} from './schema.ts';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

/**
 * Who an idea goes to: the shadchanim responsible for its cards, that is each card's owner other than
 * the sender, who may use the ideas bank (a blocked user holds nothing). Read on the server, which
 * holds every card and user; the browser's optimistic idea waits for the server's recipients.
 */
async function recipientsOf(tx: Transaction, ctx: AuthContext, args: IdeaSendArgs): Promise<string[]> {
  const owners = new Set<string>();
  for (const cardID of [args.maleProfileID, args.femaleProfileID]) {
    const card = await tx.run(zql.profile.where('id', cardID).one());
    if (card && card.ownerID !== ctx.userID) owners.add(card.ownerID);
  }
  const recipients: string[] = [];
  for (const userID of owners) {
    const user = await tx.run(zql.user.where('id', userID).related('detail').one());
    const permissions = effectivePermissions(user?.role ?? 'blocked', user?.detail?.permissions, user?.detail?.withheld);
    if (user && can({userID, role: user.role, permissions}, 'ideasBank')) {
      recipients.push(userID);
    }
  }
  return recipients;
}

/**
 * Sends a shidduch idea (only while the site's idea-bank switch is on): two cards the sender may see,
 * each on its side, to their shadchanim. An idea nobody could receive (the sender owns both cards, or
 * the owners may not use the bank) is refused rather than left unanswered.
 */
export async function sendIdea({tx, ctx, args}: Write<IdeaSendArgs>, now: number) {
  assertCan(ctx, 'ideasBank');
  if (tx.location !== 'server') {
    await tx.mutate.shidduchIdea.insert({...args, sentBy: ctx.userID, createdAt: now});
    return;
  }
  const site = await tx.run(zql.siteSetting.where('id', 'site').one());
  if (!site?.ideaBank) throw new AppError('forbidden');
  await assertSideCard(tx, ctx, 'male', args.maleProfileID);
  await assertSideCard(tx, ctx, 'female', args.femaleProfileID);
  if (await tx.run(zql.shidduchIdea.where('id', args.id).one())) throw new AppError('unableToSave');
  const recipients = await recipientsOf(tx, ctx, args);
  if (recipients.length === 0) throw new AppError('invalidInput', [{field: 'pair', message: 'ideaNoRecipient'}]);
  await tx.mutate.shidduchIdea.insert({...args, sentBy: ctx.userID, createdAt: now});
  for (const userID of recipients) {
    await tx.mutate.shidduchIdeaRecipient.insert({ideaID: args.id, userID, status: 'open'});
  }
}

/**
 * The user's own open place among an idea's recipients, or a refusal: someone else's idea is not found
 * (whoever may see it), and an answer is given once. On the server the row is locked first, so two
 * answers at the same moment cannot both pass.
 */
async function openAnswer(tx: Transaction, ctx: AuthContext, ideaID: string) {
  if (tx.location === 'server') {
    await tx.dbTransaction.query('SELECT 1 FROM shidduch_idea_recipient WHERE idea_id = $1 AND user_id = $2 FOR UPDATE', [
      ideaID,
      ctx.userID,
    ]);
  }
  const mine = await tx.run(zql.shidduchIdeaRecipient.where('ideaID', ideaID).where('userID', ctx.userID).one());
  const idea = mine && (await tx.run(zql.shidduchIdea.where('id', ideaID).one()));
  if (!mine || !idea) throw new AppError('notFound');
  if (mine.status !== 'open') throw new AppError('invalidInput', [{field: 'status', message: 'ideaAnswered'}]);
  return idea;
}

/**
 * A recipient accepts: an activity of type idea for the pair, theirs, in progress, linked from their
 * answer. It is an activity like one entered by hand, so it needs what activities.create needs: editTickets,
 * and both cards ones the recipient may see now (a card may have been hidden since the idea was sent).
 */
export async function acceptIdea({tx, ctx, args}: Write<IdeaAcceptArgs>, now: number) {
  assertCan(ctx, 'ideasBank');
  assertCan(ctx, 'editTickets');
  const idea = await openAnswer(tx, ctx, args.ideaID);
  const activity = {
    id: args.activityID,
    type: 'idea',
    status: 'in_progress',
    title: args.title,
    summary: idea.note,
    maleProfileID: idea.maleProfileID,
    femaleProfileID: idea.femaleProfileID,
    reminderAt: null,
    callDurationSeconds: null,
    callerNumber: null,
  } as const;
  await assertCards(tx, ctx, activity);
  await insertActivity(tx, ctx.userID, activity, now);
  await tx.mutate.shidduchIdeaRecipient.update({
    ideaID: args.ideaID,
    userID: ctx.userID,
    status: 'accepted',
    activityID: args.activityID,
    decidedAt: now,
  });
}

/** A recipient declines, with the reason the sender reads. */
export async function declineIdea({tx, ctx, args}: Write<IdeaDeclineArgs>, now: number) {
  assertCan(ctx, 'ideasBank');
  await openAnswer(tx, ctx, args.ideaID);
  await tx.mutate.shidduchIdeaRecipient.update({
    ideaID: args.ideaID,
    userID: ctx.userID,
    status: 'declined',
    reason: args.reason,
    decidedAt: now,
  });
}

export const ideaMutators = {
  send: defineMutator(ideaSendSchema, opts => sendIdea(opts, Date.now())),
  accept: defineMutator(ideaAcceptSchema, opts => acceptIdea(opts, Date.now())),
  decline: defineMutator(ideaDeclineSchema, opts => declineIdea(opts, Date.now())),
};
