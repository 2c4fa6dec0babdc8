import type {ProfileState} from '../../../zero-schema.ts';
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
