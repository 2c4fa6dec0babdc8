import type {Labels} from '../zero-schema.ts';
import {currentLocale} from './i18n.ts';
import {labelOf} from './tables/label-of.ts';
import * as m from './paraglide/messages.js';

type Offerable = {id: string; retiredAt?: number | null | undefined};

/**
 * The rows a form may offer: those in use, and a retired one only when it is the value the card already
 * has (it stays on old cards, marked, but is not a new choice).
 */
export function offered<R extends Offerable>(rows: readonly R[], current: string | undefined): R[] {
  return rows.filter(row => row.retiredAt == null || row.id === current);
}

/** A retired value's mark beside its name. */
export const retiredMark = (row: Offerable) => (row.retiredAt == null ? '' : ` (${m.places_retired()})`);

/** The <option>s of an admin-extendable list (sectors, statuses) in the UI language. */
export function LookupOptions({
  rows,
  current,
}: {
  rows: ReadonlyArray<Offerable & {labels: Labels}>;
  /** The value the form holds: kept on offer even when retired. */
  current?: string;
}) {
  const locale = currentLocale();
  return offered(rows, current).map(row => (
    <option key={row.id} value={row.id}>
      {labelOf(row.labels, locale) + retiredMark(row)}
    </option>
  ));
}
