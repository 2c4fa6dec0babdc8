import {useQuery} from '@rocicorp/zero/react';
import {clsx} from 'clsx';
import {FileDown} from 'lucide-react';
import {useState} from 'react';
import type {AuthContext} from '../../permissions/context.ts';
import {mayExport} from '../../permissions/exports.ts';
import {savedSearchQueries} from '../saved-searches/queries.ts';
import {NEEDS_ATTENTION_DAYS} from '../saved-searches/schema.ts';
import {Button, Labelled, Select} from '../ui/controls.tsx';
import {exportErrorText, KINDS} from './labels.ts';
import {startExport} from './start.ts';
import * as m from '../paraglide/messages.js';
import type {FilterSet} from '../tables/saved-searches.ts';
import {DATA_EXPORT_KINDS, type ExportKind} from '../tables/exports.ts';

const ALL = '';

/** A saved search's filter set as the list applies it (the needs-attention view: open now and idle). */
function filtersOf(search: {view: string; filters: FilterSet}): FilterSet {
  return search.view === 'needsAttention'
    ? {openNow: true, idleDays: search.filters.idleDays ?? NEEDS_ATTENTION_DAYS}
    : search.filters;
}

/** Chooses what to export (profiles: all, or one of the saved searches) and starts it. */
export function NewExport({ctx}: {ctx: AuthContext}) {
  const kinds = DATA_EXPORT_KINDS.filter(kind => mayExport(ctx, kind));
  const [kind, setKind] = useState<ExportKind>('profiles');
  const [searchID, setSearchID] = useState(ALL);
  const [searches] = useQuery(savedSearchQueries.list());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function start() {
    const search = kind === 'profiles' ? searches.find(s => s.id === searchID) : undefined;
    setBusy(true);
    setError(undefined);
    const result = await startExport({kind, ...(search ? {filters: filtersOf(search), title: search.title} : {})});
    setBusy(false);
    // Started: the job shows at the top of the list below, live, to its download.
    if (!result.ok) setError(exportErrorText(result.error, result.message));
  }

  return (
    <section
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      aria-labelledby="new-export-title"
      data-testid="new-export"
    >
      <h2 id="new-export-title" className="font-semibold text-slate-900">
        {m.export_new_title()}
      </h2>
      <fieldset className="space-y-1.5">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">{m.export_what()}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {kinds.map(option => {
            const {label, hint, icon: Icon} = KINDS[option];
            return (
              <label
                key={option}
                className={clsx(
                  'flex cursor-pointer items-start gap-2.5 rounded-lg p-3 text-sm ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                  kind === option ? 'bg-brand-50 ring-brand-300' : 'ring-slate-200 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name="export-kind"
                  className="sr-only"
                  checked={kind === option}
                  onChange={() => setKind(option)}
                  data-testid={`export-kind-${option}`}
                />
                <Icon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{label()}</span>
                  <span className="block text-xs text-slate-600">{hint()}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {kind === 'profiles' && (
        <div className="sm:max-w-md">
          <Labelled label={m.export_which_profiles()}>
            <Select value={searchID} onChange={e => setSearchID(e.target.value)} data-testid="export-profiles-scope">
              <option value={ALL}>{m.export_profiles_all()}</option>
              {searches.length > 0 && (
                <optgroup label={m.export_saved_searches()}>
                  {searches.map(s => (
                    <option key={s.id} value={s.id}>
                      {s.title}
                    </option>
                  ))}
                </optgroup>
              )}
            </Select>
          </Labelled>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-rose-600" data-testid="export-error">
          {error}
        </p>
      )}
      <Button onClick={() => void start()} disabled={busy} data-testid="export-start">
        <FileDown className="size-4" aria-hidden />
        {busy ? m.export_starting() : m.export_start()}
      </Button>
    </section>
  );
}
