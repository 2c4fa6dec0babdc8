import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {AppError} from '../../permissions/errors.ts';
import {createNotification, updateNotification} from '../../app/notifications/mutators.ts';
import {notificationSchema, type NotificationArgs} from '../../app/notifications/schema.ts';

/**
 * The users a notice newly names must exist. Those it already named stay, even if they are gone since
 * (the form cannot offer them to take off), so an edit of its text still saves.
 */
async function assertUsersExist(tx: Transaction, args: NotificationArgs, kept: readonly string[]) {
  const added = args.userIDs.filter(id => !kept.includes(id));
  if (added.length === 0) return;
  const known = await tx.run(zql.user.where('id', 'IN', added));
  if (known.length !== added.length) {
    throw new AppError('userUnknown', [{field: 'userIDs', message: 'unknownOption'}]);
  }
}

/** Server versions of app/notifications/mutators.ts: the same checks, then the chosen users against every user. */
export const notificationServerMutators = {
  create: defineMutator(notificationSchema, opts =>
    createNotification(opts, Date.now(), (args, kept) => assertUsersExist(opts.tx, args, kept)),
  ),
  update: defineMutator(notificationSchema, opts =>
    updateNotification(opts, Date.now(), (args, kept) => assertUsersExist(opts.tx, args, kept)),
  ),
};
