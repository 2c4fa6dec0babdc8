import {DETAIL_FIELDS, type CardField} from './fields.ts';
import type {DetailValue} from '../../tables/profiles.ts';

/**
 * The edit form's state: every control holds text (or a list of option ids), as typed. Saving turns it
 * into the mutator's arguments, which the shared schema then checks; loading turns a stored card back
 * (form-of-card.ts, apart: it formats phone numbers, which the public candidate form does not load).
 */
export type CardForm = Record<string, string | string[]>;

const CORE = ['forename', 'surname', 'gender', 'city', 'birthDate', 'sectorID', 'statusID'] as const;

/** A detail as the schema expects it; empty optional controls are left out of the document. */
function formToDetail(field: CardField, raw: string | string[]): DetailValue | undefined {
  if (Array.isArray(raw)) return raw.length > 0 || field.required ? raw : undefined;
  const text = raw.trim();
  if (text === '' && !field.required) return undefined;
  switch (field.kind.type) {
    case 'number':
      // Not a number stays text, so the schema says so next to the field.
      return /^-?\d+$/.test(text) ? Number(text) : (text as unknown as number);
    case 'yesNo':
      return text === 'yes';
    case 'phones':
      return text
        .split(/[,;\n]/)
        .map(s => s.trim())
        .filter(Boolean);
    default:
      return text;
  }
}

/** The form as a whole card's values (a new card, the candidate's form), for the schema to check. */
export function cardArgs(id: string, form: CardForm) {
  const text = (key: string) => String(form[key] ?? '');
  const orNull = (key: string) => (text(key).trim() === '' ? null : text(key).trim());
  const details = Object.fromEntries(
    DETAIL_FIELDS.flatMap(f => {
      const value = formToDetail(f, form[f.key] ?? '');
      return value === undefined ? [] : [[f.key, value]];
    }),
  );
  return {
    id,
    ...Object.fromEntries(CORE.map(key => [key, text(key)])),
    idNumber: orNull('idNumber'),
    communityID: orNull('communityID'),
    openFrom: orNull('openFrom'),
    colour: orNull('colour'),
    details,
  };
}

const DETAIL_KEYS = new Set(DETAIL_FIELDS.map(f => f.key));

/**
 * An edit as cards.save takes it: only the fields the user changed (`changed`, form keys), against the
 * revision the form shows. A detail emptied is sent as null, which clears it.
 */
export function cardPatch(id: string, revision: number, form: CardForm, changed: readonly string[]) {
  const all: Record<string, unknown> = cardArgs(id, form);
  const allDetails = all.details as Record<string, unknown>;
  const columns = changed.filter(key => !DETAIL_KEYS.has(key));
  const details = changed.filter(key => DETAIL_KEYS.has(key));
  return {
    id,
    revision,
    ...Object.fromEntries(columns.map(key => [key, all[key]])),
    ...(details.length > 0 ? {details: Object.fromEntries(details.map(key => [key, allDetails[key] ?? null]))} : {}),
  };
}

/** Whether two form states differ (the unsaved-changes warning). */
export const formsDiffer = (a: CardForm, b: CardForm) => JSON.stringify(a) !== JSON.stringify(b);
