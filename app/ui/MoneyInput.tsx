import {useState, type ComponentProps} from 'react';
import {CURRENCIES, type Currency} from '../lib/money.ts';
import {Select, TextInput} from './controls.tsx';
import * as m from '../paraglide/messages.js';

const SYMBOL: Record<Currency, string> = {ILS: '₪', USD: '$', EUR: '€'};

/** The form's text of a sum, "1,500 ILS": the amount as typed and the currency chosen. */
function split(value: string): {amount: string; currency?: Currency} {
  const match = /^(.*?)\s+(ILS|USD|EUR)$/.exec(value);
  return match ? {amount: match[1]!, currency: match[2] as Currency} : {amount: value};
}

/**
 * A sum and its currency (₪, $, €): an amount box and a currency choice beside it, read and written as
 * one text ("1500 ILS"), which the card's schema checks and keeps (app/lib/money.ts).
 */
export function MoneyInput({
  value,
  onChange,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {value: string; onChange: (value: string) => void}) {
  const {amount, currency: kept} = split(value);
  // Chosen before any amount is typed, the currency waits here.
  const [chosen, setChosen] = useState<Currency>(kept ?? 'ILS');
  const currency = kept ?? chosen;
  const write = (typed: string, code: Currency) => onChange(typed.trim() === '' ? '' : `${typed.trim()} ${code}`);
  return (
    <div className="flex gap-2">
      <TextInput
        {...props}
        dir="ltr"
        inputMode="decimal"
        className="min-w-0 flex-1 text-start tabular-nums rtl:text-end"
        value={amount}
        onChange={e => write(e.target.value, currency)}
      />
      {/* Its width on a box of its own: the select's w-full (controls.tsx) would win over a w-28 beside it. */}
      <div className="w-28 shrink-0">
        <Select
          aria-label={m.currency_label()}
          value={currency}
          onChange={e => {
            const code = e.target.value as Currency;
            setChosen(code);
            write(amount, code);
          }}
          data-testid={`${props.name ?? 'money'}-currency`}
        >
          {CURRENCIES.map(code => (
            <option key={code} value={code}>
              {SYMBOL[code]} {code}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
