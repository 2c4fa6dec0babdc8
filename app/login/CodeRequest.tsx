import {Mail, Phone} from 'lucide-react';
import {clsx} from 'clsx';
import {Button, Field, TextInput} from '../ui/controls.tsx';
import type {CodeType} from './remembered.ts';
import {usePhoneValid} from './use-phone-valid.ts';
import * as m from '../paraglide/messages.js';

export type LoginTab = 'phone' | 'email';

/** Step one: where to send the code. Send buttons follow spec §5. */
export function CodeRequest(props: {
  tab: LoginTab;
  onTab: (tab: LoginTab) => void;
  phone: string;
  onPhone: (phone: string) => void;
  codeType: CodeType;
  onCodeType: (codeType: CodeType) => void;
  email: string;
  onEmail: (email: string) => void;
  waiting: boolean;
  onSend: () => void;
}) {
  const phoneValid = usePhoneValid(props.phone);
  const canSend = !props.waiting && (props.tab === 'phone' ? phoneValid : props.email.trim() !== '');
  const tabs = [
    {id: 'phone' as const, label: m.login_tab_phone(), icon: Phone},
    {id: 'email' as const, label: m.login_tab_email(), icon: Mail},
  ];
  return (
    <form
      onSubmit={e => {
        e.preventDefault();
        if (canSend) props.onSend();
      }}
      className="space-y-4"
    >
      <div role="tablist" className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
        {tabs.map(t => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={props.tab === t.id}
            data-testid={`login-tab-${t.id}`}
            onClick={() => props.onTab(t.id)}
            className={clsx(
              'flex items-center justify-center gap-2 rounded-lg py-2 text-sm font-medium transition',
              props.tab === t.id ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-slate-800',
            )}
          >
            <t.icon className="size-4" aria-hidden />
            {t.label}
          </button>
        ))}
      </div>

      {props.tab === 'phone' ? (
        <div role="tabpanel" className="space-y-4">
          <Field label={m.login_phone_label()}>
            {p => (
              <TextInput
                {...p}
                name="phone"
                type="tel"
                dir="ltr"
                autoComplete="tel"
                inputMode="tel"
                placeholder="050-0000000"
                value={props.phone}
                onChange={e => props.onPhone(e.target.value)}
                className="text-start rtl:text-end"
              />
            )}
          </Field>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">{m.login_code_type_label()}</legend>
            {(['hungup', 'whatsapp'] as const).map(type => (
              <label
                key={type}
                className="flex cursor-pointer items-start gap-2.5 rounded-xl p-3 ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-500"
              >
                <input
                  type="radio"
                  name="codeType"
                  value={type}
                  checked={props.codeType === type}
                  onChange={() => props.onCodeType(type)}
                  className="mt-0.5 accent-brand-700"
                />
                <span>
                  <span className="block text-sm font-medium">
                    {type === 'hungup' ? m.code_type_hungup() : m.code_type_whatsapp()}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {type === 'hungup' ? m.code_type_hungup_hint() : m.code_type_whatsapp_hint()}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        </div>
      ) : (
        <div role="tabpanel">
          <Field label={m.login_email_label()}>
            {p => (
              <TextInput
                {...p}
                name="email"
                type="email"
                dir="ltr"
                autoComplete="email"
                value={props.email}
                onChange={e => props.onEmail(e.target.value)}
                className="text-start rtl:text-end"
              />
            )}
          </Field>
        </div>
      )}

      <Button type="submit" disabled={!canSend} className="w-full py-2.5" data-testid="send-code">
        {props.waiting ? m.sending() : m.login_send_code()}
      </Button>
    </form>
  );
}
