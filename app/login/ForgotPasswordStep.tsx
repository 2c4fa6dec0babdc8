import {useState, type FormEvent} from 'react';
import {submittedPassword} from '../auth/new-password.ts';
import {fieldErrorsOf, focusFirstInvalid, type FieldErrors} from '../lib/field-errors.ts';
import {PASSWORD_MIN} from '../lib/passwords.ts';
import {Button} from '../ui/controls.tsx';
import {PasswordPair} from '../ui/PasswordPair.tsx';
import {call} from './api.ts';
import {loginErrorText} from './errors.ts';
import * as m from '../paraglide/messages.js';

/**
 * The reset's last step (issue 30): the new password, typed twice. A chunk of its own, fetched while the code is
 * typed (app/login/ForgotPasswordPage.tsx): its checks (valibot, the errors' wordings) are most of the page's
 * script (issue 35). `report` sets the page's alert (undefined clears it); `expired` sends the user back to a new
 * code.
 */
export function ForgotPasswordStep({
  report,
  expired,
  done,
}: {
  report: (text: string | undefined) => void;
  expired: () => void;
  done: () => void;
}) {
  const [waiting, setWaiting] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function choose(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const typed = submittedPassword(form);
    if (!typed.ok) return setErrors(typed.errors);
    setWaiting(true);
    report(undefined);
    const result = await call('/api/users/reset-password', {password: typed.password});
    setWaiting(false);
    if (result.ok) return done();
    if (result.issues) return void (setErrors(fieldErrorsOf(result.issues)), focusFirstInvalid(form));
    if (result.error === 'codeExpired') expired();
    report(loginErrorText(result.error, result.message));
  }

  return (
    <form onSubmit={e => void choose(e)} noValidate className="space-y-4" data-testid="forgot-password-form">
      <p className="text-slate-700">{m.forgot_password_intro()}</p>
      <PasswordPair errors={errors} onEdit={field => setErrors(({[field]: _, ...rest}) => rest)} />
      <p className="text-xs text-slate-500">{m.invitation_password_hint({min: PASSWORD_MIN})}</p>
      <Button type="submit" disabled={waiting} className="w-full py-2.5" data-testid="forgot-submit">
        {m.forgot_submit()}
      </Button>
    </form>
  );
}
