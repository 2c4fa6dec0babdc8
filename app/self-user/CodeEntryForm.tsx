import {useState, type FormEvent, type ReactNode} from 'react';
import * as v from 'valibot';
import {selfVerifySchema} from '../auth/self-user-schemas.ts';
import {call} from '../login/api.ts';
import {CodeField} from '../ui/AuthFrame.tsx';
import {Button, Field} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';

/**
 * The second step of the candidate's verification screens (phone and email): what is being verified,
 * where the code comes from, the code, and the way back to the first step. The code goes to
 * `verifyPath`; a refusal shows under the field in `refusalText`'s words, an ended session returns to
 * the self-user login. The form starts empty each time it is shown.
 */
export function CodeEntryForm({
  target,
  hint,
  verifyPath,
  refusalText,
  onVerified,
  onBack,
}: {
  target: ReactNode;
  hint: string;
  verifyPath: string;
  refusalText: (error: string, message: string) => string;
  onVerified: () => Promise<void>;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [waiting, setWaiting] = useState(false);

  async function verify(e: FormEvent) {
    e.preventDefault();
    if (!v.is(selfVerifySchema, {verifyCode: code}) || waiting) return;
    setWaiting(true);
    const result = await call(verifyPath, {verifyCode: code.trim()});
    setWaiting(false);
    if (result.ok) return onVerified();
    if (result.error === 'notSignedIn') return location.assign('/self-user/login');
    setError(refusalText(result.error, result.message));
  }

  return (
    <form className="space-y-4" onSubmit={e => void verify(e)} noValidate>
      {target}
      <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-800" data-testid="code-hint">
        {hint}
      </p>
      <Field label={m.login_code_label()} error={error}>
        {p => (
          <CodeField
            fieldProps={p}
            value={code}
            onChange={value => {
              setCode(value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <Button type="submit" disabled={code.trim() === '' || waiting} className="w-full py-2.5" data-testid="verify-code">
        {waiting ? m.verifying() : m.self_verify_action()}
      </Button>
      <button type="button" onClick={onBack} className="w-full text-center text-sm text-slate-500 hover:text-brand-700">
        {m.login_back()}
      </button>
    </form>
  );
}
