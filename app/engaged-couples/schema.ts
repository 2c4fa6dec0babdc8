import * as v from 'valibot';
import {isValidIsraeliID, normalizeIsraeliID} from '../lib/israeli-id.ts';
import type {CoupleStatus} from '../tables/engaged-couples.ts';
import {id, text} from '../lib/schema-parts.ts';

/**
 * An engaged couple (spec §3 "Engaged couple", §5; issue 15): one valibot schema for the couple form,
 * the mazal-tov form and the mutators on both sides. Issue messages are message keys
 * (app/lib/field-errors.ts). Each side is a card chosen from the system and/or a typed name with an
 * ID number; §5: at least one side has an ID number, and a side without one is a chosen card.
 */
export const COUPLE_STATUSES = ['pending', 'confirmed', 'rejected', 'undone'] as const satisfies readonly CoupleStatus[];

const optionalText = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, 'tooLong'));

/** An ID number that may be left empty; a typed one needs a valid check digit and is kept as nine digits. */
const optionalIDNumber = v.pipe(
  v.string(),
  v.trim(),
  v.check(typed => typed === '' || normalizeIsraeliID(typed) !== undefined, 'digitsOnly'),
  v.check(typed => typed === '' || isValidIsraeliID(typed), 'invalidId'),
  v.transform(typed => (typed === '' ? '' : normalizeIsraeliID(typed)!)),
);

const card = v.nullable(id);

const coupleValues = {
  maleProfileID: card,
  maleName: text(120),
  maleIDNumber: optionalIDNumber,
  femaleProfileID: card,
  femaleName: text(120),
  femaleIDNumber: optionalIDNumber,
  fatherName: optionalText(120),
  /** The making shadchan (a staff user); the mazal-tov form sets the reporting shadchan. */
  shadchanID: card,
  rabbi: optionalText(120),
  note: optionalText(2000),
};
// §5, checked even while other fields are wrong, so the form shows every error at once: at least one
// side has an ID number, and a side without one is a card chosen from the system.
export const coupleSchema = v.pipe(
  v.object({id, ...coupleValues}),
  v.forward(
    v.partialCheck(
      [['maleIDNumber'], ['femaleIDNumber']],
      c => c.maleIDNumber !== '' || c.femaleIDNumber !== '',
      'coupleNeedsID',
    ),
    ['maleIDNumber'],
  ),
  v.forward(
    v.partialCheck(
      [['maleProfileID'], ['maleIDNumber']],
      c => c.maleProfileID !== null || c.maleIDNumber !== '',
      'coupleSideNeedsCard',
    ),
    ['maleIDNumber'],
  ),
  v.forward(
    v.partialCheck(
      [['femaleProfileID'], ['femaleIDNumber']],
      c => c.femaleProfileID !== null || c.femaleIDNumber !== '',
      'coupleSideNeedsCard',
    ),
    ['femaleIDNumber'],
  ),
);
export type CoupleArgs = v.InferOutput<typeof coupleSchema>;

export const coupleIDSchema = v.object({id});

/** The meorasim list: typed words (names, ID numbers) and a status; pending ones come first. */
export const coupleListSchema = v.object({
  search: v.pipe(v.string(), v.trim(), v.maxLength(50)),
  status: v.picklist(['', ...COUPLE_STATUSES]),
});
export type CoupleListArgs = v.InferOutput<typeof coupleListSchema>;

export const shadchanCreditSchema = v.object({shadchanID: id});

/**
 * The mazal-tov form of a candidate from the self-user home (POST /api/engaged-couples/mazal-tov): their
 * own ticket is one side; the other side is typed, so it needs its ID number (§5: a side without one
 * must be a card, and a candidate cannot choose cards).
 */
export const selfMazalTovSchema = v.object({
  otherName: text(120),
  otherIDNumber: v.pipe(
    v.string('required'),
    v.trim(),
    v.nonEmpty('required'),
    v.check(typed => normalizeIsraeliID(typed) !== undefined, 'digitsOnly'),
    v.check(isValidIsraeliID, 'invalidId'),
    v.transform(typed => normalizeIsraeliID(typed)!),
  ),
  fatherName: optionalText(120),
  rabbi: optionalText(120),
  note: optionalText(2000),
});
export type SelfMazalTov = v.InferOutput<typeof selfMazalTovSchema>;
