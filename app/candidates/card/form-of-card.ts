import {msToIsoDate} from '../../lib/dates.ts';
import {formatPhone} from '../../lib/phones.ts';
import type {Row} from '@rocicorp/zero';
import type {Schema} from '../../../zero-schema.ts';
import {DETAIL_FIELDS, type CardField} from './fields.ts';
import type {CardForm} from './form.ts';
import type {CardDetails, DetailValue} from '../../tables/profiles.ts';

/*
 * A stored card as the edit form's controls hold it (form.ts goes the other way): phone numbers as their
 * owners write them, dates as the date field takes them.
 */

/** A card as the card query gives it: the profile with its sensitive part (absent until it syncs). */
type CardRow = Row<Schema['tables']['profile']> & {readonly detail?: Row<Schema['tables']['profileDetail']> | undefined};

function detailToForm(field: CardField, value: DetailValue | undefined): string | string[] {
  switch (field.kind.type) {
    case 'choices':
      return (value as string[] | undefined) ?? [];
    case 'yesNo':
      return value === undefined ? '' : value ? 'yes' : 'no';
    case 'phone':
      return value ? formatPhone(value as string) : '';
    case 'phones':
      return ((value as string[] | undefined) ?? []).map(formatPhone).join(', ');
    default:
      return value === undefined ? '' : String(value);
  }
}

/** Stored details as the form's controls hold them. */
export const formFromDetails = (details: CardDetails): CardForm =>
  Object.fromEntries(DETAIL_FIELDS.map(f => [f.key, detailToForm(f, details[f.key])]));

export function formFromCard(row: CardRow): CardForm {
  const details: CardDetails = row.detail?.details ?? {};
  return {
    forename: row.forename,
    surname: row.surname,
    gender: row.gender,
    city: row.city,
    birthDate: msToIsoDate(row.birthDate),
    sectorID: row.sectorID,
    statusID: row.statusID,
    idNumber: row.detail?.idNumber ?? '',
    communityID: row.communityID ?? '',
    openFrom: row.openFrom ? msToIsoDate(row.openFrom) : '',
    colour: row.colour ?? '',
    ...formFromDetails(details),
  };
}
