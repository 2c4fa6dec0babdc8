import type {CardField} from '../../../app/candidates/card/fields.ts';
import {OPTIONS} from '../../../app/candidates/card/fields.ts';
import {STATE_LABEL} from '../../../app/candidates/card/labels.ts';
import {DETAIL_FIELDS} from '../../../app/candidates/card/fields.ts';
import {genderLabel} from '../../../app/candidates/labels.ts';
import {formatMoneyText} from '../../../app/lib/money.ts';
import {formatPhone} from '../../../app/lib/phones.ts';
import {labelOf} from '../../../app/lookups.ts';
import * as m from '../../../app/paraglide/messages.js';
import type {Gender, Labels, ProfileDatabase, ProfileState} from '../../../zero-schema.ts';
import {listedProfilesSql} from '../../candidates/count.ts';
import type {CellKind, CellValue} from '../workbook.ts';
import {defineSheet, type Column, type Message} from './sheet.ts';
import type {CardDetails} from '../../../app/tables/profiles.ts';

type ProfileRow = {
  forename: string;
  surname: string;
  id_number: string | null;
  gender: Gender;
  birth_date: string;
  city: string;
  sector: Labels | null;
  status: Labels | null;
  community: string | null;
  state: ProfileState;
  database: ProfileDatabase;
  owner: string | null;
  open_from: string | null;
  entry_date: string;
  created_at: Date;
  updated_at: Date;
  last_activity_at: Date | null;
  details: CardDetails | null;
  shared_notes: string | null;
};

const DATABASE_LABEL: Record<ProfileDatabase, Message> = {general: m.database_general, personal: m.database_personal};

const option = (list: keyof typeof OPTIONS, id: string) => {
  const label = (OPTIONS[list] as Record<string, Message | undefined>)[id];
  return label ? label() : id;
};

/** A detail as the card shows it, in the export's language; phones in the form people write them. */
function detailValue(field: CardField, value: CardDetails[string]): CellValue {
  if (value === undefined || value === null) return null;
  switch (field.kind.type) {
    case 'choice':
      return option(field.kind.options, String(value));
    case 'choices':
      return [value as string[]]
        .flat()
        .map(id => option((field.kind as {options: keyof typeof OPTIONS}).options, id))
        .join(', ');
    case 'yesNo':
      return (value ? m.opt_yes_no_yes : m.opt_yes_no_no)();
    case 'phone':
    case 'phones':
      return [value as string | string[]].flat().map(formatPhone).join(', ');
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'money':
      return formatMoneyText(String(value));
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}

const DETAIL_KIND: Partial<Record<CardField['kind']['type'], CellKind>> = {
  long: 'long',
  number: 'number',
  phone: 'digits',
  phones: 'digits',
};

/** Every detail of the card's catalogue (the card form's labels), after the card's own columns. */
const detailColumns: Column<ProfileRow>[] = DETAIL_FIELDS.map(field => ({
  header: field.label,
  kind: DETAIL_KIND[field.kind.type] ?? 'text',
  value: row => detailValue(field, row.details?.[field.key]),
}));

/**
 * Profiles (issue 16): the candidate list's cards for this user and filter set (listedProfilesSql, the
 * list's own rule and conditions, as its count uses them), in the list's name order, with every detail
 * the card shows them. Notes: the shared ones only; a personal note, visible to its author alone, never.
 * Nothing the card does not show either: no history, no files, no contact of the card's shadchan.
 */
export const profilesSheet = defineSheet<ProfileRow>({
  title: m.export_kind_profiles,
  columns: [
    {header: m.field_forename, kind: 'text', value: r => r.forename},
    {header: m.field_surname, kind: 'text', value: r => r.surname},
    {header: m.field_id_number, kind: 'digits', value: r => r.id_number},
    {header: m.field_gender, kind: 'text', value: r => genderLabel[r.gender]()},
    {header: m.field_birth_date, kind: 'date', value: r => r.birth_date},
    {header: m.field_city, kind: 'text', value: r => r.city},
    {header: m.field_sector, kind: 'text', value: (r, locale) => labelOf(r.sector ?? undefined, locale)},
    {header: m.field_status, kind: 'text', value: (r, locale) => labelOf(r.status ?? undefined, locale)},
    {header: m.pf_community, kind: 'text', value: r => r.community},
    {header: m.card_state, kind: 'text', value: r => STATE_LABEL[r.state]()},
    {header: m.field_database, kind: 'text', value: r => DATABASE_LABEL[r.database]()},
    {header: m.column_owner, kind: 'text', value: r => r.owner},
    {header: m.card_open_from, kind: 'date', value: r => r.open_from},
    {header: m.card_entry_date, kind: 'date', value: r => r.entry_date},
    {header: m.column_created, kind: 'moment', value: r => r.created_at},
    {header: m.column_updated, kind: 'moment', value: r => r.updated_at},
    {header: m.column_last_activity, kind: 'moment', value: r => r.last_activity_at},
    ...detailColumns,
    {header: m.card_notes, kind: 'long', value: r => r.shared_notes},
  ],
  rows: (sql, ctx, filters) => sql<ProfileRow[]>`
    SELECT p.forename, p.surname, d.id_number, p.gender, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.city,
           s.labels AS sector, st.labels AS status, c.name AS community, p.state, p.database, u.name AS owner,
           to_char(p.open_from, 'YYYY-MM-DD') AS open_from, to_char(p.entry_date, 'YYYY-MM-DD') AS entry_date,
           p.created_at, p.updated_at, p.last_activity_at, d.details,
           (SELECT string_agg(a.name || ' (' || to_char(n.created_at AT TIME ZONE 'Asia/Jerusalem', 'DD-MM-YYYY') || '): ' || n.body,
                              E'\n' ORDER BY n.created_at, n.id)
              FROM profile_note n JOIN app_user a ON a.id = n.author_id
             WHERE n.profile_id = p.id AND NOT n.personal) AS shared_notes
      FROM profile p
      LEFT JOIN profile_detail d ON d.profile_id = p.id
      LEFT JOIN sector s ON s.id = p.sector_id
      LEFT JOIN profile_status st ON st.id = p.status_id
      LEFT JOIN community c ON c.id = p.community_id
      LEFT JOIN app_user u ON u.id = p.owner_id
     WHERE ${listedProfilesSql(sql, ctx, filters)}
     ORDER BY p.name_search, p.id`,
});
