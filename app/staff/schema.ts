import * as v from 'valibot';
import {toE164} from '../lib/phones.ts';
import {id, text} from '../lib/schema-parts.ts';

/**
 * A shadchan (staff member, spec §3 Shadchan; issue 13): one valibot schema for the form (errors by
 * field) and for the mutators on both sides. Issue messages are message keys (app/lib/field-errors.ts).
 * Required per §5: name, mobile, gender and role; the landline and email are optional.
 */
export const STAFF_ROLES = ['admin', 'shadchan', 'coordinator', 'representative'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const EMPLOYMENTS = ['in_house', 'external'] as const;
export const STAFF_STATES = ['pending', 'active', 'blocked'] as const;
export type StaffState = (typeof STAFF_STATES)[number];

/** A phone number as typed → E.164 (the app's one phone helper), or the field's one error. */
const phone = v.config(
  v.pipe(
    v.string('required'),
    v.trim(),
    v.nonEmpty('required'),
    v.check(typed => toE164(typed) !== undefined, 'invalidPhone'),
    v.transform(typed => toE164(typed)!),
  ),
  {abortPipeEarly: true},
);
/** An optional text field: empty (or null) means none. */
const optional = <S extends v.GenericSchema<string, string>>(schema: S) =>
  v.pipe(
    v.nullable(v.string()),
    v.transform(typed => typed?.trim() || null),
    v.nullable(schema),
  );

export const staffSchema = v.object({
  id,
  name: text(100),
  phone,
  landline: optional(phone),
  gender: v.picklist(['male', 'female'], 'required'),
  role: v.picklist(STAFF_ROLES, 'required'),
  email: optional(v.pipe(v.string(), v.maxLength(254, 'tooLong'), v.email('invalidEmail'), v.toLowerCase())),
  employment: v.picklist(EMPLOYMENTS, 'required'),
  printNotes: v.pipe(v.string(), v.trim(), v.maxLength(2000, 'tooLong')),
  availableHours: v.pipe(v.string(), v.trim(), v.maxLength(500, 'tooLong')),
});
export type StaffArgs = v.InferOutput<typeof staffSchema>;

export const staffIDSchema = v.object({id});

/** The staff list (/users): a search over name, phone and email, a role and a state. */
export const staffListSchema = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
  role: v.optional(v.picklist([...STAFF_ROLES, 'blocked'])),
  state: v.optional(v.picklist(STAFF_STATES)),
});
export type StaffListArgs = v.InferOutput<typeof staffListSchema>;

/** A user's state as the list and the form show it (migrations/0022). */
export function staffStateOf(user: {role: string; approvedAt?: number | null | undefined}): StaffState {
  if (user.role === 'blocked') return 'blocked';
  return user.approvedAt == null ? 'pending' : 'active';
}
