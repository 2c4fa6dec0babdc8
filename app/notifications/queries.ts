import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {can, type AuthContext} from '../../permissions/context.ts';
import {notificationReadsSchema} from './schema.ts';
import {namedQueries} from '../lib/named-queries.ts';

/** The newest notices the screen lists; older ones are retired long ago. */
const LIST_LIMIT = 200;

// Notices and their reads (who read what, when) are for holders of adminNotifications alone; anyone
// else gets a filter that matches nothing (a primary key is never null), not an error.
const mayRead = (ctx: AuthContext | undefined) => can(ctx, 'adminNotifications');

export const notificationQueries = namedQueries('notifications', {
  /** The notices, live ones first, newest first, each with its reads (the screen counts them). */
  list: defineQuery(({ctx}) => {
    const q = zql.adminNotification
      .related('reads')
      .orderBy('active', 'desc')
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'asc')
      .limit(LIST_LIMIT);
    return mayRead(ctx) ? q : q.where('id', 'IS', null);
  }),
  /** Who read a notice and when, first reader first, with the reader's name. */
  reads: defineQuery(notificationReadsSchema, ({args, ctx}) => {
    const q = zql.adminNotificationRead
      .where('notificationID', args.id)
      .related('reader')
      .orderBy('readAt', 'asc')
      .orderBy('userID', 'asc');
    return mayRead(ctx) ? q : q.where('notificationID', 'IS', null);
  }),
});
