import {formatLocalDate} from '../lib/dates.ts';
import * as m from '../paraglide/messages.js';
import type {BonusCard} from './schema.ts';

/** A card's details (spec §2 bonuses/check-validation): bonus code, issued for, ID number, issue date DD-MM-YYYY. */
export function CardDetails({card}: {card: BonusCard}) {
  const rows: Array<[string, string, string]> = [
    [m.bonus_field_code(), card.bonusCode, 'bonus-code'],
    [m.bonus_field_issued_for(), card.People.FullName, 'bonus-name'],
    [m.bonus_field_id_number(), card.Tz, 'bonus-tz'],
    [m.bonus_field_issue_date(), formatLocalDate(Date.parse(card.createdAt)), 'bonus-date'],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value, testID]) => (
        <div key={testID} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="font-semibold text-slate-900" data-testid={testID}>
            <bdi>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
