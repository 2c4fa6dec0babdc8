import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, test} from 'vitest';
import {CardFormFields, withoutErrorsOf} from '../../app/candidates/card/CardFormFields.tsx';
import {cardCreateSchema} from '../../app/candidates/card/mutators.ts';
import {validate} from '../../app/lib/field-errors.ts';
import {serverErrorOf} from '../../app/lib/server-errors.ts';

/**
 * The card form's feedback: every field's error is shown at the field and goes when what it was about
 * changes; and (below) no control starts uncontrolled.
 */
const card = {
  id: 'c1',
  forename: 'שרה',
  surname: 'לוי',
  gender: 'female',
  city: 'ירושלים',
  birthDate: '2001-05-06',
  sectorID: 'litvish',
  statusID: 'available',
  idNumber: null,
  communityID: null,
  openFrom: null,
  colour: null,
  details: {occupation: 'גננת', suggestionsContact: 'רחל', suggestionsPhone: '050-1234567', inquiryPhones: ['02-5812345', 'abc']},
  database: 'general',
  temporary: false,
};

describe('field errors', () => {
  test("a bad number in a list of phones is the list's error, where its control shows it", () => {
    expect(validate(cardCreateSchema, card)).toEqual({
      ok: false,
      errors: {'details.inquiryPhones': 'מספר טלפון לא תקין'},
      summary: 'שגיאה בפרטים, נא לבדוק ולנסות שוב',
    });
    const refused = serverErrorOf({code: 'invalidInput', issues: [{field: 'details.inquiryPhones.1', message: 'invalidPhone'}]});
    expect(refused.fields).toEqual({'details.inquiryPhones': 'מספר טלפון לא תקין'});
    expect(refused.message).toBe('שגיאה בפרטים, נא לבדוק ולנסות שוב');
  });

  test('only missing fields: the summary says the information is incomplete (spec §8), on both sides', () => {
    const missing = validate(cardCreateSchema, {...card, forename: '', city: '', details: {...card.details, inquiryPhones: []}});
    expect(missing).toMatchObject({ok: false, summary: 'המידע אינו מלא'});
    const refused = serverErrorOf({code: 'invalidInput', issues: [{field: 'forename', message: 'required'}]});
    expect(refused).toMatchObject({message: 'המידע אינו מלא', fields: {forename: 'יש להזין שם'}});
  });

  test("a change clears the field's own error, and the ID number's refusal only when it was about that field", () => {
    const mismatch = {idNumber: 'תאריך הלידה אינו תואם למספר הזהות', 'details.inquiryPhones': 'מספר טלפון לא תקין'};
    expect(serverErrorOf({code: 'birthDateMismatch'}).message).toBe(mismatch.idNumber);
    expect(withoutErrorsOf('inquiryPhones', mismatch)).toEqual({idNumber: mismatch.idNumber});
    expect(withoutErrorsOf('birthDate', mismatch)).toEqual({'details.inquiryPhones': 'מספר טלפון לא תקין'});
    expect(withoutErrorsOf('gender', mismatch)).toEqual(mismatch);
    // A malformed ID number is not the birth date's business.
    expect(withoutErrorsOf('birthDate', {idNumber: 'מספר זהות לא תקין'})).toEqual({idNumber: 'מספר זהות לא תקין'});
  });
});

/**
 * React warns when an input changes from uncontrolled to controlled: a control whose value starts as
 * undefined. The built app (React's production build) never prints that warning, so this checks the
 * cause instead: rendered with a new form's few keys, every text-like control already holds a value.
 */
const lookups = {
  sectors: [{id: 'litvish', labels: {he: 'ליטאי'}}],
  statuses: [{id: 'available', labels: {he: 'פנוי'}}],
  communities: [{id: 'c1', name: 'בני ברק'}],
  institutions: [{id: 'i1', name: 'ישיבת חברון', type: 'yeshiva' as const, variations: ['חברון']}],
};

function controlsOf(form: Record<string, string | string[]>, audience: 'staff' | 'candidate') {
  const html = renderToStaticMarkup(createElement(CardFormFields, {form, set: () => {}, errors: {}, lookups, audience}));
  const inputs = [...html.matchAll(/<input\b[^>]*>/g)].map(([tag]) => tag).filter(tag => !/type="(checkbox|radio)"/.test(tag));
  const selects = [...html.matchAll(/<select\b[^>]*>([\s\S]*?)<\/select>/g)];
  return {inputs, selects};
}

/** What the new-card screen and the candidate's public form start from. */
const NEW_FORMS = {
  staff: {gender: '', sectorID: '', statusID: 'available', database: 'general', temporary: ''},
  candidate: {gender: '', sectorID: ''},
};

describe('the card form', () => {
  for (const audience of ['staff', 'candidate'] as const) {
    test(`every control of a new ${audience} form is controlled from the first render`, () => {
      const {inputs, selects} = controlsOf(NEW_FORMS[audience], audience);
      expect(inputs.length).toBeGreaterThan(10);
      // A controlled input renders its value (value=""); an uncontrolled one renders none.
      expect(inputs.filter(tag => !/\bvalue="/.test(tag))).toEqual([]);
      // A controlled select marks the option its value names; an uncontrolled one marks none.
      expect(selects.length).toBeGreaterThan(3);
      expect(selects.filter(([, options]) => !/<option[^>]*selected=""/.test(options!)).map(([tag]) => tag.slice(0, 60))).toEqual(
        [],
      );
    });
  }
});

describe('long texts (issue 31)', () => {
  test('a text over its limit says the limit; a list over its count does not call itself text', () => {
    const long = validate(cardCreateSchema, {
      ...card,
      details: {...card.details, inquiryPhones: ['02-5812345'], aboutMe: 'א'.repeat(2001)},
    });
    expect(long).toMatchObject({ok: false, errors: {'details.aboutMe': 'הטקסט ארוך מדי: עד 2000 תווים'}});
    const phones = Array.from({length: 7}, (_, i) => `02-58123${40 + i}`);
    const many = validate(cardCreateSchema, {...card, details: {...card.details, inquiryPhones: phones}});
    expect(many).toMatchObject({ok: false, errors: {'details.inquiryPhones': 'הטקסט ארוך מדי'}});
  });
});
