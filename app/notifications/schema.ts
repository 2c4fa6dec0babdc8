import * as v from 'valibot';
import {ROLES} from '../../permissions/roles.ts';

/** Whom a notice is for: everyone signed in, the users of some roles, or chosen users. */
export const AUDIENCES = ['everyone', 'roles', 'users'] as const;
export type Audience = (typeof AUDIENCES)[number];

const moment = v.nullable(v.pipe(v.string('invalidDate'), v.isoTimestamp('invalidDate')));

/**
 * A notice as admin/notifications writes it (spec §2), shared by the screen and the API server, which
 * checks it again. `id` is the client's (new or edited); from/until are ISO moments or open.
 * Issue messages are codes the screen translates.
 */
export const notificationSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{6,64}$/, 'invalidInput')),
    title: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(200, 'tooLong')),
    body: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(5000, 'tooLong')),
    audience: v.picklist(AUDIENCES, 'invalidInput'),
    roles: v.array(
      v.picklist(
        ROLES.filter(r => r !== 'blocked'),
        'invalidInput',
      ),
    ),
    userIDs: v.pipe(v.array(v.pipe(v.string(), v.nonEmpty(), v.maxLength(64))), v.maxLength(500, 'tooLong')),
    from: moment,
    until: moment,
  }),
  v.forward(
    v.check(n => n.audience !== 'roles' || n.roles.length > 0, 'chooseRoles'),
    ['roles'],
  ),
  v.forward(
    v.check(n => n.audience !== 'users' || n.userIDs.length > 0, 'chooseUsers'),
    ['userIDs'],
  ),
  v.forward(
    v.check(n => !n.from || !n.until || Date.parse(n.until) > Date.parse(n.from), 'untilBeforeFrom'),
    ['until'],
  ),
);
export type NotificationInput = v.InferInput<typeof notificationSchema>;

/** A notice as the admin screen lists it, with how many have read it. */
export type NotificationRow = {
  id: string;
  title: string;
  body: string;
  audience: Audience;
  roles: string[];
  userIDs: string[];
  from: string | null;
  until: string | null;
  active: boolean;
  createdAt: string;
  readCount: number;
};

export type NotificationRead = {userID: string; name: string; readAt: string};
