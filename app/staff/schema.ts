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

/** The roles that serve one community or institution, chosen on the form (issue 30, spec §6). */
export const PLACED_ROLES = ['coordinator', 'representative'] as const satisfies readonly StaffRole[];
export const isPlacedRole = (role: string) => (PLACED_ROLES as readonly string[]).includes(role);

/**
 * A staff member's place as the form's one choice carries it: `community:<id>`, `institution:<id>`, or
 * '' for none (placeOf reads it).
 */
const place = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(60, 'tooLong'),
    v.check(typed => typed === '' || /^(community|institution):[\w-]+$/.test(typed), 'unknownOption'),
  ),
  '',
);
export const placeOf = (value: string) => ({
  communityID: value.startsWith('community:') ? value.slice('community:'.length) : null,
  institutionID: value.startsWith('institution:') ? value.slice('institution:'.length) : null,
});
/** The community or institution a coordinator or representative serves (spec §6, issue 30); other roles none. */
export const staffPlaceOf = (args: {role: string; place: string}) =>
  isPlacedRole(args.role) ? placeOf(args.place) : {communityID: null, institutionID: null};
export const placeValue = (user: {communityID?: string | null; institutionID?: string | null}) =>
  user.communityID ? `community:${user.communityID}` : user.institutionID ? `institution:${user.institutionID}` : '';

const staffFields = v.object({
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
  place,
});
export const staffSchema = v.pipe(
  staffFields,
  // A coordinator or representative serves a place; checked even while other fields are wrong, so the
  // form shows every error at once.
  v.forward(
    v.partialCheck([['role'], ['place']], args => !isPlacedRole(args.role) || args.place !== '', 'required'),
    ['place'],
  ),
);
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
