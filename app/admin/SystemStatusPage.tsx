import {clsx} from 'clsx';
import {AlertTriangle, Database, HardDriveDownload, RefreshCw, Server} from 'lucide-react';
import type {ReactNode} from 'react';
import {currentLocale} from '../i18n.ts';
import {formatLocalDateTime, formatLocalTime} from '../lib/dates.ts';
import {formatAgo, formatBytes, formatSeconds} from '../lib/measures.ts';
import {Loading} from '../ui/Loading.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {Section, State, SystemProcesses, SystemRestarts} from './SystemProcesses.tsx';
import type {SystemStatus} from './system-status.ts';
import {useSystemStatus} from './use-system-status.ts';
import * as m from '../paraglide/messages.js';

/**
 * /admin/system (issue 32 point 5), administrators only: the API and Postgres, zero-cache's replication
 * and open browsers, the processes with their memory and restarts, and the last backup, with a warning
 * when there is none or it is more than a day old. Live: it asks GET /api/admin/system-status every few
 * seconds (server/monitoring/status-routes.ts).
 */
export function SystemStatusPage() {
  usePageTitle(m.section_system_status());
  const {status, failing, refused} = useSystemStatus();
  return (
    <section className="mx-auto max-w-6xl space-y-5" data-testid="system-status-page">
      <PageHeader title={m.section_system_status()} subtitle={m.system_subtitle()}>
        {status && (
          <p className="flex items-center gap-1.5 text-xs text-slate-500" data-testid="system-updated">
            <RefreshCw className={clsx('size-3.5', !failing && 'text-emerald-600')} aria-hidden />
            {m.system_updated_at({time: formatLocalTime(status.at)})}
          </p>
        )}
      </PageHeader>
      {(failing || refused) && (
        <p
          role="alert"
          className="rounded-xl bg-rose-50 p-3 text-sm text-rose-800 ring-1 ring-rose-200"
          data-testid="system-failing"
        >
          {refused ? m.error_no_access_page() : m.system_unreachable()}
        </p>
      )}
      {!status ? !failing && !refused && <Loading /> : <Overview status={status} />}
    </section>
  );
}

function Overview({status}: {status: SystemStatus}) {
  const locale = currentLocale();
  const {api, zero, backup} = status;
  const up = api.postgres === 'up';
  return (
    <>
      <BackupWarning status={status} />
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <Section framed icon={Server} title={m.system_api_title()} testID="system-api">
          <Row label={m.system_api_state()}>
            <State good>{m.system_running()}</State>
          </Row>
          <Row label={m.system_postgres()}>
            <State good={up} testID="system-postgres">
              {up ? m.system_postgres_up() : m.system_postgres_down()}
            </State>
          </Row>
          {api.postgresVersion && <Row label={m.system_postgres_version()}>{api.postgresVersion}</Row>}
          {api.databaseBytes !== undefined && (
            <Row label={m.system_database_size()}>
              <bdi>{formatBytes(api.databaseBytes, locale)}</bdi>
            </Row>
          )}
          <Row label={m.system_sessions()}>{status.activeSessions.toLocaleString(locale)}</Row>
        </Section>

        <Section framed icon={Database} title={m.system_zero_title()} testID="system-zero">
          <Row label={m.system_replication()}>
            <State good={zero.replicating}>{zero.replicating ? m.system_replicating() : m.system_not_replicating()}</State>
          </Row>
          <Row label={m.system_lag()}>
            <span data-testid="system-lag">
              {zero.replicationLagBytes === undefined ? (
                m.system_unknown()
              ) : (
                <>
                  <bdi>{formatBytes(zero.replicationLagBytes, locale)}</bdi>
                  {zero.replicationLagSeconds !== undefined && (
                    <>
                      {' · '}
                      <bdi>{formatSeconds(zero.replicationLagSeconds, locale)}</bdi>
                    </>
                  )}
                </>
              )}
            </span>
          </Row>
          <Row label={m.system_client_groups()}>
            <span data-testid="system-client-groups">{zero.activeClientGroups.toLocaleString(locale)}</span>
          </Row>
        </Section>

        <Section framed icon={HardDriveDownload} title={m.system_backup_title()} testID="system-backup">
          {!up && !backup.last ? (
            <p className="text-sm text-slate-500">{m.system_backup_unknown()}</p>
          ) : backup.last ? (
            <>
              <Row label={m.system_backup_at()}>
                <span className={clsx('block', backup.warning === 'stale' && 'text-amber-700')}>
                  <bdi dir="ltr">{formatLocalDateTime(backup.last.at)}</bdi>
                </span>
                <span className="block text-xs font-normal text-slate-500">
                  <bdi>{formatAgo(backup.last.at, status.at, locale)}</bdi>
                </span>
              </Row>
              {backup.last.sizeBytes !== undefined && (
                <Row label={m.system_backup_size()}>
                  <bdi data-testid="system-backup-size">{formatBytes(backup.last.sizeBytes, locale)}</bdi>
                </Row>
              )}
              <Row label={m.system_backup_file()}>
                <bdi dir="ltr" className="font-mono text-xs break-all">
                  {backup.last.fileName}
                </bdi>
              </Row>
              <Row label={m.system_backup_encryption()}>
                {backup.last.encrypted ? m.system_backup_encrypted() : m.system_backup_not_encrypted()}
              </Row>
            </>
          ) : (
            <p className="text-sm text-slate-500" data-testid="system-backup-none">
              {m.system_backup_none()}
            </p>
          )}
        </Section>
      </div>
      <SystemProcesses status={status} />
      <SystemRestarts status={status} />
    </>
  );
}

/** No backup, an old one, or a failed attempt since the last good one: said first, in amber or red. */
function BackupWarning({status}: {status: SystemStatus}) {
  const {backup} = status;
  if (!backup.warning && backup.lastFailedAt === undefined) return null;
  const lines: string[] = [];
  if (backup.warning === 'none') lines.push(m.system_backup_none());
  if (backup.warning === 'stale') lines.push(m.system_backup_stale());
  if (backup.lastFailedAt !== undefined)
    lines.push(m.system_backup_failed({time: `\u2066${formatLocalDateTime(backup.lastFailedAt)}\u2069`}));
  return (
    <div
      role="status"
      className="flex items-start gap-2.5 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-300"
      data-testid="backup-warning"
      data-warning={backup.warning ?? 'failed'}
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
      <div>
        {lines.map(line => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </div>
  );
}

function Row({label, children}: {label: string; children: ReactNode}) {
  return (
    <dl className="flex items-baseline justify-between gap-3 text-sm">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 text-end font-medium text-slate-900 tabular-nums">{children}</dd>
    </dl>
  );
}
