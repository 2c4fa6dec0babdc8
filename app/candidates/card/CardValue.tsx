import {formatMoneyText} from '../../lib/money.ts';
import {formatPhone} from '../../lib/phones.ts';
import type {CardField} from './fields.ts';
import {optionLabel} from './labels.ts';
import * as m from '../../paraglide/messages.js';
import type {DetailValue} from '../../tables/profiles.ts';

/** A detail as the card and the print view show it: translated options, phones and email as links, text as typed. */
export function CardValue({field, value}: {field: CardField; value: DetailValue}) {
  const kind = field.kind;
  switch (kind.type) {
    case 'choice':
      return <>{optionLabel(kind.options, value as string)}</>;
    case 'choices':
      return <>{(value as string[]).map(id => optionLabel(kind.options, id)).join(', ')}</>;
    case 'yesNo':
      return <>{value ? m.opt_yes_no_yes() : m.opt_yes_no_no()}</>;
    case 'phone':
    case 'phones':
      return (
        <span className="flex flex-wrap gap-x-3">
          {[value as string | string[]].flat().map(phone => (
            <a key={phone} href={`tel:${phone}`} dir="ltr" className="text-brand-700 tabular-nums hover:underline">
              {formatPhone(phone)}
            </a>
          ))}
        </span>
      );
    case 'email':
      return (
        <a href={`mailto:${String(value)}`} dir="ltr" className="break-all text-brand-700 hover:underline">
          {String(value)}
        </a>
      );
    case 'long':
      return <bdi className="whitespace-pre-line">{String(value)}</bdi>;
    case 'money':
      return <bdi className="tabular-nums">{formatMoneyText(String(value))}</bdi>;
    default:
      return <bdi>{String(value)}</bdi>;
  }
}
