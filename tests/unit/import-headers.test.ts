import {expect, test} from 'vitest';
import {fieldForHeader, suggestMapping} from '../../app/imports/fields.ts';

/** A sheet's headers as institutions write them find the card's fields (issue 16, app/imports/fields.ts). */
test('Hebrew and English headers, with their variations, name the card’s fields', () => {
  const cases: Array<[string, string]> = [
    ['ת.ז.', 'idNumber'],
    ['ת"ז', 'idNumber'],
    ['ת״ז', 'idNumber'],
    ['תעודת זהות', 'idNumber'],
    ['  תְּעוּדַת-זֶהוּת ', 'idNumber'],
    ['ID', 'idNumber'],
    ['Id Number', 'idNumber'],
    ['מספר זהות', 'idNumber'],
    ['טלפון', 'candidatePhone'],
    ['נייד', 'candidatePhone'],
    ['Mobile', 'candidatePhone'],
    ['טלפון אבא', 'fatherPhone'],
    ['נייד האם', 'motherPhone'],
    ['שם פרטי', 'forename'],
    ['First name', 'forename'],
    ['שם משפחה:', 'surname'],
    ['Last Name', 'surname'],
    ['תאריך לידה', 'birthDate'],
    ['ת. לידה', 'birthDate'],
    ['Date of Birth', 'birthDate'],
    ['DOB', 'birthDate'],
    ['מין', 'gender'],
    ['עיר מגורים', 'city'],
    ['מגזר', 'sectorID'],
    ['ישיבה/סמינר', 'institution'],
    ['Geburtsdatum', 'birthDate'], // the field's German label
    ['Отчество', ''], // nothing by that name
  ];
  for (const [header, field] of cases) expect(fieldForHeader(header) ?? '', header).toBe(field);
});

test('each field goes to its first column only; a format’s choices come first, also to leave a column out', () => {
  expect(suggestMapping(['טלפון', 'נייד', 'הערות'])).toEqual(['candidatePhone', null, null]);
  const format = [
    {header: 'טלפון', field: 'fatherPhone'},
    {header: 'עיר', field: null},
  ];
  expect(suggestMapping(['טלפון', 'עיר', 'שם פרטי'], format)).toEqual(['fatherPhone', null, 'forename']);
});
