import {Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis} from 'recharts';
import {currentLocale} from '../i18n.ts';
import {ChartPanel, Figures, TICK, formatCount, useChartDirection} from './charts.tsx';
import {chartMonth, everyMonth} from './labels.ts';
import type {CouplesReport as Report} from './schema.ts';
import * as m from '../paraglide/messages.js';

const COUPLE_COLOUR = '#e11d48';

/** Engaged couples per month: those confirmed, by the month of their confirmation. */
export function CouplesReport({report}: {report: Report}) {
  const locale = currentLocale();
  const {rtl, valueSide, tooltipStyle} = useChartDirection();
  const data = report.months.map(mo => ({...mo, name: chartMonth(mo.month, locale)}));
  const chart = everyMonth(report.months.map(mo => mo.month)).map(month => ({
    couples: report.months.find(mo => mo.month === month)?.couples ?? 0,
    name: chartMonth(month, locale),
  }));
  const total = report.months.reduce((sum, mo) => sum + mo.couples, 0);
  return (
    <ChartPanel
      title={m.report_couples_per_month()}
      hint={m.report_couples_total({count: total})}
      empty={data.length === 0}
      testid="report-couples"
      table={
        <Figures
          label={m.report_couples_per_month()}
          testid="report-couples-table"
          headings={[m.report_month(), m.report_couples_confirmed()]}
          rows={data.map(mo => ({key: mo.month, name: mo.name, counts: [mo.couples]}))}
        />
      }
    >
      <ResponsiveContainer width="100%" height={260}>
        <BarChart accessibilityLayer={false} data={chart} margin={{top: 8, right: 12, bottom: 4, left: 12}}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="name" reversed={rtl} tick={TICK} />
          <YAxis orientation={valueSide} allowDecimals={false} width={36} tick={TICK} tickFormatter={formatCount} />
          <Tooltip contentStyle={tooltipStyle} formatter={value => formatCount(Number(value))} />
          <Bar
            dataKey="couples"
            name={m.report_couples_confirmed()}
            fill={COUPLE_COLOUR}
            radius={[4, 4, 0, 0]}
            maxBarSize={48}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}
