import {useState} from 'react';
import {Button, Field, TextInput} from '../ui/controls.tsx';
import {CodeField} from '../ui/AuthFrame.tsx';
import * as m from '../paraglide/messages.js';

/**
 * Step two: the code and the account password. Submit is enabled only with a password and either a
 * code or a completed identity-provider login, and not while waiting (spec §5); the code field is
 * hidden for identity-provider logins.
 */
export function CodeVerify(props: {
  hint: string;
  identityProviderDone: boolean;
  waiting: boolean;
  onVerify: (code: string, password: string) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const canSubmit = !props.waiting && password !== '' && (props.identityProviderDone || code.trim() !== '');
  return (
    <form
      onSubmit={e => {
        e.preventDefault();
        if (canSubmit) props.onVerify(code.trim(), password);
      }}
      className="space-y-4"
    >
      <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-800" data-testid="code-hint">
        {props.hint}
      </p>
      {!props.identityProviderDone && (
        <Field label={m.login_code_label()}>{p => <CodeField fieldProps={p} value={code} onChange={setCode} />}</Field>
      )}
      <Field label={m.login_password_label()}>
        {p => (
          <TextInput
            {...p}
            name="password"
            type="password"
            autoComplete="current-password"
            autoFocus={props.identityProviderDone}
            value={password}
            onChange={e => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={!canSubmit} className="w-full py-2.5" data-testid="verify-code">
        {props.waiting ? m.verifying() : m.login_submit()}
      </Button>
      <button type="button" onClick={props.onBack} className="w-full text-center text-sm text-slate-500 hover:text-brand-700">
        {m.login_back()}
      </button>
    </form>
  );
}
