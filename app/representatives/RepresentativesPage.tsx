import {useQuery} from '@rocicorp/zero/react';
import {clsx} from 'clsx';
import {KeyRound, Plus, UserRoundCheck} from 'lucide-react';
import {useState} from 'react';
import {foldName} from '../lib/hebrew-name.ts';
import {formatPhone} from '../lib/phones.ts';
import {mutators} from '../mutators.ts';
import {representativeQueries} from './queries.ts';
import {Button, SearchInput} from '../ui/controls.tsx';
import {EmptyState} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {EditRetireButtons, useRetire} from '../ui/retire.tsx';
import {RepresentativeDialog} from './RepresentativeDialog.tsx';
import {ROLE_LABEL} from './labels.ts';
import * as m from '../paraglide/messages.js';

type Listed = ReturnType<typeof useListed>[0][number];
const useListed = () => useQuery(representativeQueries.all());

const placeOf = (row: Listed) => row.institution?.name ?? row.community?.name ?? '';

/** Whether the typed search is part of the representative's name or of the place they represent (folded). */
const matches = (row: Listed, search: string) => [row.name, placeOf(row)].some(name => foldName(name).includes(foldName(search)));

/**
 * /representatives (editShadchanim, the spec's "coordinator editing"; spec §2, §3, issue 13):
 * representatives of yeshivas, seminaries and communities. Search, add, edit, retire (their account
 * then sees no card) and bring back. Live: another editor's change shows at once.
 */
export function RepresentativesPage() {
  usePageTitle(m.section_representatives());
  const [rows, details] = useListed();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Listed | 'new'>();
  const shown = search.trim() ? rows.filter(row => matches(row, search)) : rows;

  const retire = useRetire(mutators.representatives.retire, m.representative_retire_hint);

  return (
    <section className="space-y-5" data-testid="representatives-page">
      <PageHeader title={m.section_representatives()} subtitle={m.representatives_subtitle()}>
        <Button onClick={() => setEditing('new')} data-testid="new-representative">
          <Plus className="size-4" aria-hidden />
          {m.representative_new_title()}
        </Button>
      </PageHeader>

      <SearchInput
        label={m.representatives_search()}
        className="max-w-sm"
        value={search}
        onChange={e => setSearch(e.target.value)}
        data-testid="representative-search"
      />

      {shown.length === 0 ? (
        <EmptyState icon={UserRoundCheck} loading={details.type !== 'complete'}>
          {search.trim() ? m.no_results() : m.representatives_empty()}
        </EmptyState>
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="representatives"
        >
          {shown.map(row => (
            <li
              key={row.id}
              className={clsx('flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3', row.retiredAt != null && 'bg-slate-50')}
              data-testid="representative-row"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  <bdi>{row.name}</bdi>
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
                    {ROLE_LABEL[row.role]()}
                  </span>
                  {row.userID != null && (
                    <span title={m.representative_signs_in()} className="text-slate-400">
                      <KeyRound className="size-4" aria-label={m.representative_signs_in()} />
                    </span>
                  )}
                  {row.retiredAt != null && (
                    <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600">
                      {m.places_retired()}
                    </span>
                  )}
                </p>
                <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-500">
                  <bdi>{placeOf(row)}</bdi>
                  {row.phone && (
                    <bdi dir="ltr" className="tabular-nums">
                      {formatPhone(row.phone)}
                    </bdi>
                  )}
                  {row.email && (
                    <bdi dir="ltr" className="break-all">
                      {row.email}
                    </bdi>
                  )}
                  {row.phoneHours && <bdi>{row.phoneHours}</bdi>}
                </p>
              </div>
              <EditRetireButtons
                name={row.name}
                retired={row.retiredAt != null}
                onEdit={() => setEditing(row)}
                onRetire={retired => void retire(row, retired)}
                testID="representative"
              />
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <RepresentativeDialog representative={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />
      )}
    </section>
  );
}
