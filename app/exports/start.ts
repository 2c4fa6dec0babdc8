import {currentLocale} from '../i18n.ts';
import {call, type CallResult} from '../login/api.ts';
import type {FilterSet} from '../tables/saved-searches.ts';
import type {ExportKind, ReportFilters} from '../tables/exports.ts';

/**
 * Asks the server for an export (server/exports/routes.ts) in the language the user reads: it answers
 * at once with the job's id, and the job's row (live through Zero) then shows how it goes.
 */
export function startExport(request: {
  kind: ExportKind;
  filters?: FilterSet;
  title?: string;
  report?: ReportFilters;
}): Promise<CallResult<{id: string}>> {
  return call<{id: string}>('/api/exports', {...request, locale: currentLocale()});
}
