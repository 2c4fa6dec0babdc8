import {Link, useRouteContext} from '@tanstack/react-router';
import {Settings2} from 'lucide-react';
import {contextOf} from '../session.ts';
import {SECTIONS, mayOpen, type Section} from '../shell/sections.ts';
import {EmptyState} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import * as m from '../paraglide/messages.js';

/** The overview's groups: each a heading and the sections under it, in the order an office looks for them. */
const GROUPS: ReadonlyArray<{title: () => string; paths: readonly string[]}> = [
  {title: m.admin_group_reports, paths: ['/admin/reports', '/admin/shadchanim-reports']},
  {title: m.admin_group_data, paths: ['/admin/exports', '/import/excel', '/import/excel/formats']},
  {title: m.admin_group_staff, paths: ['/users', '/users/new-user', '/representatives', '/registration-links']},
  {title: m.admin_group_places, paths: ['/admin/schools', '/sectors']},
  {title: m.admin_group_logs, paths: ['/admin/logs', '/admin/notifications']},
  {title: m.admin_group_system, paths: ['/admin/system']},
];

/**
 * /admin (issue 31): the administration at a glance, instead of a silent way home. Only the sections
 * this user may open are listed; someone with none of them is told so.
 */
export function AdminOverviewPage() {
  usePageTitle(m.admin_overview_title());
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const byPath = new Map<string, Section>(SECTIONS.map(s => [s.path, s]));
  const groups = GROUPS.map(group => ({
    title: group.title,
    sections: group.paths.map(path => byPath.get(path)!).filter(section => mayOpen(section, ctx)),
  })).filter(group => group.sections.length > 0);
  return (
    <section className="mx-auto max-w-5xl space-y-6" data-testid="admin-overview">
      <PageHeader title={m.admin_overview_title()} subtitle={m.admin_overview_subtitle()} />
      {groups.length === 0 ? (
        <EmptyState icon={Settings2}>{m.admin_overview_empty()}</EmptyState>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {groups.map(group => (
            <nav
              key={group.title()}
              aria-label={group.title()}
              className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            >
              <h2 className="mb-2 text-xs font-semibold tracking-wide text-slate-500">{group.title()}</h2>
              <ul className="space-y-1">
                {group.sections.map(section => (
                  <li key={section.path}>
                    <Link
                      to={section.path}
                      className="flex items-center gap-2.5 rounded-lg px-2 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
                      data-testid={`admin-link-${section.path}`}
                    >
                      <section.icon className="size-4 shrink-0 text-brand-700" aria-hidden />
                      {section.title()}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      )}
    </section>
  );
}
