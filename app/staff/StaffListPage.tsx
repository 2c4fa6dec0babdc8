import {useQuery} from '@rocicorp/zero/react';
import {Link, useRouteContext} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {Plus, UserCog} from 'lucide-react';
import {useDeferredValue, useState} from 'react';
import {can} from '../../permissions/context.ts';
import {ROLES, type Role} from '../../permissions/roles.ts';
import {formatPhone} from '../lib/phones.ts';
import {roleBeforeBlock} from './mutators.ts';
import type {Employment} from '../../zero-schema.ts';
import {staffQueries} from './queries.ts';
import {contextOf} from '../session.ts';
import {roleLabel} from '../lib/role-labels.ts';
import {buttonClass, SearchInput, Select} from '../ui/controls.tsx';
import {EmptyState, ListLoading} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {WideTable} from '../ui/WideTable.tsx';
import {EMPLOYMENT_LABEL, STATE_LABEL, STATE_TONE} from './labels.ts';
import {NEW_STAFF_PATH, staffEditPath} from './paths.ts';
import {STAFF_STATES, staffStateOf, type StaffState} from './schema.ts';
import * as m from '../paraglide/messages.js';

/**
 * The staff list (/users): every shadchan, coordinator, representative and administrator, live;
 * searched by name, phone or email, filtered by role and state. A table on wide screens, cards on phones.
 */
export function StaffListPage() {
  usePageTitle(m.section_staff());
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [state, setState] = useState<StaffState | ''>('');
  const typed = useDeferredValue(search.trim());
  const [rows, details] = useQuery(
    staffQueries.list({...(typed ? {search: typed} : {}), ...(role ? {role} : {}), ...(state ? {state} : {})}),
  );

  return (
    <section className="space-y-5" data-testid="staff-page">
      <PageHeader title={m.section_staff()} subtitle={m.staff_subtitle()}>
        {can(ctx, 'addShadchanim') && (
          <Link to={NEW_STAFF_PATH} className={buttonClass()} data-testid="new-staff">
            <Plus className="size-4" aria-hidden />
            {m.section_new_shadchan()}
          </Link>
        )}
      </PageHeader>

      <div className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[2fr_1fr_1fr]">
        <SearchInput
          label={m.staff_search()}
          value={search}
          onChange={e => setSearch(e.target.value)}
          data-testid="staff-search"
        />
        <label className="block">
          <span className="sr-only">{m.staff_filter_role()}</span>
          <Select value={role} onChange={e => setRole(e.target.value as Role | '')} data-testid="staff-filter-role">
            <option value="">
              {m.staff_filter_role()}: {m.staff_filter_any()}
            </option>
            {ROLES.map(r => (
              <option key={r} value={r}>
                {roleLabel[r]()}
              </option>
            ))}
          </Select>
        </label>
        <label className="block">
          <span className="sr-only">{m.staff_filter_state()}</span>
          <Select value={state} onChange={e => setState(e.target.value as StaffState | '')} data-testid="staff-filter-state">
            <option value="">
              {m.staff_filter_state()}: {m.staff_filter_any()}
            </option>
            {STAFF_STATES.map(s => (
              <option key={s} value={s}>
                {STATE_LABEL[s]()}
              </option>
            ))}
          </Select>
        </label>
      </div>

      {rows.length === 0 ? (
        details.type === 'complete' ? (
          <EmptyState icon={UserCog}>{m.staff_empty()}</EmptyState>
        ) : (
          <ListLoading />
        )
      ) : (
        <>
          <WideTable
            testID="staff-table"
            headings={[
              m.staff_name(),
              m.staff_role(),
              m.staff_filter_state(),
              m.staff_phone(),
              m.staff_email(),
              m.staff_employment(),
            ]}
          >
            {rows.map(u => (
              <tr key={u.id} className="hover:bg-slate-50" data-testid="staff-row" data-id={u.id}>
                <td className="px-3 py-2.5">
                  <Link to={staffEditPath(u.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                    <bdi>{u.name}</bdi>
                  </Link>
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap">{roleLabel[u.role]()}</td>
                <td className="px-3 py-2.5">
                  <StateBadge state={staffStateOf(u)} />
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap text-slate-700">
                  {u.contact ? u.contact.phone && <bdi dir="ltr">{formatPhone(u.contact.phone)}</bdi> : <Arriving />}
                </td>
                <td className="px-3 py-2.5 text-slate-700">{u.contact ? <bdi>{u.contact.email}</bdi> : <Arriving />}</td>
                <td className="px-3 py-2.5 text-slate-600">{employmentOf(u)}</td>
              </tr>
            ))}
          </WideTable>

          {/* Phones: one card per person. */}
          <ul className="space-y-3 md:hidden" data-testid="staff-cards">
            {rows.map(u => (
              <li key={u.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="staff-card">
                <div className="flex items-start justify-between gap-3">
                  <Link to={staffEditPath(u.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                    <bdi>{u.name}</bdi>
                  </Link>
                  <StateBadge state={staffStateOf(u)} />
                </div>
                <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
                  <span>{roleLabel[u.role]()}</span>
                  {employmentOf(u) && <span>{employmentOf(u)}</span>}
                  {u.contact?.phone && <bdi dir="ltr">{formatPhone(u.contact.phone)}</bdi>}
                  {u.contact?.email && <bdi className="break-all">{u.contact.email}</bdi>}
                </p>
              </li>
            ))}
          </ul>

          <p className="text-xs text-slate-500" data-testid="staff-count">
            {m.staff_count({count: rows.length})}
          </p>
        </>
      )}
    </section>
  );
}

export function StateBadge({state}: {state: StaffState}) {
  return (
    <span
      className={clsx('rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1', STATE_TONE[state])}
      data-testid="staff-state"
      data-state={state}
    >
      {STATE_LABEL[state]()}
    </span>
  );
}

/** A contact detail still on its way (staff_contact syncs after the list's rows): a placeholder, not a blank. */
const Arriving = () => (
  <span className="inline-block h-3 w-24 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" aria-hidden />
);

/** In-house or external is a shadchan's matter (issue 31): other roles show none. */
const employmentOf = (u: Parameters<typeof roleBeforeBlock>[0] & {detail?: {employment: Employment} | undefined}) =>
  roleBeforeBlock(u) === 'shadchan' && u.detail ? EMPLOYMENT_LABEL[u.detail.employment]() : undefined;
