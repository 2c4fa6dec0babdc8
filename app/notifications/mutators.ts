import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {assertCan, type AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {notificationActiveSchema, notificationSchema, type NotificationActiveArgs, type NotificationArgs} from './schema.ts';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};
/**
 * The server's own check before a notice is written (server/notifications/mutators.ts): the users it
 * newly names exist (`kept`: those the notice already named). The browser holds only part of the
 * users, so it cannot tell.
 */
export type BeforeWrite = (args: NotificationArgs, kept: readonly string[]) => Promise<void>;

const values = (args: NotificationArgs) => ({
  title: args.title,
  body: args.body,
  audience: args.audience,
  roles: args.roles,
  userIDs: args.userIDs,
  shownFrom: args.from,
  shownUntil: args.until,
});

export async function createNotification({tx, ctx, args}: Write<NotificationArgs>, now: number, before?: BeforeWrite) {
  assertCan(ctx, 'adminNotifications');
  if (await tx.run(zql.adminNotification.where('id', args.id).one())) throw new AppError('unableToSave');
  await before?.(args, []);
  await tx.mutate.adminNotification.insert({
    id: args.id,
    ...values(args),
    active: true,
    createdBy: ctx.userID,
    createdAt: now,
    updatedAt: now,
  });
}

export async function updateNotification({tx, ctx, args}: Write<NotificationArgs>, now: number, before?: BeforeWrite) {
  assertCan(ctx, 'adminNotifications');
  const row = await tx.run(zql.adminNotification.where('id', args.id).one());
  if (!row) throw new AppError('notFound');
  await before?.(args, row.userIDs);
  await tx.mutate.adminNotification.update({id: args.id, ...values(args), updatedAt: now});
}

/** Retires a notice (it stays listed with its reads and is shown to no one) or shows it again. */
export async function setNotificationActive({tx, ctx, args}: Write<NotificationActiveArgs>, now: number) {
  assertCan(ctx, 'adminNotifications');
  if (!(await tx.run(zql.adminNotification.where('id', args.id).one()))) throw new AppError('notFound');
  await tx.mutate.adminNotification.update({id: args.id, active: args.active, updatedAt: now});
}

/** admin/notifications (adminNotifications): write, edit, retire. The popup records reads over REST. */
export const notificationMutators = {
  create: defineMutator(notificationSchema, opts => createNotification(opts, Date.now())),
  update: defineMutator(notificationSchema, opts => updateNotification(opts, Date.now())),
  setActive: defineMutator(notificationActiveSchema, opts => setNotificationActive(opts, Date.now())),
};
