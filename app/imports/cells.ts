import * as v from 'valibot';
import type {Labels} from '../../zero-schema.ts';
import {LOCALES} from '../../zero-schema.ts';
import type {FieldIssue} from '../../permissions/errors.ts';
import {cardArgs, type CardForm} from '../candidates/card/form.ts';
import {CARD_FIELDS, OPTIONS, type OptionList} from '../candidates/card/fields.ts';
import {cardCreateSchema, INITIAL_STATUS_ID, type CardCreate} from '../candidates/card/mutators.ts';
import {LACKABLE_DETAILS, temporaryDetailsSchema} from '../candidates/card/schema.ts';
import {isoDateToMs, typedDateToIso} from '../lib/dates.ts';
import type {DateOrder} from '../tables/imports.ts';
import {foldName} from '../lib/hebrew-name.ts';
import * as m from '../paraglide/messages.js';
import {foldHeader, importFieldOf, type ImportField} from './fields.ts';
import type {RowReading} from './schema.ts';

/**
 * One sheet row → one card, the way the card form makes one (issue 16): each mapped cell becomes the
 * form control's value (an option's label in any of the four languages becomes its id, a date in the
 * ways people write them becomes 'YYYY-MM-DD'), the form's own cardArgs builds the card, and the card
 * form's schema (cards.create's) checks it. Then what the server checks against the database
 * (server/zero/mutators.ts assertCardConsistent), here against lookups loaded once per file: a sector,
 * status and community in use, an institution of the administration's list. Who else has the ID number
 * is the duplicate check's (server/imports/duplicates.ts).
 */

/** The database's lists a row's values are resolved against. */
export type Lookups = {
  sectors: ReadonlyArray<{id: string; labels: Labels; retired: boolean}>;
  statuses: ReadonlyArray<{id: string; labels: Labels}>;
  communities: ReadonlyArray<{id: string; name: string; retired: boolean}>;
  institutions: ReadonlyArray<{name: string; variations: readonly string[]}>;
};

type Translated = (inputs: object, options: {locale: string}) => string;
const inEveryLanguage = (message: () => string) => LOCALES.map(locale => (message as Translated)({}, {locale}));

/**
 * A name reduced to its letters and digits, folded (niqqud, final letters, case), so that "B.A." meets
 * the id "ba", "חב\"ד" the label "חב״ד" and "בני-ברק" the name "בני ברק".
 */
const optionKey = foldHeader;

/** Folded name → id, from each id and its names (a label also without its parenthesised part: "תואר שני (M.A.)"). */
function index(entries: ReadonlyArray<[id: string, names: readonly string[]]>): Map<string, string> {
  const byName = new Map<string, string>();
  for (const [id, names] of entries) {
    for (const name of [id, ...names, ...names.map(n => n.replace(/\s*\([^)]*\)\s*/g, ' '))]) {
      if (optionKey(name)) byName.set(optionKey(name), id);
    }
  }
  return byName;
}

const optionIndexes = new Map<OptionList, Map<string, string>>();
function optionIndex(list: OptionList) {
  let found = optionIndexes.get(list);
  if (!found) {
    found = index(Object.entries(OPTIONS[list]).map(([id, label]) => [id, inEveryLanguage(label)]));
    optionIndexes.set(list, found);
  }
  return found;
}

let genders: Map<string, string> | undefined;
const genderIndex = () =>
  (genders ??= index([
    ['male', [...inEveryLanguage(m.gender_male), 'ז', 'זכ', 'בן', 'בחור', 'm', 'man', 'boy']],
    ['female', [...inEveryLanguage(m.gender_female), 'נ', 'נק', 'בת', 'בחורה', 'f', 'woman', 'girl']],
  ]));

let yesNo: Map<string, string> | undefined;
const yesNoIndex = () =>
  (yesNo ??= index([
    ['yes', [...inEveryLanguage(m.opt_yes_no_yes), 'true', 'y', '1', 'v']],
    ['no', [...inEveryLanguage(m.opt_yes_no_no), 'false', 'n', '0', 'x']],
  ]));

/** Excel's day 0 is 30 December 1899 (with its famous 1900 leap-year bug already in the offset). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** A date written d/m/yyyy or m/d/yyyy (with '/', '.' or '-'): which of the two it is depends on the sheet. */
const TWO_WAY_DATE = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/;

/**
 * Which order a written date shows beyond doubt: day first when its first number is over 12, month
 * first when its second is; 'either' when both read as a month (and differ); undefined when it is no
 * such date or reads the same both ways (5/5/2001).
 */
export function dateOrderShown(text: string): DateOrder | 'either' | undefined {
  const parts = TWO_WAY_DATE.exec(text.trim());
  if (!parts) return undefined;
  const [first, second] = [Number(parts[1]), Number(parts[2])];
  if (first > 12 && second <= 12) return 'dmy';
  if (second > 12 && first <= 12) return 'mdy';
  return first <= 12 && second <= 12 && first !== second ? 'either' : undefined;
}

/** A date as people write them (d/m/yyyy read in the sheet's order), or an Excel day number that lost its date format; else the text as typed. */
function dateValue(text: string, order: DateOrder): string {
  const parts = TWO_WAY_DATE.exec(text);
  if (parts) {
    const [day, month] = order === 'dmy' ? [parts[1]!, parts[2]!] : [parts[2]!, parts[1]!];
    const iso = `${parts[3]}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
    return isoDateToMs(iso) === undefined ? text : iso;
  }
  const typed = typedDateToIso(text);
  if (typed) return typed;
  if (/^\d{4,5}$/.test(text)) return new Date(EXCEL_EPOCH_MS + Number(text) * 86_400_000).toISOString().slice(0, 10);
  return text;
}

/** An option's id from its id or label; an unknown one stays as typed, for the schema to refuse. */
const resolved = (byName: Map<string, string>, text: string) => byName.get(optionKey(text)) ?? text;

/** The option list of each choice and choices field of the catalogue. */
const OPTION_LISTS: Partial<Record<string, OptionList>> = Object.fromEntries(
  CARD_FIELDS.flatMap(f => (f.kind.type === 'choice' || f.kind.type === 'choices' ? [[f.key, f.kind.options]] : [])),
);

/** A cell as the form's control holds it (see app/candidates/card/form.ts). */
function formValue(field: ImportField, text: string, lookups: LookupIndexes, order: DateOrder): string | string[] {
  if (text === '') return field.kind === 'choices' ? [] : '';
  const options = OPTION_LISTS[field.key];
  switch (field.kind) {
    case 'gender':
      return resolved(genderIndex(), text);
    case 'date':
      return dateValue(text, order);
    case 'sector':
      return resolved(lookups.sectors, text);
    case 'status':
      return resolved(lookups.statuses, text);
    case 'community':
      return resolved(lookups.communities, text);
    case 'yesNo':
      return resolved(yesNoIndex(), text);
    case 'choice':
      return resolved(optionIndex(options!), text);
    case 'choices':
      return text
        .split(/[,;/|\n]/)
        .map(s => s.trim())
        .filter(Boolean)
        .map(option => resolved(optionIndex(options!), option));
    default:
      return text;
  }
}

type LookupIndexes = {sectors: Map<string, string>; statuses: Map<string, string>; communities: Map<string, string>};

/**
 * What a row makes: a card, with the required details it lacks as `issues` (an incomplete row, which
 * may come in as a temporary card); or no card, and what is wrong. `warnings` are not wrong but worth a
 * look: a date that reads either way, read in the sheet's order.
 */
export type RowCheck = {card: CardCreate | undefined; issues: FieldIssue[]; warnings: FieldIssue[]};
/** Everything a file's rows are checked against, prepared once per file. */
export type RowChecker = (cells: readonly string[], reading: RowReading) => RowCheck;

/** Whether a row's card lacks required details (it may only be a temporary one). */
export const isIncomplete = (check: Pick<RowCheck, 'card' | 'issues'>) => check.card !== undefined && check.issues.length > 0;

/** The card form's schema with the required details left optional: what a temporary card must pass. */
const temporaryCardSchema = v.object({...cardCreateSchema.entries, details: temporaryDetailsSchema});
const LACKABLE = new Set(LACKABLE_DETAILS.map(f => `details.${f.key}`));
const onlyLacking = (issues: readonly FieldIssue[]) =>
  issues.length > 0 && issues.every(i => i.message === 'required' && LACKABLE.has(i.field));

export function rowChecker(lookups: Lookups): RowChecker {
  const indexes: LookupIndexes = {
    sectors: index(lookups.sectors.map(s => [s.id, Object.values(s.labels)])),
    statuses: index(lookups.statuses.map(s => [s.id, Object.values(s.labels)])),
    communities: index(lookups.communities.map(c => [c.id, [c.name]])),
  };
  const liveSectors = new Set(lookups.sectors.filter(s => !s.retired).map(s => s.id));
  const statuses = new Set(lookups.statuses.map(s => s.id));
  const liveCommunities = new Set(lookups.communities.filter(c => !c.retired).map(c => c.id));
  // nameClash's comparison (folded names) against a set folded once, not once per row.
  const institutions = new Set(lookups.institutions.flatMap(i => [i.name, ...i.variations]).map(foldName));

  /** The database's side of a row, on the form's values (so a row learns all its problems at once). */
  function lookupIssues(form: CardForm): FieldIssue[] {
    const text = (key: string) => String(form[key] ?? '').trim();
    const issues: FieldIssue[] = [];
    if (text('sectorID') !== '' && !liveSectors.has(text('sectorID'))) issues.push({field: 'sectorID', message: 'unknownOption'});
    if (!statuses.has(text('statusID'))) issues.push({field: 'statusID', message: 'unknownOption'});
    if (text('communityID') !== '' && !liveCommunities.has(text('communityID'))) {
      issues.push({field: 'communityID', message: 'unknownOption'});
    }
    if (text('institution') !== '' && !institutions.has(foldName(text('institution')))) {
      issues.push({field: 'details.institution', message: 'invalidInstitution'});
    }
    return issues;
  }

  /** The row's cells (or the values for whole columns where a row has none) as the form's values. */
  function formOf(cells: readonly string[], {mapping, fills, dateOrder}: RowReading) {
    const form: CardForm = {statusID: INITIAL_STATUS_ID};
    const warnings: FieldIssue[] = [];
    const texts = new Map<string, string>();
    mapping.forEach((key, column) => {
      const text = (cells[column] ?? '').trim();
      if (key !== null && text !== '') texts.set(key, text);
    });
    for (const [key, value] of Object.entries(fills)) if (!texts.has(key)) texts.set(key, value);
    for (const [key, text] of texts) {
      const field = importFieldOf(key);
      if (!field) continue;
      form[field.key] = formValue(field, text, indexes, dateOrder);
      if (field.kind === 'date' && dateOrderShown(text) === 'either') {
        warnings.push({field: field.key, message: dateOrder === 'dmy' ? 'dateReadDayFirst' : 'dateReadMonthFirst'});
      }
    }
    return {form, warnings};
  }

  /** Every problem of a card's values against a schema, beside the database's. */
  function issuesOf(result: v.SafeParseResult<typeof cardCreateSchema>, lookups: FieldIssue[]) {
    const issues = [...lookups];
    if (!result.success) {
      const named = new Set(issues.map(i => i.field));
      for (const issue of result.issues) {
        const field = v.getDotPath(issue) ?? '';
        if (!named.has(field)) issues.push({field, message: issue.message});
      }
    }
    return issues;
  }

  return (cells, reading) => {
    const {form, warnings} = formOf(cells, reading);
    const args = {...cardArgs('import', form), database: 'general', temporary: false};
    const lookups = lookupIssues(form);
    const parsed = v.safeParse(cardCreateSchema, args);
    const issues = issuesOf(parsed, lookups);
    if (issues.length === 0 && parsed.success) return {card: parsed.output, issues: [], warnings};
    // All it lacks is required details: a temporary card, listing them.
    if (onlyLacking(issues)) {
      const lacking = new Set(issues.map(i => i.field.replace(/^details\./, '')));
      const details = Object.fromEntries(Object.entries(args.details).filter(([key]) => !lacking.has(key)));
      const temporary = v.safeParse(temporaryCardSchema, {...args, details});
      if (temporary.success) return {card: temporary.output as CardCreate, issues, warnings};
    }
    return {card: undefined, issues, warnings};
  };
}
