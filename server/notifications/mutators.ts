import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {AppError} from '../../permissions/errors.ts';
import {createNotification, updateNotification} from '../../app/notifications/mutators.ts';
import {notificationSchema, type NotificationArgs} from '../../app/notifications/schema.ts';

/** The users a notice is addressed to must exist (a blocked one may stay on a notice that named them). */
async function assertUsersExist(tx: Transaction, args: NotificationArgs) {
  if (args.userIDs.length === 0) return;
  const known = await tx.run(zql.user.where('id', 'IN', args.userIDs));
  if (known.length !== args.userIDs.length) {
    throw new AppError('userUnknown', [{field: 'userIDs', message: 'unknownOption'}]);
  }
}

/** Server versions of app/notifications/mutators.ts: the same checks, then the chosen users against every user. */
export const notificationServerMutators = {
  create: defineMutator(notificationSchema, opts =>
    createNotification(opts, Date.now(), args => assertUsersExist(opts.tx, args)),
  ),
  update: defineMutator(notificationSchema, opts =>
    updateNotification(opts, Date.now(), args => assertUsersExist(opts.tx, args)),
  ),
};
