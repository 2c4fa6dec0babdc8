import type {TransactionSql} from 'postgres';
import * as v from 'valibot';
import {AppError, type FieldIssue} from '../../permissions/errors.ts';
import type {Permission} from '../../permissions/labels.ts';
import {staffSchema, type StaffArgs} from '../../app/staff/schema.ts';

/**
 * Writing staff members (app_user) on the server: the one path for the `staff.create` mutator and for
 * the demo seed (server/db/seed.ts), so both validate and refuse duplicates alike. Runs inside the
 * caller's transaction; callers check the actor's rights first.
 */

/** What only the server sets when it adds a user: grants, a community, a password, approval. */
export type StaffExtras = {
  permissions?: readonly Permission[];
  communityID?: string | null;
  passwordHash?: string | null;
  approved?: boolean;
  declarationAccepted?: boolean;
  /** The commitment form (user-agreement) counts as signed: the demo's accounts. A new user owes it. */
  agreementSigned?: boolean;
};

/**
 * A name (folded as names are everywhere: fold_name, migrations/0018) or a mobile number another user
 * already has is refused by field (spec §8); an email too, which sign-in needs to be one person's.
 * Staff writes take one transaction-wide lock first, so two at once cannot both pass.
 */
export async function assertStaffFree(pg: TransactionSql, args: StaffArgs) {
  await pg`SELECT pg_advisory_xact_lock(hashtext('kesher:staff-members'))`;
  const [taken] = await pg<{name: boolean; phone: boolean; email: boolean}[]>`
    SELECT bool_or(fold_name(name) = fold_name(${args.name})) AS name,
           bool_or(phone = ${args.phone}) AS phone,
           bool_or(${args.email}::text IS NOT NULL AND lower(email) = lower(${args.email})) AS email
    FROM app_user WHERE id <> ${args.id}`;
  const issues: FieldIssue[] = [];
  if (taken?.name) issues.push({field: 'name', message: 'shadchanNameExists'});
  if (taken?.phone) issues.push({field: 'phone', message: 'shadchanPhoneExists'});
  if (taken?.email) issues.push({field: 'email', message: 'emailExists'});
  if (issues.length > 0) {
    throw new AppError(taken?.name ? 'shadchanNameExists' : taken?.phone ? 'shadchanPhoneExists' : 'invalidInput', issues);
  }
}

/** Adds a staff member, pending unless `approved`; re-validates the values whoever calls. */
export async function addStaffMember(pg: TransactionSql, input: StaffArgs, extras: StaffExtras = {}) {
  const args = v.parse(staffSchema, input);
  await assertStaffFree(pg, args);
  await pg`
    INSERT INTO app_user (id, name, gender, role, permissions, community_id, phone, landline, email, employment,
                          print_notes, available_hours, password_hash, approved_at, declaration_accepted_on,
                          agreement_due)
    VALUES (${args.id}, ${args.name}, ${args.gender}, ${args.role}, ${pg.json([...(extras.permissions ?? [])])},
            ${extras.communityID ?? null}, ${args.phone}, ${args.landline}, ${args.email}, ${args.employment},
            ${args.printNotes}, ${args.availableHours}, ${extras.passwordHash ?? null},
            ${extras.approved ? new Date() : null}, ${extras.declarationAccepted ? new Date() : null},
            ${!extras.agreementSigned})`;
}

/** The server-only columns of an edit (phone, landline, email); the rest goes through Zero. */
export async function saveStaffContact(pg: TransactionSql, args: StaffArgs) {
  await pg`UPDATE app_user SET phone = ${args.phone}, landline = ${args.landline}, email = ${args.email}
           WHERE id = ${args.id}`;
}

/** Ends every session of a blocked user at once; their open pages lose live sync at the next check. */
export async function revokeSessionsOf(pg: TransactionSql, userID: string) {
  await pg`UPDATE session SET revoked_at = now() WHERE user_id = ${userID} AND revoked_at IS NULL`;
}
