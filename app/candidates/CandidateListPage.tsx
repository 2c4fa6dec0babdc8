import {Link, useRouteContext, useRouterState} from '@tanstack/react-router';
import {Lock, Plus} from 'lucide-react';
import {useCallback, useMemo, useState} from 'react';
import {can} from '../../permissions/context.ts';
import {contextOf} from '../session.ts';
import {buttonClass} from '../ui/controls.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {PhoneActions} from '../ui/PhoneActions.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {CandidateSearch} from './search/CandidateSearch.tsx';
import {useCandidateFilters} from './search/use-candidate-filters.ts';
import {useCandidateCount} from './search/use-count.ts';
import {CandidateResults} from './table/CandidateResults.tsx';
import {ColumnChooser, useColumnVisibility} from './table/ColumnChooser.tsx';
import {SortSelect} from './table/SortSelect.tsx';
import {useListSort} from './table/use-list-sort.ts';
import {SaveSearchButton} from '../saved-searches/SaveSearchDialog.tsx';
import {ExportSearchButton} from '../exports/ExportSearchButton.tsx';
import * as m from '../paraglide/messages.js';

// A section route (shell/sections.ts), made at runtime, so outside the router's typed paths.
const NEW_CARD: string = '/home/tickets/new';

export function CandidateListPage() {
  usePageTitle(m.candidates_title());
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const mayEdit = can(ctx, 'editTickets');
  // The page stays mounted while the user is on a card (shell/KeptOutlet); meanwhile it rests.
  const onHome = useRouterState({select: s => s.location.pathname === '/home'});

  const view = useCandidateFilters();
  const {filters} = view;
  const {sort, dir, setSort} = useListSort();
  const params = useMemo(() => ({filters, sort, dir}), [filters, sort, dir]);
  const total = useCandidateCount(filters);
  const [visibility, setVisibility] = useColumnVisibility(ctx.userID);
  // Once the list has answered, a new search or order shows this browser's rows at once (CandidateResults).
  const [answered, setAnswered] = useState(false);
  const settle = useCallback(() => setAnswered(true), []);

  return (
    <section className="space-y-5">
      <PageHeader title={m.candidates_title()} subtitle={m.candidates_subtitle()}>
        {mayEdit ? (
          <PhoneActions>
            <Link to={NEW_CARD} className={buttonClass()} data-testid="new-candidate">
              <Plus className="size-4" aria-hidden />
              {m.new_candidate_title()}
            </Link>
          </PhoneActions>
        ) : (
          <p className="flex items-center gap-1.5 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600">
            <Lock className="size-4" aria-hidden />
            {m.read_only_hint()}
          </p>
        )}
      </PageHeader>

      <CandidateSearch view={view} mayFilterFreely={can(ctx, 'freeFiltering')}>
        <SaveSearchButton />
        {can(ctx, 'exportToExcel') && <ExportSearchButton filters={filters} />}
      </CandidateSearch>

      <div className="flex flex-wrap items-center justify-end gap-3">
        {/* Its line is kept while the number is on its way, so the list below does not move when it comes. */}
        <p className="me-auto min-h-5 text-sm text-slate-600" aria-live="polite" data-testid="candidates-count">
          {total !== undefined && m.cards_count({count: total})}
        </p>
        <span className="w-full sm:hidden">
          <SortSelect sort={sort} dir={dir} onSort={setSort} />
        </span>
        <span className="max-sm:hidden">
          <ColumnChooser visibility={visibility} onChange={setVisibility} />
        </span>
      </div>

      <CandidateResults
        key={JSON.stringify(params)}
        params={params}
        ctx={ctx}
        total={total}
        visibility={visibility}
        onVisibilityChange={setVisibility}
        onSort={setSort}
        active={onHome}
        instant={answered}
        onSettled={settle}
      />
    </section>
  );
}
