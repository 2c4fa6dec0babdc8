import {useNavigate, useRouteContext, useRouterState} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {contextOf} from '../session.ts';
import {ActivityReport} from './ActivityReport.tsx';
import {CardsReport} from './CardsReport.tsx';
import {CouplesReport} from './CouplesReport.tsx';
import {
  REPORTS_PATH,
  REPORT_VIEWS,
  reportFiltersOf,
  reportHref,
  reportSearchOf,
  type ReportSearch,
  type ReportView,
} from './filters.ts';
import {Loaded} from './Loaded.tsx';
import {ReportActions} from './ReportActions.tsx';
import {ReportFilterBar} from './ReportFilterBar.tsx';
import type {ActivityReport as ActivityData, CardsReport as CardsData, CouplesReport as CouplesData} from './schema.ts';
import * as m from '../paraglide/messages.js';
import type {ReportExportKind} from '../tables/exports.ts';

const TAB_LABEL: Record<ReportView, () => string> = {
  activities: m.report_activities_title,
  couples: m.report_couples_title,
  cards: m.report_cards_title,
};
const EXPORT_KIND: Record<ReportView, ReportExportKind> = {
  activities: 'report-activities',
  couples: 'report-couples',
  cards: 'report-cards',
};

/**
 * admin/reports (issue 17, spec §2 "control panel: reports"): the activities funnel and activities over
 * time, engaged couples per month, and the cards by sector, community and age, filtered by dates and
 * community (all in the URL), computed on the server over what the user may see; printable and exported
 * to Excel through the export path.
 */
export function ReportsPage() {
  usePageTitle(m.section_reports());
  const navigate = useNavigate();
  const ctx = contextOf(useRouteContext({from: '/shell'}).session.user!);
  const search = reportSearchOf(useRouterState({select: s => s.location.search}) as Record<string, unknown>);
  const view = search.view ?? 'activities';
  const filters = reportFiltersOf(search);
  const update = (next: ReportSearch) => void navigate({href: reportHref(REPORTS_PATH, reportSearchOf(next)), replace: true});

  return (
    <section className="space-y-5" data-testid="reports-page" data-view={view}>
      <PageHeader title={m.section_reports()} subtitle={m.reports_intro()}>
        <ReportActions ctx={ctx} kind={EXPORT_KIND[view]} filters={filters} />
      </PageHeader>

      <nav aria-label={m.section_reports()} className="flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 print:hidden">
        {REPORT_VIEWS.map(tab => (
          <button
            key={tab}
            type="button"
            aria-current={tab === view ? 'page' : undefined}
            onClick={() => update({...search, view: tab})}
            className={clsx(
              'flex-1 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
              tab === view ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
            data-testid={`report-tab-${tab}`}
          >
            {TAB_LABEL[tab]()}
          </button>
        ))}
      </nav>
      {/* On paper the tabs drop out: the report's name says which it is. */}
      <h2 className="hidden text-lg font-semibold print:block">{TAB_LABEL[view]()}</h2>

      <ReportFilterBar search={search} onChange={update} />

      {view === 'activities' && (
        <Loaded<ActivityData> name="activities" filters={filters}>
          {data => <ActivityReport report={data} />}
        </Loaded>
      )}
      {view === 'couples' && (
        <Loaded<CouplesData> name="couples" filters={filters}>
          {data => <CouplesReport report={data} />}
        </Loaded>
      )}
      {view === 'cards' && (
        <Loaded<CardsData> name="cards" filters={filters}>
          {data => <CardsReport report={data} />}
        </Loaded>
      )}
    </section>
  );
}
