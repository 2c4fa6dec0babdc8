/**
 * Staff: the users (all roles) and their contacts, which only some may see (zero-schema.ts assembles).
 */
import type {Permission} from '../../permissions/labels.ts';
import type {Role} from '../../permissions/roles.ts';
import {enumeration, json, number, string, table} from '@rocicorp/zero';
import type {Employment, Gender} from './shared.ts';

export const user = table('user')
  .from('app_user')
  .columns({
    id: string(),
    name: string(),
    gender: enumeration<Gender>(),
    role: enumeration<Role>(),
    // The community or institution a coordinator or representative serves (issue 30, migrations/0050).
    communityID: string().from('community_id').optional(),
    institutionID: string().from('institution_id').optional(),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
    // Issue 13 (migrations/0022): pending until approved; a blocked user's role is 'blocked' and
    // blockedFromRole the one unblocking gives back.
    approvedAt: number().from('approved_at').optional(),
    blockedFromRole: enumeration<Role>().from('blocked_from_role').optional(),
  })
  .primaryKey('id');

/**
 * A staff member's particulars (migrations/0046): a copy of app_user's columns kept by the database, read
 * through permissions/staff.ts (the user themselves, and those who manage staff or see their details).
 * Written by the server on app_user; a browser writes the copy only to show its own change at once.
 */
export const staffDetail = table('staffDetail')
  .from('staff_detail')
  .columns({
    userID: string().from('user_id'),
    // Rights beyond the role's preset, and those of the preset withheld (migrations/0050).
    permissions: json<Permission[]>(),
    withheld: json<Permission[]>(),
    employment: enumeration<Employment>(),
    printNotes: string().from('print_notes'),
    availableHours: string().from('available_hours'),
    // Kept by the database from the shadchan's months (migrations/0042); the monthly score is that month's row.
    score: number(),
    totalSuggestions: number().from('total_suggestions'),
    // Issue 30 (migrations/0049): the last invitation sent, and when a password was first chosen.
    invitedAt: number().from('invited_at').optional(),
    joinedAt: number().from('joined_at').optional(),
  })
  .primaryKey('userID');

/**
 * A staff member's contact numbers and email (migrations/0022): a copy of app_user's server-only
 * columns kept by the database. Written by the database only; read through app/staff/queries.ts, which
 * lets it through only to those who may see it.
 */
export const staffContact = table('staffContact')
  .from('staff_contact')
  .columns({
    userID: string().from('user_id'),
    phone: string().optional(),
    email: string().optional(),
    landline: string().optional(),
  })
  .primaryKey('userID');

// The user's relationships live in profiles.ts: one of them reaches the profiles, which import this file.
