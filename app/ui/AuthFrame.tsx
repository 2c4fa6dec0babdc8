import type {ReactNode} from 'react';
import {AlertCircle} from 'lucide-react';
import {LanguageSwitcher} from './LanguageSwitcher.tsx';
import {TextInput} from './controls.tsx';
import * as m from '../paraglide/messages.js';

/**
 * The frame every signed-out page shares (/login, /self-user/login, /self-user/home): the brand
 * background, the language switcher, a card with an optional heading and the spec's error alert
 * (title 'שגיאה', then the server's text), and room below the card.
 */
export function AuthFrame(props: {
  title?: string;
  subtitle?: string;
  error?: string | undefined;
  corner?: ReactNode;
  below?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-700 to-brand-800 print:bg-none">
      <div className="flex items-center justify-between p-4 print:hidden">
        <div>{props.corner}</div>
        <LanguageSwitcher />
      </div>
      <main className="flex flex-1 flex-col items-center gap-6 px-4 pt-[4vh] pb-10">
        <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl print:shadow-none">
          {props.title && (
            <div className="mb-6 flex items-center gap-3">
              <img src="/favicon.svg" alt="" className="size-11" />
              <div>
                <h1 className="text-2xl font-semibold text-slate-900">{props.title}</h1>
                {props.subtitle && <p className="text-sm text-slate-500">{props.subtitle}</p>}
              </div>
            </div>
          )}
          {props.error && (
            <div
              role="alert"
              className="mb-4 flex gap-2.5 rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 ring-1 ring-rose-200"
              data-testid="login-error"
            >
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <div>
                <p className="font-semibold">{m.error_title()}</p>
                <p>{props.error}</p>
              </div>
            </div>
          )}
          {props.children}
        </div>
        {props.below && <div className="w-full max-w-md">{props.below}</div>}
      </main>
    </div>
  );
}

/** The one-time code input: digits, left to right, spaced out. */
export function CodeField(props: {
  value: string;
  onChange: (value: string) => void;
  fieldProps: {id: string; 'aria-invalid': boolean};
}) {
  return (
    <TextInput
      {...props.fieldProps}
      name="verifyCode"
      dir="ltr"
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus
      maxLength={12}
      value={props.value}
      onChange={e => props.onChange(e.target.value)}
      className="text-center text-lg tracking-[0.4em]"
    />
  );
}
