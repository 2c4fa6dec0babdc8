import {useQuery} from '@rocicorp/zero/react';
import {Link, useRouteContext} from '@tanstack/react-router';
import {Lock, Pencil, Plus, UserRound} from 'lucide-react';
import {useEffect, useMemo, useRef, useState} from 'react';
import {clsx} from 'clsx';
import {queries} from '../queries.ts';
import {currentLocale} from '../i18n.ts';
import {labelOf} from '../lookups.ts';
import {ageOn} from '../lib/dates.ts';
import {can} from '../../permissions/context.ts';
import {contextOf} from '../session.ts';
import {buttonClass} from '../ui/controls.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {EditCandidateDialog, type EditableCandidate} from './EditCandidateDialog.tsx';
import {genderLabel} from './labels.ts';
import {CandidateSearch} from './search/CandidateSearch.tsx';
import {useCandidateFilters} from './search/use-candidate-filters.ts';
import * as m from '../paraglide/messages.js';

// A section route (shell/sections.ts), made at runtime, so outside the router's typed paths.
const NEW_CARD: string = '/home/tickets/new';

const PAGE = 100;
/** A row changed within this window by anyone glows, so live updates catch the eye. */
const FRESH_MS = 4000;

export function CandidateListPage() {
  usePageTitle(m.candidates_title());
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const mayEdit = can(ctx, 'editTickets');
  const locale = currentLocale();

  const view = useCandidateFilters();
  const {filters, sort, dir} = view;
  const [limit, setLimit] = useState(PAGE);
  useEffect(() => setLimit(PAGE), [filters]);

  const [rows, details] = useQuery(queries.candidates.list({filters, sort, dir, limit}));
  const [sectors] = useQuery(queries.lookups.sectors());
  const [statuses] = useQuery(queries.lookups.statuses());
  const sectorLabel = useMemo(() => new Map(sectors.map(s => [s.id, labelOf(s.labels, locale)])), [sectors, locale]);
  const statusLabel = useMemo(() => new Map(statuses.map(s => [s.id, labelOf(s.labels, locale)])), [statuses, locale]);

  const [editing, setEditing] = useState<EditableCandidate | undefined>();
  const complete = details.type === 'complete';
  const mayHaveMore = rows.length >= limit;

  // Grow the window when the end of the list scrolls into view.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !complete || !mayHaveMore) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setLimit(l => l + PAGE), {
      rootMargin: '400px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [complete, mayHaveMore, rows.length]);

  const now = Date.now();
  return (
    <section className="space-y-5">
      <PageHeader title={m.candidates_title()} subtitle={m.candidates_subtitle()}>
        {mayEdit ? (
          <Link to={NEW_CARD} className={buttonClass()} data-testid="new-candidate">
            <Plus className="size-4" aria-hidden />
            {m.new_candidate_title()}
          </Link>
        ) : (
          <p className="flex items-center gap-1.5 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600">
            <Lock className="size-4" aria-hidden />
            {m.read_only_hint()}
          </p>
        )}
      </PageHeader>

      <CandidateSearch view={view} mayFilterFreely={can(ctx, 'freeFiltering')} />

      <div className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full min-w-[760px] text-sm" data-testid="candidate-table">
          <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-3 text-start">
                {m.column_name()}
              </th>
              <th scope="col" className="px-4 py-3 text-start">
                {m.column_gender()}
              </th>
              <th scope="col" className="px-4 py-3 text-start">
                {m.column_age()}
              </th>
              <th scope="col" className="px-4 py-3 text-start">
                {m.column_city()}
              </th>
              <th scope="col" className="px-4 py-3 text-start">
                {m.column_sector()}
              </th>
              <th scope="col" className="px-4 py-3 text-start">
                {m.column_status()}
              </th>
              <th scope="col" className="px-4 py-3 text-start">
                {m.column_owner()}
              </th>
              {mayEdit && (
                <th scope="col" className="w-12 px-4 py-3">
                  <span className="sr-only">{m.action_edit()}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map(p => (
              <tr
                key={`${p.id}:${p.updatedAt}`}
                data-testid="candidate-row"
                data-id={p.id}
                className={clsx('hover:bg-slate-50', now - p.updatedAt < FRESH_MS && 'live-flash')}
              >
                <td className="px-4 py-2.5">
                  <Link
                    to="/home/tickets/$id"
                    params={{id: p.id}}
                    className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                    data-testid="candidate-open"
                  >
                    <bdi>
                      {p.surname} {p.forename}
                    </bdi>
                  </Link>
                  {p.database === 'personal' && (
                    <span className="ms-2 inline-flex items-center rounded-full bg-gold-100 px-2 py-0.5 text-xs font-medium text-amber-800">
                      {m.database_personal_badge()}
                    </span>
                  )}
                </td>
                <td className="px-4 py-2.5 text-slate-600">{genderLabel[p.gender]()}</td>
                <td className="px-4 py-2.5 text-slate-600 tabular-nums">{ageOn(p.birthDate)}</td>
                <td className="px-4 py-2.5 text-slate-600" data-testid="candidate-city">
                  <bdi>{p.city}</bdi>
                </td>
                <td className="px-4 py-2.5 text-slate-600">{sectorLabel.get(p.sectorID)}</td>
                <td className="px-4 py-2.5" data-testid="candidate-status">
                  <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-100">
                    {statusLabel.get(p.statusID)}
                  </span>
                </td>
                <td className="px-4 py-2.5 text-slate-600">
                  <span className="inline-flex items-center gap-1.5">
                    <UserRound className="size-3.5 text-slate-500" aria-hidden />
                    {p.ownerID === ctx.userID ? m.owner_you() : <bdi>{p.owner?.name}</bdi>}
                  </span>
                </td>
                {mayEdit && (
                  <td className="px-2 py-1.5">
                    <button
                      type="button"
                      onClick={() => setEditing(p)}
                      className="rounded-lg p-2 text-slate-500 hover:bg-brand-50 hover:text-brand-700"
                      aria-label={m.edit_candidate_title({name: `${p.forename} ${p.surname}`})}
                      data-testid="edit-candidate"
                    >
                      <Pencil className="size-4" />
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && (
          <p className="px-4 py-12 text-center text-sm text-slate-500" data-testid="candidates-empty">
            {complete ? m.no_results() : m.loading()}
          </p>
        )}
        <div ref={sentinel} />
      </div>
      {rows.length > 0 && (
        <p className="text-xs text-slate-500" data-testid="candidates-count">
          {m.showing_count({count: rows.length})}
        </p>
      )}

      {editing && (
        <EditCandidateDialog
          candidate={editing}
          live={rows.find(r => r.id === editing.id)}
          onClose={() => setEditing(undefined)}
        />
      )}
    </section>
  );
}
