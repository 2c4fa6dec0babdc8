import type {ProfileState} from '../../../zero-schema.ts';
import {formatDate, formatLocalDate} from '../../lib/dates.ts';
import {formatMoneyText} from '../../lib/money.ts';
import {formatPhone} from '../../lib/phones.ts';
import {genderLabel} from '../labels.ts';
import {COLOUR_LABEL} from './colours.ts';
import {CARD_FIELDS, OPTIONS} from './fields.ts';
import * as m from '../../paraglide/messages.js';

export const STATE_LABEL: Record<ProfileState, () => string> = {
  active: m.state_active,
  blocked: m.state_blocked,
  pending: m.state_pending,
  engaged: m.state_engaged,
};

/** An option's label in the UI language (an unknown id, say from an older list, shows as itself). */
export const optionLabel = (list: keyof typeof OPTIONS, id: string) =>
  ((OPTIONS[list] as Record<string, (() => string) | undefined>)[id] ?? (() => id))();

/** The card's own columns by the names the revision history uses. */
const COLUMN_LABELS: Record<string, () => string> = {
  forename: m.field_forename,
  surname: m.field_surname,
  gender: m.field_gender,
  city: m.field_city,
  birthDate: m.field_birth_date,
  sectorID: m.field_sector,
  statusID: m.field_status,
  openFrom: m.card_open_from,
  colour: m.card_colour,
  idNumber: m.field_id_number,
  communityID: m.pf_community,
  state: m.card_state,
  database: m.field_database,
  visibility: m.card_visibility,
  deletedAt: m.card_delete,
  closedAt: m.card_close,
  // The candidate's own photo (server/self-edit/photo-routes.ts): its file names, old → new.
  photo: m.files_photo,
};

/** A field's label from its history name ('city', 'details.height', …). */
export function fieldLabel(name: string): string {
  const key = name.replace(/^details\./, '');
  return (COLUMN_LABELS[key] ?? CARD_FIELDS.find(f => f.key === key)?.label ?? (() => key))();
}

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
