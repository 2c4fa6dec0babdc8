/**
 * The one schema shared by the browser and the server: what Zero replicates (see the publication in
 * migrations/0001_core.sql). Server-only tables (session, migrations) and columns (app_user phone,
 * email) are deliberately absent. Timestamps and dates are numbers (ms since epoch, dates at UTC midnight).
 */
import {boolean, createBuilder, createSchema, enumeration, json, number, relationships, string, table} from '@rocicorp/zero';
import type {AuthContext} from './permissions/context.ts';
import type {Permission} from './permissions/labels.ts';
import type {Role} from './permissions/roles.ts';

export type Locale = 'he' | 'en' | 'de' | 'ru';
export type Labels = Partial<Record<Locale, string>> & {he: string};
export type Gender = 'male' | 'female';
export type ProfileDatabase = 'general' | 'personal';

/** Admin-extendable option lists share one shape: a stable id, per-locale labels, an order. */
const optionColumns = {
  id: string(),
  labels: json<Labels>(),
  sort: number(),
  createdAt: number().from('created_at'),
};

const sector = table('sector').columns(optionColumns).primaryKey('id');
const profileStatus = table('profileStatus').from('profile_status').columns(optionColumns).primaryKey('id');

const community = table('community')
  .columns({
    id: string(),
    name: string(),
    createdAt: number().from('created_at'),
  })
  .primaryKey('id');

const user = table('user')
  .from('app_user')
  .columns({
    id: string(),
    name: string(),
    gender: enumeration<Gender>(),
    role: enumeration<Role>(),
    permissions: json<Permission[]>(),
    communityID: string().from('community_id').optional(),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

const profile = table('profile')
  .columns({
    id: string(),
    forename: string(),
    surname: string(),
    gender: enumeration<Gender>(),
    birthDate: number().from('birth_date'),
    city: string(),
    sectorID: string().from('sector_id'),
    statusID: string().from('status_id'),
    database: enumeration<ProfileDatabase>(),
    ownerID: string().from('owner_id'),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

const activity = table('activity')
  .columns({
    id: string(),
    type: enumeration<'idea' | 'suggestion' | 'date' | 'vort'>(),
    status: enumeration<'in_progress' | 'done' | 'irrelevant'>(),
    title: string(),
    summary: string(),
    maleProfileID: string().from('male_profile_id').optional(),
    femaleProfileID: string().from('female_profile_id').optional(),
    reminderAt: number().from('reminder_at').optional(),
    createdBy: string().from('created_by'),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

const userSetting = table('userSetting')
  .from('user_setting')
  .columns({
    userID: string().from('user_id'),
    largeFont: boolean().from('large_font'),
    sidebarCollapsed: boolean().from('sidebar_collapsed'),
    collapsedText: boolean().from('collapsed_text'),
    hoverMenus: boolean().from('hover_menus'),
    sidebarScrollbar: boolean().from('sidebar_scrollbar'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('userID');

const siteSetting = table('siteSetting')
  .from('site_setting')
  .columns({
    id: string(),
    maintenance: boolean(),
    ideaBank: boolean().from('idea_bank'),
    forum: boolean(),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

const profileRelationships = relationships(profile, ({one}) => ({
  owner: one({sourceField: ['ownerID'], destField: ['id'], destSchema: user}),
}));

const activityRelationships = relationships(activity, ({one}) => ({
  maleProfile: one({sourceField: ['maleProfileID'], destField: ['id'], destSchema: profile}),
  femaleProfile: one({sourceField: ['femaleProfileID'], destField: ['id'], destSchema: profile}),
}));

export const schema = createSchema({
  tables: [sector, profileStatus, community, user, profile, activity, userSetting, siteSetting],
  relationships: [profileRelationships, activityRelationships],
});

export type Schema = typeof schema;
export const zql = createBuilder(schema);

declare module '@rocicorp/zero' {
  interface DefaultTypes {
    schema: Schema;
    context: AuthContext;
  }
}
