import {CARD_FIELDS, type CardField} from '../candidates/card/fields.ts';
import {foldName} from '../lib/hebrew-name.ts';
import {LOCALES} from '../../zero-schema.ts';
import * as m from '../paraglide/messages.js';

/**
 * The fields a sheet's column can be mapped to (issue 16, spec §3 "Excel format"): the card's own
 * columns the form asks for, then every field of the card's catalogue (app/candidates/card/fields.ts),
 * in the form's order. One table drives the mapping screen's choices, the header auto-matching and how
 * a cell becomes the form's value (app/imports/cells.ts).
 *
 * `synonyms` are the headers institutions' old sheets use, beyond the field's own label in the four
 * languages (added by `headerNames`): Hebrew and English spellings, abbreviations and short forms.
 */
export type CellKind = 'text' | 'gender' | 'date' | 'sector' | 'status' | CardField['kind']['type'];

export type ImportField = {key: string; label: () => string; kind: CellKind; synonyms: readonly string[]};

/** The card's own columns the form asks for (beside the catalogue's fields). */
export const CORE_IMPORT_FIELDS: readonly ImportField[] = [
  {
    key: 'forename',
    label: m.field_forename,
    kind: 'text',
    synonyms: ['שם פרטי', 'פרטי', 'שם', 'first name', 'firstname', 'given name', 'name'],
  },
  {
    key: 'surname',
    label: m.field_surname,
    kind: 'text',
    synonyms: ['שם משפחה', 'משפחה', 'last name', 'lastname', 'family name', 'family'],
  },
  {key: 'gender', label: m.field_gender, kind: 'gender', synonyms: ['מין', 'מגדר', 'בן/בת', 'בן בת', 'sex', 'gender', 'm/f']},
  {
    key: 'birthDate',
    label: m.field_birth_date,
    kind: 'date',
    synonyms: ['תאריך לידה', 'ת. לידה', 'ת.לידה', 'לידה', 'date of birth', 'birth date', 'birthdate', 'dob', 'born', 'birthday'],
  },
  {
    key: 'city',
    label: m.field_city,
    kind: 'text',
    synonyms: ['עיר', 'ישוב', 'יישוב', 'עיר מגורים', 'מקום מגורים', 'מגורים', 'city', 'town', 'residence'],
  },
  {key: 'sectorID', label: m.field_sector, kind: 'sector', synonyms: ['מגזר', 'חוג', 'זרם', 'sector', 'stream']},
  {key: 'statusID', label: m.field_status, kind: 'status', synonyms: ['סטטוס', 'מצב כרטיס', 'status']},
];

/** Headers of the catalogue's fields as old sheets name them (beside the fields' own labels). */
const SYNONYMS: Partial<Record<string, readonly string[]>> = {
  idNumber: [
    'ת.ז.',
    'ת"ז',
    'ת.ז',
    'תז',
    'תעודת זהות',
    'מספר זהות',
    'מס זהות',
    "מס' זהות",
    'מ.ז.',
    'id',
    'id number',
    'id no',
    'identity number',
    'teudat zehut',
    'tz',
  ],
  maritalStatus: ['מצב משפחתי', 'מצב אישי', 'marital status', 'status (marital)'],
  height: ['גובה', 'height'],
  weight: ['משקל', 'weight'],
  address: ['כתובת', 'רחוב', 'address', 'street'],
  postcode: ['מיקוד', 'zip', 'zip code', 'postal code', 'postcode'],
  institution: ['ישיבה', 'סמינר', 'ישיבה/סמינר', 'מוסד', 'מוסד לימודים', 'yeshiva', 'seminary', 'institution'],
  occupation: ['עיסוק', 'מקצוע', 'עבודה', 'occupation', 'profession', 'job'],
  workplace: ['מקום עבודה', 'workplace', 'employer'],
  communityID: ['קהילה', 'קהילה/חסידות', 'חסידות', 'community'],
  origin: ['מוצא', 'עדה', 'origin', 'ethnicity'],
  fatherName: ['שם האב', 'שם אבא', 'אב', 'אבא', 'father', "father's name", 'father name'],
  motherName: ['שם האם', 'שם אמא', 'אם', 'אמא', 'mother', "mother's name", 'mother name'],
  motherMaidenName: ['שם נעורים', 'שם נעורי האם', 'maiden name'],
  candidatePhone: [
    'טלפון',
    'נייד',
    'פלאפון',
    'פלאפון מועמד',
    'טלפון נייד',
    'מספר טלפון',
    'טל',
    "טל'",
    'נייד מועמד',
    'phone',
    'mobile',
    'cell',
    'cellphone',
    'tel',
    'telephone',
  ],
  fatherPhone: [
    'טלפון אב',
    'טלפון אבא',
    'נייד אב',
    'נייד אבא',
    'פלאפון אבא',
    'טלפון האב',
    "father's phone",
    'father phone',
    'father mobile',
  ],
  motherPhone: [
    'טלפון אם',
    'טלפון אמא',
    'נייד אם',
    'נייד אמא',
    'פלאפון אמא',
    'טלפון האם',
    "mother's phone",
    'mother phone',
    'mother mobile',
  ],
  extraPhone: ['טלפון נוסף', 'טלפון בבית', 'טלפון בית', 'home phone', 'other phone', 'extra phone'],
  suggestionsContact: ['איש קשר', 'איש קשר להצעות', 'contact', 'contact person'],
  suggestionsPhone: ['טלפון להצעות', 'טלפון איש קשר', 'contact phone', 'phone for suggestions'],
  inquiryPhones: ['בירורים', 'טלפון לבירורים', 'טלפונים לבירורים', 'inquiries', 'inquiry phones', 'references phones'],
  friendsPhones: ['חברים', 'טלפון חברים', 'friends', 'friends phones'],
  aboutMe: ['על עצמי', 'תיאור', 'about', 'about me'],
  soughtQualities: ['מה מחפש', 'מה מחפשת', 'מחפש', 'מחפשת', 'looking for', 'sought qualities'],
  learning: ['לימודים', 'מסגרת', 'learning', 'studies'],
  languages: ['שפות', 'languages'],
  country: ['ארץ', 'מדינה', 'country'],
};

const catalogueField = (f: CardField): ImportField => ({
  key: f.key,
  label: f.label,
  kind: f.kind.type,
  synonyms: SYNONYMS[f.key] ?? [],
});

export const IMPORT_FIELDS: readonly ImportField[] = [...CORE_IMPORT_FIELDS, ...CARD_FIELDS.map(catalogueField)];
export const IMPORT_FIELD_KEYS = IMPORT_FIELDS.map(f => f.key);
export const importFieldOf = (key: string) => IMPORT_FIELDS.find(f => f.key === key);

/**
 * A header reduced to its letters and digits, folded as names are (niqqud, final letters, case): so
 * "ת.ז.", "ת\"ז" and "תז" meet, and "Date of Birth:" is "dateofbirth".
 */
export const foldHeader = (header: string) => foldName(header).replace(/[^\p{L}\p{N}]/gu, '');

/** Every name a header may give a field: its label in each language and its synonyms, folded. */
function headerNames(field: ImportField): string[] {
  const labels = LOCALES.map(locale => (field.label as (i: object, o: {locale: string}) => string)({}, {locale}));
  return [...new Set([...labels, ...field.synonyms].map(foldHeader).filter(Boolean))];
}

let byName: Map<string, string> | undefined;
/** Folded header name → field key (the first field that claims a name keeps it). */
function namesIndex(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  for (const field of IMPORT_FIELDS) for (const name of headerNames(field)) if (!byName.has(name)) byName.set(name, field.key);
  return byName;
}

/** The field a header names, if any. */
export const fieldForHeader = (header: string): string | undefined => namesIndex().get(foldHeader(header));

/**
 * The mapping a new sheet starts with: each column the field a saved format gives its header (matched
 * folded; a format also keeps the columns it leaves out), else the field its header names; a field
 * goes to its first column only.
 */
export function suggestMapping(
  headers: readonly string[],
  format?: ReadonlyArray<{header: string; field: string | null}>,
): Array<string | null> {
  const fromFormat = new Map((format ?? []).map(c => [foldHeader(c.header), c.field]));
  const taken = new Set<string>();
  return headers.map(header => {
    const folded = foldHeader(header);
    const field = fromFormat.has(folded) ? fromFormat.get(folded) : fieldForHeader(header);
    if (!field || taken.has(field) || !importFieldOf(field)) return null;
    taken.add(field);
    return field;
  });
}
