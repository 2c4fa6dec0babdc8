import {clsx} from 'clsx';
import {Cpu, History} from 'lucide-react';
import type {ReactNode} from 'react';
import {currentLocale} from '../i18n.ts';
import {formatLocalDateTime} from '../lib/dates.ts';
import {formatBytes, formatDuration} from '../lib/measures.ts';
import {WideTable} from '../ui/WideTable.tsx';
import type {SystemEvent, SystemStatus} from './system-status.ts';
import * as m from '../paraglide/messages.js';

const EVENT_TEXT: Record<SystemEvent['event'], () => string> = {
  crashed: m.system_event_crashed,
  restarted: m.system_event_restarted,
  'gave-up': m.system_event_gave_up,
};

/** The stack's processes: memory with their children's, how long each has run, its restarts. */
export function SystemProcesses({status}: {status: SystemStatus}) {
  const locale = currentLocale();
  // Each figure in its own direction: "527 MB" stays so in Hebrew.
  const memory = (bytes?: number) => (bytes === undefined ? '—' : <bdi>{formatBytes(bytes, locale)}</bdi>);
  const uptime = (startedAt: number) => <bdi>{formatDuration(status.at - startedAt, locale)}</bdi>;
  return (
    <Section icon={Cpu} title={m.system_processes_title()} testID="system-processes">
      {!status.fromOrchestrator && (
        <p className="text-sm text-slate-500" data-testid="system-processes-alone">
          {m.system_processes_alone()}
        </p>
      )}
      <WideTable
        testID="system-processes-table"
        headings={[
          m.system_column_process(),
          m.system_column_state(),
          m.system_column_pid(),
          m.system_column_memory(),
          m.system_column_uptime(),
          m.system_column_restarts(),
        ]}
      >
        {status.processes.map(p => (
          <tr key={p.label} data-testid="process-row" data-label={p.label}>
            <td className="px-3 py-2.5 font-medium text-slate-900">
              <Label>{p.label}</Label>
            </td>
            <td className="px-3 py-2.5">
              <State good={p.running}>{p.running ? m.system_running() : m.system_stopped()}</State>
            </td>
            <td className="px-3 py-2.5 text-slate-600 tabular-nums">{p.pid}</td>
            <td className="px-3 py-2.5 text-slate-800 tabular-nums" data-testid="process-memory">
              {memory(p.rssBytes)}
            </td>
            <td className="px-3 py-2.5 text-slate-600 tabular-nums">{p.running ? uptime(p.startedAt) : '—'}</td>
            <td className={clsx('px-3 py-2.5 tabular-nums', p.restarts > 0 ? 'font-semibold text-amber-700' : 'text-slate-600')}>
              {p.restarts.toLocaleString(locale)}
            </td>
          </tr>
        ))}
      </WideTable>
      {/* Phones: one card per process. */}
      <ul className="space-y-3 md:hidden" data-testid="system-processes-cards">
        {status.processes.map(p => (
          <li key={p.label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="process-card">
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium text-slate-900">
                <Label>{p.label}</Label>
              </span>
              <State good={p.running}>{p.running ? m.system_running() : m.system_stopped()}</State>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <Fact label={m.system_column_memory()}>{memory(p.rssBytes)}</Fact>
              <Fact label={m.system_column_uptime()}>{p.running ? uptime(p.startedAt) : '—'}</Fact>
              <Fact label={m.system_column_restarts()}>{p.restarts.toLocaleString(locale)}</Fact>
              <Fact label={m.system_column_pid()}>{p.pid}</Fact>
            </dl>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The orchestrator's crashes and restarts, newest first. */
export function SystemRestarts({status}: {status: SystemStatus}) {
  if (!status.fromOrchestrator) return null;
  return (
    <Section icon={History} title={m.system_restarts_title()} testID="system-restarts">
      {status.events.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-slate-500 ring-1 ring-slate-200" data-testid="system-restarts-none">
          {m.system_restarts_none()}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {status.events.map(e => (
            <li
              key={`${e.at}-${e.label}-${e.event}`}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2.5 text-sm"
              data-testid="restart-row"
            >
              <bdi dir="ltr" className="text-slate-500 tabular-nums">
                {formatLocalDateTime(e.at)}
              </bdi>
              <span className="font-medium text-slate-900">
                <Label>{e.label}</Label>
              </span>
              <span className={e.event === 'restarted' ? 'text-slate-700' : 'font-medium text-rose-700'}>
                {EVENT_TEXT[e.event]()}
              </span>
              <bdi dir="ltr" className="font-mono text-xs text-slate-500">
                {e.detail}
              </bdi>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** A state in a word, green when good and red when not. */
export function State({good, testID, children}: {good: boolean; testID?: string; children: string}) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1',
        good ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-rose-50 text-rose-700 ring-rose-200',
      )}
      data-testid={testID}
      data-good={good}
    >
      <span className="size-1.5 rounded-full bg-current opacity-70" aria-hidden />
      {children}
    </span>
  );
}

/** One part of the status page: a heading with its icon, bare (lists, tables) or framed as a card (facts). */
export function Section({
  icon: Icon,
  title,
  testID,
  framed = false,
  children,
}: {
  icon: typeof Cpu;
  title: string;
  testID: string;
  framed?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={framed ? 'space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200' : 'space-y-3'}
      data-testid={testID}
      aria-label={title}
    >
      <h2 className={clsx('flex items-center gap-2 font-semibold text-slate-800', framed ? 'mb-3 text-sm' : 'text-base')}>
        <Icon className="size-4 text-brand-700" aria-hidden />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A process's name as the logs print it ("api", "zero-cache"): left to right in every language. */
function Label({children}: {children: string}) {
  return (
    <bdi dir="ltr" className="font-mono text-[0.8125rem]">
      {children}
    </bdi>
  );
}

function Fact({label, children}: {label: string; children: ReactNode}) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-slate-800 tabular-nums">{children}</dd>
    </div>
  );
}
