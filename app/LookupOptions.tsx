import type {Labels} from '../zero-schema.ts';
import {currentLocale} from './i18n.ts';
import {labelOf} from './lookups.ts';

/** The <option>s of an admin-extendable list (sectors, statuses) in the UI language. */
export function LookupOptions({rows}: {rows: ReadonlyArray<{id: string; labels: Labels}>}) {
  const locale = currentLocale();
  return rows.map(row => (
    <option key={row.id} value={row.id}>
      {labelOf(row.labels, locale)}
    </option>
  ));
}
