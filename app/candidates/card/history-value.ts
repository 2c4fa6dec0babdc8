import {formatDate, formatLocalDate} from '../../lib/dates.ts';
import {formatMoneyText} from '../../lib/money.ts';
import {formatPhone} from '../../lib/phones.ts';
import {genderLabel} from '../labels.ts';
import {COLOUR_LABEL} from './colours.ts';
import {CARD_FIELDS, type OPTIONS} from './fields.ts';
import {STATE_LABEL, optionLabel} from './labels.ts';
import * as m from '../../paraglide/messages.js';

/** A value of the history (as stored: ids, E.164, ms) as the card would show it. */
export function historyValue(name: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  const enumLabels: Record<string, Record<string, () => string>> = {
    gender: genderLabel,
    state: STATE_LABEL,
    colour: COLOUR_LABEL,
    database: {general: m.database_general, personal: m.database_personal},
    visibility: {all: m.card_visibility_all, chosen: m.card_visibility_chosen},
  };
  if (name in enumLabels) return (enumLabels[name]![String(value)] ?? (() => String(value)))();
  if (name === 'birthDate' || name === 'openFrom') return formatDate(value as number);
  if (name === 'deletedAt' || name === 'closedAt') return formatLocalDate(value as number);
  const field = CARD_FIELDS.find(f => `details.${f.key}` === name);
  switch (field?.kind.type) {
    case 'choice':
      return optionLabel(field.kind.options, String(value));
    case 'choices':
      return (value as string[]).map(id => optionLabel((field.kind as {options: keyof typeof OPTIONS}).options, id)).join(', ');
    case 'yesNo':
      return value ? m.opt_yes_no_yes() : m.opt_yes_no_no();
    case 'phone':
    case 'phones':
      return [value as string | string[]].flat().map(formatPhone).join(', ');
    case 'money':
      return formatMoneyText(String(value));
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}
