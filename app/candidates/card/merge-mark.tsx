import type {ReactNode} from 'react';
import {isoDateToMs} from '../../lib/dates.ts';
import {labelOf} from '../../tables/label-of.ts';
import {MergeMark, type MergeView} from '../../ui/MergeMark.tsx';
import {getLocale} from '../../paraglide/runtime.js';
import type {CardLookups, FieldMark} from './CardFormFields.tsx';
import {CARD_FIELDS} from './fields.ts';
import type {CardForm} from './form.ts';
import {historyValue} from './history-value.ts';

/**
 * The edit form's fields marked with what the live merge says of them: a highlight, or the conflict in words and
 * the choice. Kept apart from CardFormFields so the candidate's public form never loads it (issue 35: the words
 * reach libphonenumber through the card's labels).
 */
export function mergeMark(merge: MergeView, lookups: CardLookups, form: CardForm): FieldMark {
  const locale = getLocale();
  /** A form value in words, as a conflict shows it. */
  const describe = (key: string, value: string | string[]): string => {
    const text = String(value);
    if (key === 'sectorID') return labelOf(lookups.sectors.find(r => r.id === text)?.labels, locale) || text;
    if (key === 'statusID') return labelOf(lookups.statuses.find(r => r.id === text)?.labels, locale) || text;
    if (key === 'communityID') return lookups.communities.find(c => c.id === text)?.name ?? text;
    if (value === '' || (Array.isArray(value) && value.length === 0)) return '';
    if (key === 'birthDate' || key === 'openFrom') {
      const ms = isoDateToMs(text);
      return ms === undefined ? text : historyValue(key, ms);
    }
    const detail = CARD_FIELDS.find(f => f.key === key);
    if (detail?.kind.type === 'yesNo') return historyValue(`details.${key}`, value === 'yes');
    if (detail?.kind.type === 'phone' || detail?.kind.type === 'phones') return text;
    return historyValue(detail ? `details.${key}` : key, value);
  };
  return (key: string, field: ReactNode) => {
    const theirs = merge.conflicts[key];
    return (
      <MergeMark
        key={key}
        taken={merge.taken.has(key)}
        conflict={theirs === undefined ? undefined : {theirs: describe(key, theirs), mine: describe(key, form[key] ?? '')}}
        onResolve={choice => merge.resolve(key, choice)}
      >
        {field}
      </MergeMark>
    );
  };
}
