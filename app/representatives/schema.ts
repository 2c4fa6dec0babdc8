import * as v from 'valibot';
import {toE164} from '../lib/phones.ts';
import {id, text} from '../lib/schema-parts.ts';

/**
 * A representative (spec §3 "Representative", §5 "representative name required"; issue 13): one
 * valibot schema for the form and the mutators on both sides. Issue messages are message keys
 * (app/lib/field-errors.ts). A yeshiva or seminary representative names an institution; a community
 * representative names a community. An email or phone makes them an account to sign in with, which
 * needs a gender (the staff account's own required field).
 */
export const REPRESENTATIVE_ROLES = ['yeshiva', 'seminary', 'community'] as const;

const optionalText = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, 'tooLong'));

const email = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(200, 'tooLong'),
  v.check(typed => typed === '' || v.is(v.pipe(v.string(), v.email()), typed), 'invalidEmail'),
);
const phone = v.pipe(
  v.string(),
  v.trim(),
  v.check(typed => typed === '' || toE164(typed) !== undefined, 'invalidPhone'),
  v.transform(typed => (typed === '' ? '' : toE164(typed)!)),
);

export const representativeSchema = v.pipe(
  v.object({
    id,
    name: text(100),
    role: v.picklist(REPRESENTATIVE_ROLES, 'required'),
    gender: v.picklist(['', 'male', 'female'], 'required'),
    email,
    phone,
    formCoordinator: optionalText(200),
    inquiryContact: optionalText(200),
    phoneHours: optionalText(200),
    placeID: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(40, 'tooLong')),
  }),
  // Checked even while other fields are wrong, so the form shows every error at once.
  v.forward(
    v.partialCheck(
      [['email'], ['phone'], ['gender']],
      args => (args.email === '' && args.phone === '') || args.gender !== '',
      'required',
    ),
    ['gender'],
  ),
);
export type RepresentativeArgs = v.InferOutput<typeof representativeSchema>;

export const representativeRetireSchema = v.object({id, retired: v.boolean()});
export type RepresentativeRetireArgs = v.InferOutput<typeof representativeRetireSchema>;
