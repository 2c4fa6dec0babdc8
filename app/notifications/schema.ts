import * as v from 'valibot';
import {ROLES} from '../../permissions/roles.ts';
import {AUDIENCES} from '../tables/site.ts';
import {id, text} from '../lib/schema-parts.ts';

/** The roles a notice can be addressed to (a blocked user signs in to nothing). */
export const AUDIENCE_ROLES = ROLES.filter(role => role !== 'blocked');

// The last moment Postgres's timestamptz and a JavaScript Date both hold (31-12-9999).
const LAST_MOMENT = 253_402_300_799_999;
/** A moment in ms since the epoch, or open. */
const moment = v.nullable(
  v.pipe(v.number('invalidDate'), v.integer('invalidDate'), v.minValue(0, 'invalidDate'), v.maxValue(LAST_MOMENT, 'invalidDate')),
);

/**
 * A notice as admin/notifications writes it (spec §2; issue 13): one valibot schema for the form and
 * the mutators on both sides. Issue messages are message keys (app/lib/field-errors.ts). The output
 * keeps only the list the audience uses, each id once.
 */
export const notificationSchema = v.pipe(
  v.object({
    id,
    title: text(200),
    body: text(5000),
    audience: v.picklist(AUDIENCES, 'invalidInput'),
    roles: v.pipe(v.array(v.picklist(AUDIENCE_ROLES, 'invalidInput'), 'invalidInput'), v.maxLength(10, 'tooLong')),
    userIDs: v.pipe(v.array(id, 'invalidInput'), v.maxLength(500, 'tooLong')),
    from: moment,
    until: moment,
  }),
  // Checked even while other fields are wrong, so the form shows every error at once.
  v.forward(
    v.partialCheck([['audience'], ['roles']], n => n.audience !== 'roles' || n.roles.length > 0, 'chooseRoles'),
    ['roles'],
  ),
  v.forward(
    v.partialCheck([['audience'], ['userIDs']], n => n.audience !== 'users' || n.userIDs.length > 0, 'chooseUsers'),
    ['userIDs'],
  ),
  v.forward(
    v.partialCheck([['from'], ['until']], n => n.from === null || n.until === null || n.until > n.from, 'untilBeforeFrom'),
    ['until'],
  ),
  v.transform(n => ({
    ...n,
    roles: n.audience === 'roles' ? [...new Set(n.roles)] : [],
    userIDs: n.audience === 'users' ? [...new Set(n.userIDs)] : [],
  })),
);
export type NotificationArgs = v.InferOutput<typeof notificationSchema>;

/** Retiring a notice (shown to no one, still listed with its reads) or showing it again. */
export const notificationActiveSchema = v.object({id, active: v.boolean('invalidInput')});
export type NotificationActiveArgs = v.InferOutput<typeof notificationActiveSchema>;

/** Which notice's reads to list. */
export const notificationReadsSchema = v.object({id});
