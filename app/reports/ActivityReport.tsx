import {CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis} from 'recharts';
import {TYPE_LABEL} from '../activities/labels.ts';
import {currentLocale} from '../i18n.ts';
import {ChartPanel, Figures, GroupBars, STAGE_COLOUR, TICK, formatCount, useChartDirection} from './charts.tsx';
import {chartMonth, everyMonth, shadchanName} from './labels.ts';
import {FUNNEL_STAGES, type ActivityReport as Report, type StageCounts} from './schema.ts';
import * as m from '../paraglide/messages.js';

const zero = (): StageCounts => ({idea: 0, suggestion: 0, date: 0, vort: 0});
const add = (sum: StageCounts, row: StageCounts) => {
  for (const stage of FUNNEL_STAGES) sum[stage] += row[stage];
  return sum;
};

/** Rows summed by a key, in the order keys first appear. */
function sumBy<R extends StageCounts>(rows: readonly R[], keyOf: (row: R) => string) {
  const sums = new Map<string, StageCounts & {first: R}>();
  for (const row of rows) {
    const key = keyOf(row);
    add(sums.get(key) ?? sums.set(key, {...zero(), first: row}).get(key)!, row);
  }
  return [...sums.entries()].map(([key, sum]) => ({key, ...sum}));
}

const stageSeries = () => FUNNEL_STAGES.map(stage => ({key: stage, label: TYPE_LABEL[stage](), colour: STAGE_COLOUR[stage]}));
const stageHeadings = () => FUNNEL_STAGES.map(stage => TYPE_LABEL[stage]());

/**
 * The activities report: the funnel ideas → suggestions → dates → vort over the window, activities
 * over time by month, the funnel per shadchan (only with viewShadchanimReports: otherwise the user and
 * everyone else together) and per shadchan and month.
 */
export function ActivityReport({report}: {report: Report}) {
  const locale = currentLocale();
  const totals = report.rows.reduce(add, zero());
  const months = sumBy(report.rows, r => r.month).sort((a, b) => a.key.localeCompare(b.key));
  const shadchanim = sumBy(report.rows, r => r.shadchanID ?? '').map(s => ({...s, name: shadchanName(s.first)}));
  const empty = report.rows.length === 0;
  return (
    <div className="space-y-5">
      <ChartPanel title={m.report_funnel_title()} hint={m.report_funnel_hint()} empty={empty} testid="report-funnel">
        <Funnel totals={totals} />
      </ChartPanel>

      <ChartPanel
        title={m.report_over_time_title()}
        empty={empty}
        testid="report-over-time"
        table={
          <Figures
            label={m.report_over_time_title()}
            testid="report-over-time-table"
            headings={[m.report_month(), ...stageHeadings()]}
            rows={months.map(mo => ({key: mo.key, name: chartMonth(mo.key, locale), counts: FUNNEL_STAGES.map(s => mo[s])}))}
          />
        }
      >
        <MonthLines
          data={everyMonth(months.map(mo => mo.key)).map(key => ({
            ...(months.find(mo => mo.key === key) ?? zero()),
            name: chartMonth(key, locale),
          }))}
        />
      </ChartPanel>

      <ChartPanel
        title={report.breakdown ? m.report_by_shadchan_title() : m.report_mine_title()}
        hint={report.breakdown ? undefined : m.report_mine_hint()}
        empty={empty}
        testid="report-by-shadchan"
        table={
          <Figures
            label={report.breakdown ? m.report_by_shadchan_title() : m.report_mine_title()}
            testid="report-by-shadchan-table"
            headings={[m.report_shadchan_month(), ...stageHeadings()]}
            rows={report.rows.map(r => ({
              key: `${r.shadchanID ?? ''}/${r.month}`,
              name: (
                <>
                  <bdi>{shadchanName(r)}</bdi>
                  <span className="ms-2 text-xs whitespace-nowrap text-slate-500 tabular-nums">
                    {chartMonth(r.month, locale)}
                  </span>
                </>
              ),
              counts: FUNNEL_STAGES.map(s => r[s]),
            }))}
          />
        }
      >
        <GroupBars data={shadchanim} series={stageSeries()} />
      </ChartPanel>
    </div>
  );
}

/** The four stages as bars of their share of the widest, each with how many of the stage before reached it. */
function Funnel({totals}: {totals: StageCounts}) {
  const widest = Math.max(1, ...FUNNEL_STAGES.map(s => totals[s]));
  return (
    <ol className="space-y-2" data-testid="report-funnel-stages">
      {FUNNEL_STAGES.map((stage, i) => {
        const before = i > 0 ? totals[FUNNEL_STAGES[i - 1]!] : undefined;
        return (
          <li
            key={stage}
            className="grid grid-cols-[minmax(0,7rem)_1fr] items-center gap-x-3 gap-y-1 text-sm sm:grid-cols-[8rem_1fr_9rem]"
            data-testid={`funnel-${stage}`}
          >
            <span className="font-medium text-slate-800">{TYPE_LABEL[stage]()}</span>
            <span className="flex items-center gap-2">
              <span
                className="block h-6 min-w-1 rounded-md print:border print:border-slate-400"
                style={{inlineSize: `${(totals[stage] / widest) * 100}%`, backgroundColor: STAGE_COLOUR[stage]}}
              />
              <span className="text-slate-900 tabular-nums" data-testid="funnel-count">
                {formatCount(totals[stage])}
              </span>
            </span>
            {/* How many of the stage before reached this one (beside the bar; below it on a phone). */}
            <span className="text-xs text-slate-500 max-sm:col-start-2">
              {before !== undefined && before > 0 && m.report_funnel_rate({rate: Math.round((totals[stage] / before) * 100)})}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** Activities per month, one line per type; time runs in the reading direction. */
function MonthLines({data}: {data: Array<StageCounts & {name: string}>}) {
  const {rtl, valueSide, legendStyle, tooltipStyle} = useChartDirection();
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart accessibilityLayer={false} data={data} margin={{top: 8, right: 12, bottom: 4, left: 12}}>
        <CartesianGrid stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="name" reversed={rtl} tick={TICK} />
        <YAxis orientation={valueSide} allowDecimals={false} width={36} tick={TICK} tickFormatter={formatCount} />
        <Tooltip contentStyle={tooltipStyle} formatter={value => formatCount(Number(value))} />
        <Legend wrapperStyle={legendStyle} itemSorter={null} />
        {FUNNEL_STAGES.map(stage => (
          <Line
            key={stage}
            dataKey={stage}
            name={TYPE_LABEL[stage]()}
            stroke={STAGE_COLOUR[stage]}
            strokeWidth={2}
            dot={{r: 3}}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
