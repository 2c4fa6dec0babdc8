import {CARD_FIELDS} from './fields.ts';
import * as m from '../../paraglide/messages.js';

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
};

/** A field's label from its history name ('city', 'details.height', …). */
export function fieldLabel(name: string): string {
  const key = name.replace(/^details\./, '');
  return (COLUMN_LABELS[key] ?? CARD_FIELDS.find(f => f.key === key)?.label ?? (() => key))();
}
