/**
 * Settings (per user and site-wide) and the administrators' notices.
 */
import {boolean, enumeration, json, number, relationships, string, table} from '@rocicorp/zero';
import type {Role} from '../../permissions/roles.ts';
import type {Locale} from './shared.ts';
import {user} from './staff.ts';

/** Whom a notice is for: everyone signed in, the users of some roles, or chosen users. */
export const AUDIENCES = ['everyone', 'roles', 'users'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const userSetting = table('userSetting')
  .from('user_setting')
  .columns({
    userID: string().from('user_id'),
    largeFont: boolean().from('large_font'),
    sidebarCollapsed: boolean().from('sidebar_collapsed'),
    collapsedText: boolean().from('collapsed_text'),
    hoverMenus: boolean().from('hover_menus'),
    sidebarScrollbar: boolean().from('sidebar_scrollbar'),
    hebrewDates: boolean().from('hebrew_dates'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('userID');

export const siteSetting = table('siteSetting')
  .from('site_setting')
  .columns({
    id: string(),
    maintenance: boolean(),
    ideaBank: boolean().from('idea_bank'),
    forum: boolean(),
    defaultLanguage: enumeration<Locale>().from('default_language'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

// admin/notifications (issue 13, migrations/0029): the notices shown after sign-in and who read them.
// Synced only to holders of adminNotifications (app/notifications/queries.ts); the popup reads REST.
export const adminNotification = table('adminNotification')
  .from('admin_notification')
  .columns({
    id: string(),
    title: string(),
    body: string(),
    audience: enumeration<Audience>(),
    // Postgres text[] columns, which Zero carries as JSON arrays.
    roles: json<Role[]>(),
    userIDs: json<string[]>().from('user_ids'),
    shownFrom: number().from('shown_from').optional(),
    shownUntil: number().from('shown_until').optional(),
    active: boolean(),
    createdBy: string().from('created_by').optional(),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

/** A user read a notice (written by the popup's REST route, once per user and notice). */
export const adminNotificationRead = table('adminNotificationRead')
  .from('admin_notification_read')
  .columns({
    notificationID: string().from('notification_id'),
    userID: string().from('user_id'),
    readAt: number().from('read_at'),
  })
  .primaryKey('notificationID', 'userID');

export const adminNotificationRelationships = relationships(adminNotification, ({many}) => ({
  reads: many({sourceField: ['id'], destField: ['notificationID'], destSchema: adminNotificationRead}),
}));

export const adminNotificationReadRelationships = relationships(adminNotificationRead, ({one}) => ({
  reader: one({sourceField: ['userID'], destField: ['id'], destSchema: user}),
}));
