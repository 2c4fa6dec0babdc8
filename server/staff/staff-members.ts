import type {TransactionSql} from 'postgres';
import * as v from 'valibot';
import {AppError, type FieldIssue} from '../../permissions/errors.ts';
import type {Permission} from '../../permissions/labels.ts';
import {staffPlaceOf, staffSchema, type StaffArgs} from '../../app/staff/schema.ts';

/**
 * Writing staff members (app_user) on the server: the one path for the `staff.create` mutator and for
 * the demo seed (server/db/seed.ts), so both validate and refuse duplicates alike. Runs inside the
 * caller's transaction; callers check the actor's rights first.
 */

/** What only the server sets when it adds a user: grants, a password, approval. */
export type StaffExtras = {
  permissions?: readonly Permission[];
  passwordHash?: string | null;
  approved?: boolean;
  declarationAccepted?: boolean;
  /** The commitment form (user-agreement) counts as signed: the demo's accounts. A new user owes it. */
  agreementSigned?: boolean;
};

/**
 * Which of a mobile number and an email another user (other than `id`) already has: sign-in needs each
 * to be one person's. Shared by staff members and representatives' accounts. Writes of users take one
 * transaction-wide lock first, so two at once cannot both pass.
 */
export async function contactTaken(pg: TransactionSql, user: {id: string; phone: string | null; email: string | null}) {
  await pg`SELECT pg_advisory_xact_lock(hashtext('kesher:staff-members'))`;
  const [taken] = await pg<{phone: boolean | null; email: boolean | null}[]>`
    SELECT bool_or(phone = ${user.phone}) AS phone, bool_or(lower(email) = lower(${user.email})) AS email
    FROM app_user WHERE id <> ${user.id}`;
  return {phone: taken?.phone === true, email: taken?.email === true};
}

/**
 * A name (folded as names are everywhere: fold_name, migrations/0018) or a mobile number another user
 * already has is refused by field (spec §8); an email too.
 */
export async function assertStaffFree(pg: TransactionSql, args: StaffArgs) {
  const taken = await contactTaken(pg, args);
  const [named] = await pg<{name: boolean | null}[]>`
    SELECT bool_or(fold_name(name) = fold_name(${args.name})) AS name FROM app_user WHERE id <> ${args.id}`;
  const issues: FieldIssue[] = [];
  if (named?.name) issues.push({field: 'name', message: 'shadchanNameExists'});
  if (taken.phone) issues.push({field: 'phone', message: 'shadchanPhoneExists'});
  if (taken.email) issues.push({field: 'email', message: 'emailExists'});
  if (issues.length > 0) {
    throw new AppError(named?.name ? 'shadchanNameExists' : taken.phone ? 'shadchanPhoneExists' : 'invalidInput', issues);
  }
}

/** Adds a staff member, pending unless `approved`; re-validates the values whoever calls. */
export async function addStaffMember(pg: TransactionSql, input: StaffArgs, extras: StaffExtras = {}) {
  const args = v.parse(staffSchema, input);
  await assertStaffFree(pg, args);
  await insertUser(pg, args, extras);
}

/**
 * A representative's sign-in account (spec §6 role 'representative'): approved at once, serving the
 * place it represents. The caller has checked the contact is free.
 */
export async function addRepresentativeAccount(pg: TransactionSql, account: RepresentativeAccount) {
  await insertUser(
    pg,
    {...account, role: 'representative', landline: null, employment: 'external', printNotes: '', availableHours: ''},
    {approved: true},
  );
}
export type RepresentativeAccount = Pick<StaffArgs, 'id' | 'name' | 'gender' | 'email' | 'place'> & {phone: string | null};

/** The one INSERT of an app_user: staff from the form and the seed, representatives' accounts. */
async function insertUser(pg: TransactionSql, user: Omit<StaffArgs, 'phone'> & {phone: string | null}, extras: StaffExtras) {
  const {communityID, institutionID} = staffPlaceOf(user);
  await pg`
    INSERT INTO app_user (id, name, gender, role, permissions, community_id, institution_id, phone, landline, email,
                          employment, print_notes, available_hours, password_hash, joined_at, approved_at,
                          declaration_accepted_on, agreement_due)
    VALUES (${user.id}, ${user.name}, ${user.gender}, ${user.role}, ${pg.json([...(extras.permissions ?? [])])},
            ${communityID}, ${institutionID}, ${user.phone}, ${user.landline}, ${user.email}, ${user.employment},
            ${user.printNotes}, ${user.availableHours}, ${extras.passwordHash ?? null},
            ${extras.passwordHash ? new Date() : null}, ${extras.approved ? new Date() : null}, ${extras.declarationAccepted ? new Date() : null},
            ${!extras.agreementSigned})`;
}

/**
 * The columns of an edit that app_user keeps from browsers: contacts and particulars (their copies,
 * staff_contact and staff_detail, follow); name, gender and role go through Zero.
 */
export async function saveStaffPrivate(pg: TransactionSql, args: StaffArgs) {
  await pg`UPDATE app_user SET phone = ${args.phone}, landline = ${args.landline}, email = ${args.email},
                               employment = ${args.employment}, print_notes = ${args.printNotes},
                               available_hours = ${args.availableHours}
           WHERE id = ${args.id}`;
}

/** Ends every session of a blocked user at once; their open pages lose live sync at the next check. */
export async function revokeSessionsOf(pg: TransactionSql, userID: string) {
  await pg`UPDATE session SET revoked_at = now() WHERE user_id = ${userID} AND revoked_at IS NULL`;
}
