import * as v from 'valibot';
import {isoDateToMs} from '../../lib/dates.ts';
import {isValidIsraeliID, normalizeIsraeliID} from '../../lib/israeli-id.ts';
import {moneyText, parseMoney} from '../../lib/money.ts';
import {toE164} from '../../lib/phones.ts';
import {CORE_MAX_LENGTH, DETAIL_FIELDS, OPTIONS, SELF_EDITABLE_FIELDS, type CardField} from './fields.ts';
import {COLOURS} from '../../tables/colours.ts';
import type {CardDetails} from '../../tables/profiles.ts';
import {birthDate} from '../schema.ts';
import {id, text} from '../../lib/schema-parts.ts';

const INSTITUTION_NAME_MAX = 120;

/**
 * The card's details document, built from the catalogue: one valibot schema for the form (field
 * errors), the browser's optimistic mutator and the server's authoritative one. Phone numbers come in
 * as typed and leave in E.164. Issue messages are message keys (app/lib/field-errors.ts).
 */

/** How many numbers a list of phones may hold. */
export const MAX_PHONES = 6;

/** The longest email address (RFC 5321's path limit), as the staff's own email. */
export const EMAIL_MAX = 254;

const phone = v.pipe(
  v.string('invalidPhone'),
  v.trim(),
  v.check(typed => toE164(typed) !== undefined, 'invalidPhone'),
  v.transform(typed => toE164(typed)!),
);

function valueSchema(field: CardField) {
  const kind = field.kind;
  switch (kind.type) {
    case 'text':
    case 'long':
      return field.required
        ? v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(kind.max, 'tooLong'))
        : v.pipe(v.string(), v.trim(), v.maxLength(kind.max, 'tooLong'));
    case 'number':
      return v.pipe(
        v.number('invalidNumber'),
        v.integer('invalidNumber'),
        v.minValue(kind.min, 'outOfRange'),
        v.maxValue(kind.max, 'outOfRange'),
      );
    case 'money':
      // As typed ("1,500 ₪", "$300"), kept as "1500 ILS".
      return v.pipe(
        v.string('invalidAmount'),
        v.trim(),
        v.check(typed => (parseMoney(typed)?.amount ?? Infinity) <= kind.max, 'invalidAmount'),
        v.transform(typed => moneyText(parseMoney(typed)!)),
      );
    case 'choice':
      return v.picklist(Object.keys(OPTIONS[kind.options]), 'unknownOption');
    case 'choices':
      return v.pipe(v.array(v.picklist(Object.keys(OPTIONS[kind.options]), 'unknownOption')), v.maxLength(10, 'tooLong'));
    case 'yesNo':
      return v.boolean('unknownOption');
    case 'phone':
      return field.required ? v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), phone) : phone;
    case 'phones':
      return v.pipe(
        v.array(phone, 'invalidPhone'),
        field.required ? v.minLength(1, 'required') : v.minLength(0),
        v.maxLength(MAX_PHONES, 'tooLong'),
      );
    case 'email': {
      // Stored in lower case, so a verified address (profile.verified_emails) is found however it was typed.
      const email = v.pipe(
        v.string('invalidEmail'),
        v.trim(),
        v.maxLength(EMAIL_MAX, 'tooLong'),
        v.email('invalidEmail'),
        v.toLowerCase(),
      );
      return field.required ? v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), email) : email;
    }
    case 'institution':
      // The name as typed or picked; the server checks it names an institution (server/zero/mutators.ts).
      return v.pipe(v.string(), v.trim(), v.maxLength(INSTITUTION_NAME_MAX, 'tooLong'));
    case 'idNumber':
    case 'community':
      throw new Error(`${field.key} is a column, not a detail`);
  }
}

export const detailsSchema = v.strictObject(
  Object.fromEntries(
    DETAIL_FIELDS.map(field => {
      const schema = valueSchema(field);
      return [field.key, field.required ? schema : v.optional(schema)];
    }),
  ),
  'unknownField',
);
/**
 * The details a temporary card may still lack (issue 31: a legacy sheet's rows come in as temporary
 * cards that list what is missing): the catalogue's required details. Everything else a temporary card
 * holds passes the same checks as any card's.
 */
export const LACKABLE_DETAILS: readonly CardField[] = DETAIL_FIELDS.filter(f => f.required);
export const temporaryDetailsSchema = v.strictObject(
  Object.fromEntries(DETAIL_FIELDS.map(({required: _, ...field}) => [field.key, v.optional(valueSchema(field))])),
  'unknownField',
);

/** The required details a card has no value for (an empty list of phones counts as none). */
export const missingDetails = (details: Partial<Record<string, unknown>>) =>
  LACKABLE_DETAILS.filter(f => {
    const value = details[f.key];
    return value == null || value === '' || (Array.isArray(value) && value.length === 0);
  });

/** The details an edit changes: only those present are touched, and null clears an optional one. */
export const detailsPatchSchema = v.strictObject(
  Object.fromEntries(
    DETAIL_FIELDS.map(field => {
      const schema = valueSchema(field);
      return [field.key, v.optional(field.required ? schema : v.nullable(schema))];
    }),
  ),
  'unknownField',
);

/**
 * What a candidate sends to change their own ticket (server/self-edit): the details of
 * SELF_EDITABLE_FIELDS, each checked as in a staff edit; any other key is refused (unknownField).
 */
export const selfDetailsPatchSchema = v.strictObject(
  Object.fromEntries(SELF_EDITABLE_FIELDS.map(key => [key, detailsPatchSchema.entries[key]!])),
  'unknownField',
);

/** An ID number as typed: digits (spaces and dashes ignored), with a valid check digit, stored as nine digits. */
export const idNumberSchema = v.pipe(
  v.string('invalidId'),
  v.trim(),
  v.check(typed => normalizeIsraeliID(typed) !== undefined, 'digitsOnly'),
  v.check(isValidIsraeliID, 'invalidId'),
  v.transform(typed => normalizeIsraeliID(typed)!),
);

const isoDate = v.pipe(
  v.string('invalidDate'),
  v.check(iso => isoDateToMs(iso) !== undefined, 'invalidDate'),
);

/** The card's own columns beside the details, as the edit form saves them. */
export const cardColumnsSchema = {
  idNumber: v.nullable(idNumberSchema),
  communityID: v.nullable(v.pipe(v.string(), v.nonEmpty('required'), v.maxLength(40, 'tooLong'))),
  openFrom: v.nullable(isoDate),
  colour: v.nullable(v.picklist(COLOURS, 'unknownOption')),
  details: detailsSchema,
};

/** The ticket's contact email (lower case), the one the candidate verifies on their email screen. */
export const listedEmail = (details: CardDetails): string | undefined =>
  typeof details.email === 'string' && details.email !== '' ? details.email : undefined;

/** The card's own numbers (the candidate's and the parents'): the ones a candidate may sign in with. */
export const listedPhones = (details: CardDetails): string[] =>
  (['candidatePhone', 'fatherPhone', 'motherPhone', 'extraPhone'] as const).flatMap(key => {
    const value = details[key];
    return typeof value === 'string' ? [value] : [];
  });

/** The status a new card starts in (seeded by migrations/0002_lookups.sql). */
export const INITIAL_STATUS_ID = 'available';

/*
 * The card's schemas as the forms send them, apart from the mutators (mutators.ts, which stand on Zero): the
 * public candidate form checks with them and loads no Zero (issue 35).
 */

/** A card's values as the form sends them (new or edited). */
const cardValues = {
  forename: text(CORE_MAX_LENGTH.forename),
  surname: text(CORE_MAX_LENGTH.surname),
  gender: v.picklist(['male', 'female'], 'required'),
  city: text(CORE_MAX_LENGTH.city),
  birthDate,
  sectorID: id,
  statusID: id,
  ...cardColumnsSchema,
};

/** A whole card with the revision it is at: what an edit's patch becomes once laid over the stored card. */
export type CardSave = v.InferOutput<v.ObjectSchema<typeof cardValues, undefined>> & {id: string; revision: number};

const {details: _, ...cardColumns} = cardValues;

/**
 * An edit of a card (the edit form, the list's quick edit, a value restored from the history): only
 * the fields the user changed, and the revision their form shows. A field left out is not touched; a
 * detail set to null is cleared (a required one cannot be). Each present value passes the same checks
 * as in a whole card.
 */
export const cardPatchSchema = v.object({
  id,
  revision: v.pipe(v.number(), v.integer(), v.minValue(0)),
  ...v.partial(v.object(cardColumns)).entries,
  details: v.optional(detailsPatchSchema),
});
export type CardPatch = v.InferOutput<typeof cardPatchSchema>;

/**
 * A new card (spec §2 "new profile"): the general or the user's personal database; `temporary` puts
 * it in that database's temporary variant, awaiting approval (§4 pending), which needs the matching
 * temporary-database permission.
 */
export const cardCreateSchema = v.object({
  id,
  ...cardValues,
  database: v.picklist(['general', 'personal'], 'required'),
  temporary: v.boolean(),
});
export type CardCreate = v.InferOutput<typeof cardCreateSchema>;

/**
 * What a candidate sends through a shadchan's public link (spec §4 "a profile sent by the candidate"):
 * the same card without the staff's own choices. The server gives it an id, puts it in the general
 * database with the initial status, and leaves it pending until an approver allows it.
 */
export const candidateCardSchema = v.omit(cardCreateSchema, ['id', 'database', 'temporary', 'statusID', 'colour', 'openFrom']);
export type CandidateCard = v.InferOutput<typeof candidateCardSchema>;
