import {errorCodeOf} from '../../../permissions/error-codes.ts';
import {ERROR_TEXT} from '../../lib/dictionary.ts';
import {loginErrorText} from '../../login/errors.ts';
import * as m from '../../paraglide/messages.js';

/** A refusal's banner text on the candidate's public form: the dictionary's wording for typed errors, the sign-in texts for the rest. */
export function refusalText(error: string, message: string) {
  if (error === 'invalidLink') return m.candidate_form_invalid_link();
  const code = errorCodeOf({code: error});
  return code ? ERROR_TEXT[code]() : loginErrorText(error, message);
}
