import {Link, useNavigate, useRouteContext, useRouterState} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {Download, ScrollText} from 'lucide-react';
import {useEffect, useState, type ReactNode} from 'react';
import {fieldLabel} from '../candidates/card/labels.ts';
import {formatLocalDateTime} from '../lib/dates.ts';
import {call} from '../login/api.ts';
import {loginErrorText} from '../login/errors.ts';
import {Button, buttonClass} from '../ui/controls.tsx';
import {EmptyState, ListLoading} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {WideTable} from '../ui/WideTable.tsx';
import {can} from '../../permissions/context.ts';
import {contextOf} from '../session.ts';
import {logFiltersOf, logHref, logQueryString, type LogFilters} from './filters.ts';
import {KIND_LABEL, actionText, isFailure, resultText} from './labels.ts';
import type {LogEntry, LogUser} from './schema.ts';
import {UsersLogFilters} from './UsersLogFilters.tsx';
import * as m from '../paraglide/messages.js';

const PAGE = 50;

/**
 * admin/logs (spec §2, usersLog): sign-ins and their failures, card changes and the access log's
 * sensitive reads in one list, newest first, filtered by what the URL says, paged, and exported as CSV
 * (with exportToExcel too).
 * The tables are server-only: the screen reads them through /api/admin/users-log (server/users-log/).
 */
export function UsersLogPage() {
  usePageTitle(m.section_users_log());
  const navigate = useNavigate();
  const ctx = contextOf(useRouteContext({from: '/shell'}).session.user!);
  const search = useRouterState({select: s => s.location.search});
  const filters = logFiltersOf(search as Record<string, unknown>);
  const update = (next: LogFilters) => void navigate({href: logHref(logFiltersOf(next)), replace: true});

  const [users, setUsers] = useState<LogUser[]>([]);
  const [rows, setRows] = useState<LogEntry[]>();
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<string>();
  const key = JSON.stringify(filters);

  useEffect(() => {
    void call<LogUser[]>('/api/admin/users-log/users', undefined, 'GET').then(r => r.ok && setUsers(r.data));
  }, []);

  async function load(offset: number) {
    const today = new Date(new Date().setHours(0, 0, 0, 0));
    const query = logQueryString(filters, today, {limit: PAGE, offset});
    const result = await call<LogEntry[]>(`/api/admin/users-log?${query}`, undefined, 'GET');
    if (!result.ok) return setError(loginErrorText(result.error, result.message));
    setError(undefined);
    setRows(before => (offset === 0 ? result.data : [...(before ?? []), ...result.data]));
    setHasMore(result.data.length === PAGE);
  }
  useEffect(() => {
    setRows(undefined);
    void load(0);
    // The filters (as their URL form) alone decide the first page.
  }, [key]);

  const exportHref = `/api/admin/users-log/export?${logQueryString(filters, new Date(new Date().setHours(0, 0, 0, 0)))}`;

  return (
    <section className="space-y-5" data-testid="users-log-page">
      <PageHeader title={m.section_users_log()} subtitle={m.users_log_intro()}>
        {can(ctx, 'exportToExcel') && (
          <a href={exportHref} download className={buttonClass('secondary')} data-testid="users-log-export">
            <Download className="size-4" aria-hidden />
            {m.users_log_export()}
          </a>
        )}
      </PageHeader>

      <UsersLogFilters filters={filters} users={users} onChange={update} />

      {error && (
        <p role="alert" className="text-sm text-rose-600">
          {error}
        </p>
      )}
      {rows === undefined ? (
        !error && <ListLoading />
      ) : rows.length === 0 ? (
        <EmptyState icon={ScrollText}>{m.users_log_empty()}</EmptyState>
      ) : (
        <>
          <WideTable
            testID="users-log-table"
            headings={[
              m.users_log_column_time(),
              m.users_log_filter_kind(),
              m.users_log_filter_user(),
              m.users_log_column_record(),
              m.users_log_column_action(),
              m.users_log_column_result(),
              m.users_log_column_ip(),
            ]}
          >
            {rows.map(e => (
              <tr key={e.key} className="hover:bg-slate-50" data-testid="log-row" data-kind={e.kind}>
                <td className="px-3 py-2.5 text-slate-600 tabular-nums whitespace-nowrap">
                  {formatLocalDateTime(Date.parse(e.at))}
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap">
                  <KindBadge entry={e} />
                </td>
                <td className="px-3 py-2.5 text-slate-800" data-testid="log-user">
                  <Who entry={e} />
                </td>
                <td className="px-3 py-2.5" data-testid="log-record">
                  <Record entry={e} />
                </td>
                <td className="px-3 py-2.5 text-slate-600">
                  <Action entry={e} />
                </td>
                <td className="px-3 py-2.5 text-slate-600" data-testid="log-result">
                  {e.result && <bdi>{resultText(e.result)}</bdi>}
                </td>
                <td className="px-3 py-2.5 text-slate-500">
                  <Code>{e.ip}</Code>
                </td>
              </tr>
            ))}
          </WideTable>

          {/* Phones: one card per entry. */}
          <ul className="space-y-3 md:hidden" data-testid="users-log-cards">
            {rows.map(e => (
              <li
                key={e.key}
                className="space-y-1.5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
                data-testid="log-card"
                data-kind={e.kind}
              >
                <div className="flex items-start justify-between gap-3">
                  <KindBadge entry={e} />
                  <span className="text-xs text-slate-500 tabular-nums">{formatLocalDateTime(Date.parse(e.at))}</span>
                </div>
                <p className="text-sm font-medium text-slate-900">
                  <Who entry={e} />
                </p>
                {e.profileID && (
                  <p className="text-sm">
                    <Record entry={e} />
                  </p>
                )}
                <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
                  <Action entry={e} />
                  {e.result && <bdi>{resultText(e.result)}</bdi>}
                  <Code>{e.ip}</Code>
                </p>
              </li>
            ))}
          </ul>

          <div className="flex items-center justify-between gap-3">
            <p className="text-xs text-slate-500" data-testid="users-log-count">
              {m.users_log_count({count: rows.length})}
            </p>
            {hasMore && (
              <Button variant="secondary" onClick={() => void load(rows.length)} data-testid="users-log-more">
                {m.users_log_more()}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function KindBadge({entry}: {entry: LogEntry}) {
  const failed = isFailure(entry);
  return (
    <span
      className={clsx(
        'rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1',
        failed ? 'bg-rose-50 text-rose-700 ring-rose-200' : 'bg-slate-50 text-slate-700 ring-slate-200',
      )}
      data-testid="log-kind"
    >
      {KIND_LABEL[entry.kind]()}
    </span>
  );
}

/** Entries without a staff user that the card's own candidate made (their sign-in, their edit form), not a stranger. */
const BY_SELF_USER = (kind: LogEntry['kind']) => kind.startsWith('sign-in') || kind === 'change' || kind === 'file';

/** The acting user; a candidate's own sign-in or edit names their card instead; a refused stranger has no one. */
function Who({entry}: {entry: LogEntry}) {
  if (entry.userName) return <bdi>{entry.userName}</bdi>;
  return (
    <span className="text-slate-500">
      {entry.profileID && BY_SELF_USER(entry.kind) ? m.users_log_self_user() : m.users_log_unknown_user()}
    </span>
  );
}

function Record({entry}: {entry: LogEntry}) {
  if (!entry.profileID) return null;
  return (
    <Link to="/home/tickets/$id" params={{id: entry.profileID}} className="text-slate-900 hover:text-brand-700 hover:underline">
      <bdi>{entry.profileName ?? entry.profileID}</bdi>
    </Link>
  );
}

/**
 * A card change names the field, a sign-in event its own kind (both translated); the phone or email a
 * sign-in was for, and what identifies a read (a file, a lookup's criteria), show as stored.
 */
function Action({entry}: {entry: LogEntry}) {
  if (entry.kind === 'change') return entry.action ? <span>{fieldLabel(entry.action)}</span> : null;
  return (
    <span className="space-x-1.5 rtl:space-x-reverse">
      {entry.action && <bdi>{actionText(entry.action)}</bdi>}
      <Code>{entry.detail}</Code>
    </span>
  );
}

/**
 * A stored value shown as it is, in its own direction (issue 31): an address, a phone number or a code
 * left to right inside the right-to-left page, a name or a search someone typed in Hebrew right to left.
 */
function Code({children}: {children: ReactNode}) {
  return children ? (
    <bdi dir="auto" className="font-mono text-xs break-all" data-testid="log-code">
      {children}
    </bdi>
  ) : null;
}
