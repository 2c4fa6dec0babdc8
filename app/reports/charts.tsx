import type {ReactNode} from 'react';
import {Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis} from 'recharts';
import {getTextDirection} from '../paraglide/runtime.js';
import {currentLocale} from '../i18n.ts';
import type {FunnelStage} from './schema.ts';
import * as m from '../paraglide/messages.js';

/** Each funnel stage's colour, the same in every chart (and legible on white and in print). */
export const STAGE_COLOUR: Record<FunnelStage, string> = {
  idea: '#f59e0b',
  suggestion: '#0284c7',
  date: '#7c3aed',
  vort: '#059669',
};
export const GENDER_COLOUR = {male: '#2563eb', female: '#db2777'} as const;

/**
 * Charts read in the page's direction: in Hebrew time and categories run from the right, so the value
 * axis stands on the right and the category axis is reversed (recharts draws left to right otherwise).
 */
export function useChartDirection() {
  const rtl = getTextDirection(currentLocale()) === 'rtl';
  const dir = rtl ? ('rtl' as const) : ('ltr' as const);
  return {
    rtl,
    valueSide: rtl ? ('right' as const) : ('left' as const),
    // The legend and the tooltip are HTML: they read in the page's direction.
    legendStyle: {fontSize: 13, direction: dir},
    tooltipStyle: {borderRadius: 8, fontSize: 13, direction: dir},
  };
}

const numberFormat = () => new Intl.NumberFormat(currentLocale());
export const formatCount = (n: number) => numberFormat().format(n);

/** Axis ticks in a size that stays readable on a phone. */
export const TICK = {fontSize: 12, fill: '#475569'};

/** A report's panel: a heading, the chart (or a word that there is nothing yet) and what it shows in figures. */
export function ChartPanel({
  title,
  hint,
  empty,
  testid,
  children,
  table,
}: {
  title: string;
  hint?: string;
  empty: boolean;
  testid: string;
  children: ReactNode;
  table?: ReactNode;
}) {
  return (
    <section
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 print:break-inside-avoid print:shadow-none"
      data-testid={testid}
      aria-label={title}
    >
      <div>
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {hint && <p className="text-sm text-slate-500">{hint}</p>}
      </div>
      {empty ? (
        <p className="py-8 text-center text-sm text-slate-500" data-testid={`${testid}-empty`}>
          {m.report_empty()}
        </p>
      ) : (
        <>
          {/* The chart is a picture of the figures below it: screen readers read the table. Its SVG is laid
              out left to right (useChartDirection mirrors the axes), so SVG text anchors as recharts expects. */}
          <div aria-hidden dir="ltr" data-testid={`${testid}-chart`}>
            {children}
          </div>
          {table}
        </>
      )}
    </section>
  );
}

/**
 * Groups as bars, the series stacked in each (genders, stages). Named groups (sectors, shadchanim) lie
 * down the side, so long names stay readable on a phone, and the chart grows with their number;
 * `columns` stand numbered groups (ages) side by side instead.
 */
export function GroupBars<K extends string>({
  data,
  series,
  columns = false,
}: {
  data: Array<{name: string} & Record<K, number>>;
  series: Array<{key: K; label: string; colour: string}>;
  columns?: boolean;
}) {
  const {rtl, valueSide, legendStyle, tooltipStyle} = useChartDirection();
  const height = columns ? 260 : Math.max(160, data.length * 34 + 70);
  const counts = {allowDecimals: false, tick: TICK, tickFormatter: formatCount};
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        accessibilityLayer={false}
        data={data}
        layout={columns ? 'horizontal' : 'vertical'}
        margin={{top: 4, right: 8, bottom: 4, left: 8}}
      >
        <CartesianGrid horizontal={columns} vertical={!columns} stroke="#e2e8f0" />
        {columns ? (
          <>
            <XAxis type="category" dataKey="name" reversed={rtl} tick={TICK} />
            <YAxis type="number" orientation={valueSide} width={36} {...counts} />
          </>
        ) : (
          <>
            <XAxis type="number" reversed={rtl} {...counts} />
            <YAxis type="category" dataKey="name" orientation={valueSide} width={110} tick={TICK} interval={0} />
          </>
        )}
        <Tooltip contentStyle={tooltipStyle} formatter={value => formatCount(Number(value))} />
        <Legend wrapperStyle={legendStyle} itemSorter={null} />
        {series.map(s => (
          <Bar key={s.key} dataKey={s.key} name={s.label} stackId="all" fill={s.colour} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/**
 * A chart's figures as a table (read by screen readers, printed, and scrolled sideways on a phone):
 * the first column names the row, the others are counts.
 */
export function Figures({
  label,
  headings,
  rows,
  testid,
}: {
  /** What the figures are (the panel's title): the scrolling region's name. */
  label: string;
  headings: readonly string[];
  rows: ReadonlyArray<{key: string; name: ReactNode; counts: readonly number[]}>;
  testid: string;
}) {
  return (
    // Scrolled by keyboard too (a focusable region), as long figures are.
    <div
      tabIndex={0}
      role="region"
      aria-label={label}
      className="max-h-96 overflow-auto rounded-lg ring-1 ring-slate-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none print:max-h-none print:overflow-visible"
    >
      <table className="w-full text-sm" data-testid={testid}>
        <thead className="sticky top-0 bg-slate-50 text-xs font-semibold text-slate-600">
          <tr>
            {headings.map((title, i) => (
              <th key={title} scope="col" className={i === 0 ? 'px-3 py-2 text-start' : 'px-3 py-2 text-end whitespace-nowrap'}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(({key, name, counts}) => (
            <tr key={key} data-testid={`${testid}-row`}>
              <th scope="row" className="px-3 py-1.5 text-start font-normal text-slate-800">
                {name}
              </th>
              {counts.map((count, i) => (
                <td key={i} className="px-3 py-1.5 text-end text-slate-700 tabular-nums">
                  {formatCount(count)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
