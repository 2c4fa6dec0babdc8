import {useNavigate} from '@tanstack/react-router';
import {newActivityForRow} from './format.ts';
import * as m from '../paraglide/messages.js';

/**
 * "Open an activity" for one's own call that has none yet (the END_CALL prompt's "yes", later): the new
 * activity's form with the call's card, number, length and record. A plain link in the page, opened by
 * the router (the form is a section route outside the router's typed paths).
 */
export function OpenActivityForCall({call, className}: {call: Parameters<typeof newActivityForRow>[0]; className: string}) {
  const navigate = useNavigate();
  const href = newActivityForRow(call);
  return (
    <a
      href={href}
      onClick={event => {
        event.preventDefault();
        void navigate({href});
      }}
      className={className}
    >
      {m.phone_call_prompt_yes()}
    </a>
  );
}
