import {Link, useNavigate, useRouteContext, useRouterState} from '@tanstack/react-router';
import {TYPE_LABEL} from '../activities/labels.ts';
import {formatLocalDate} from '../lib/dates.ts';
import {Labelled, Select} from '../ui/controls.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {contextOf} from '../session.ts';
import {ChartPanel, Figures, GroupBars, STAGE_COLOUR} from './charts.tsx';
import {
  IDLE_CHOICES,
  SHADCHANIM_REPORTS_PATH,
  reportFiltersOf,
  reportHref,
  reportSearchOf,
  type ReportSearch,
} from './filters.ts';
import {Loaded} from './Loaded.tsx';
import {ReportActions} from './ReportActions.tsx';
import {ReportFilterBar} from './ReportFilterBar.tsx';
import {FUNNEL_STAGES, NEGLECT_DAYS, NEGLECTED_LIST_MAX, type ShadchanimReport} from './schema.ts';
import * as m from '../paraglide/messages.js';

/**
 * admin/shadchanim-reports (issue 17, spec §2 "control panel: shadchanim reports", §6
 * viewShadchanimReports): each shadchan's activities in the window, their load (open cards they own)
 * and neglected cards (open, no activity for N days), and the neglected cards themselves; over what
 * the user may see, filtered by dates, community and N, printable and exported to Excel.
 */
export function ShadchanimReportsPage() {
  usePageTitle(m.section_shadchanim_reports());
  const navigate = useNavigate();
  const ctx = contextOf(useRouteContext({from: '/shell'}).session.user!);
  const search = reportSearchOf(useRouterState({select: s => s.location.search}) as Record<string, unknown>);
  const filters = reportFiltersOf(search);
  const update = (next: ReportSearch) =>
    void navigate({href: reportHref(SHADCHANIM_REPORTS_PATH, reportSearchOf(next)), replace: true});

  return (
    <section className="space-y-5" data-testid="shadchanim-reports-page">
      <PageHeader title={m.section_shadchanim_reports()} subtitle={m.shadchanim_reports_intro()}>
        <ReportActions ctx={ctx} kind="report-shadchanim" filters={filters} />
      </PageHeader>

      <ReportFilterBar search={search} onChange={update}>
        <Labelled label={m.report_filter_idle()}>
          <Select
            value={search.idle ?? NEGLECT_DAYS}
            onChange={e => update({...search, idle: Number(e.target.value)})}
            data-testid="report-filter-idle"
          >
            {IDLE_CHOICES.map(days => (
              <option key={days} value={days}>
                {m.report_idle_days({days})}
              </option>
            ))}
          </Select>
        </Labelled>
      </ReportFilterBar>

      <Loaded<ShadchanimReport> name="shadchanim" filters={filters}>
        {report => <ShadchanimReportView report={report} />}
      </Loaded>
    </section>
  );
}

function ShadchanimReportView({report}: {report: ShadchanimReport}) {
  const active = report.shadchanim.filter(s => FUNNEL_STAGES.some(stage => s[stage] > 0));
  const loaded = report.shadchanim.filter(s => s.load > 0).map(s => ({...s, cared: s.load - s.neglected}));
  const stageSeries = FUNNEL_STAGES.map(stage => ({key: stage, label: TYPE_LABEL[stage](), colour: STAGE_COLOUR[stage]}));
  return (
    <div className="space-y-5">
      <ChartPanel title={m.report_shadchan_activity_title()} empty={active.length === 0} testid="report-shadchan-activity">
        <GroupBars data={active} series={stageSeries} />
      </ChartPanel>

      <ChartPanel
        title={m.report_load_title()}
        hint={m.report_load_hint({days: report.idleDays})}
        empty={loaded.length === 0}
        testid="report-load"
        table={
          <Figures
            label={m.report_load_title()}
            testid="report-shadchanim-table"
            headings={[m.report_shadchan(), ...FUNNEL_STAGES.map(s => TYPE_LABEL[s]()), m.report_load(), m.report_neglected()]}
            rows={report.shadchanim.map(s => ({
              key: s.id,
              name: <bdi>{s.name}</bdi>,
              counts: [...FUNNEL_STAGES.map(stage => s[stage]), s.load, s.neglected],
            }))}
          />
        }
      >
        <GroupBars
          data={loaded}
          series={[
            {key: 'cared', label: m.report_cared_for(), colour: '#0d9488'},
            {key: 'neglected', label: m.report_neglected(), colour: '#e11d48'},
          ]}
        />
      </ChartPanel>

      <NeglectedList report={report} />
    </div>
  );
}

/** The neglected cards (only those the user may see), longest idle first, each a link to its card. */
function NeglectedList({report}: {report: ShadchanimReport}) {
  const {neglected} = report;
  return (
    <section
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 print:shadow-none"
      aria-labelledby="neglected-title"
      data-testid="report-neglected"
    >
      <div>
        <h2 id="neglected-title" className="font-semibold text-slate-900">
          {m.report_neglected_title({days: report.idleDays})}
        </h2>
        <p className="text-sm text-slate-500">
          {neglected.length >= NEGLECTED_LIST_MAX
            ? m.report_neglected_first({count: NEGLECTED_LIST_MAX})
            : m.report_neglected_count({count: neglected.length})}
        </p>
      </div>
      {neglected.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">{m.report_neglected_none()}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {neglected.map(card => (
            <li
              key={card.id}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm"
              data-testid="neglected-card"
            >
              <Link
                to="/home/tickets/$id"
                params={{id: card.id}}
                className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
              >
                <bdi>{card.name}</bdi>
              </Link>
              <span className="flex flex-wrap gap-x-3 text-slate-500">
                {card.ownerName && <bdi>{card.ownerName}</bdi>}
                <span className="tabular-nums">
                  {card.lastActivityAt === null
                    ? m.report_never_active()
                    : m.report_last_activity({date: formatLocalDate(card.lastActivityAt)})}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
