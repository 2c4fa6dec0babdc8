import * as v from 'valibot';
import {MAX_AGE, MIN_AGE, ageOn, isoDateToMs} from '../lib/dates.ts';

/**
 * One valibot schema per candidate write, used by the form (field errors) and by the mutator on both
 * client and server. Issue messages are message keys (see app/lib/field-errors.ts), not text, so each
 * UI language can translate them.
 */

// Each step only makes sense once the previous one passed, so the first failure is the message.
export const birthDate = v.config(
  v.pipe(
    v.string('required'),
    v.nonEmpty('required'),
    v.check(iso => isoDateToMs(iso) !== undefined, 'invalidDate'),
    // A date still to come says so, not that the age is out of range (issue 31).
    v.check(iso => isoDateToMs(iso)! <= Date.now(), 'birthDateFuture'),
    v.check(iso => {
      const age = ageOn(isoDateToMs(iso)!);
      return age >= MIN_AGE && age <= MAX_AGE;
    }, 'ageOutOfRange'),
  ),
  {abortPipeEarly: true},
);
