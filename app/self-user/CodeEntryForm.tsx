import type {FormEvent, ReactNode} from 'react';
import {CodeField} from '../login/AuthFrame.tsx';
import {Button, Field} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';

/**
 * The second step of the candidate's verification screens (phone and email): what is being verified,
 * where the code comes from, the code, and the way back to the first step.
 */
export function CodeEntryForm({
  target,
  hint,
  code,
  error,
  waiting,
  onCodeChange,
  onSubmit,
  onBack,
}: {
  target: ReactNode;
  hint: string;
  code: string;
  error: string | undefined;
  waiting: boolean;
  onCodeChange: (code: string) => void;
  onSubmit: (e: FormEvent) => void;
  onBack: () => void;
}) {
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      {target}
      <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-800" data-testid="code-hint">
        {hint}
      </p>
      <Field label={m.login_code_label()} error={error}>
        {p => <CodeField fieldProps={p} value={code} onChange={onCodeChange} />}
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
