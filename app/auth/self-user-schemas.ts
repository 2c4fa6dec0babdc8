import * as v from 'valibot';
import {isoDateToMs} from '../lib/dates.ts';
import {isValidIsraeliID} from '../lib/israeli-id.ts';

/**
 * Bodies of the self-user calls (spec §7), shared by the /self-user pages and the API server, which
 * checks them again. Issue messages are message keys the UI translates. Spec §5: all four login fields
 * are required and the ID number and the phone accept digits only; the phone is checked for real (and
 * made E.164) on the server. A missing key is 'required' like an empty one.
 */

// Each step only makes sense once the previous one passed, so the first failure is the message.
const strict = <S extends v.GenericSchema>(schema: S) => v.config(schema, {abortPipeEarly: true});

const digitsOnly = v.regex(/^\d+$/, 'digitsOnly');

export const selfCallMeSchema = v.object(
  {
    phone: strict(v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(15, 'tooLong'), digitsOnly)),
    // Output: the canonical 9-digit form stored in profile.id_number.
    tz: strict(
      v.pipe(
        v.string('required'),
        v.trim(),
        v.nonEmpty('required'),
        digitsOnly,
        v.check(isValidIsraeliID, 'invalidId'),
        v.transform(id => id.padStart(9, '0')),
      ),
    ),
    birthday: strict(
      v.pipe(
        v.string('required'),
        v.nonEmpty('required'),
        v.check(iso => isoDateToMs(iso) !== undefined, 'invalidDate'),
      ),
    ),
    // Forename and surname are at most 50 characters each; room for extra spaces, no more.
    name: strict(v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(120, 'tooLong'))),
  },
  'required',
);
export type SelfCallMeInput = v.InferInput<typeof selfCallMeSchema>;

export const selfVerifySchema = v.object(
  {
    verifyCode: strict(v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(64, 'tooLong'))),
  },
  'required',
);

export const deletePeopleSchema = v.object(
  {
    peopleId: strict(v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(40, 'tooLong'))),
  },
  'required',
);
