import {useQuery} from '@rocicorp/zero/react';
import type {Row} from '@rocicorp/zero';
import {clsx} from 'clsx';
import {Building2, Plus} from 'lucide-react';
import {useState} from 'react';
import type {Schema} from '../../zero-schema.ts';
import {foldName} from '../lib/hebrew-name.ts';
import {mutators} from '../mutators.ts';
import {institutionQueries} from './queries.ts';
import {Button, SearchInput} from '../ui/controls.tsx';
import {EmptyState} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {EditRetireButtons, useRetire} from '../ui/retire.tsx';
import {InstitutionDialog} from './InstitutionDialog.tsx';
import {TYPE_LABEL} from './labels.ts';
import * as m from '../paraglide/messages.js';

type Institution = Row<Schema['tables']['institution']>;

/** Whether the typed search is part of the institution's name or of one of its variations (folded). */
const matches = (row: Institution, search: string) =>
  [row.name, ...row.variations].some(name => foldName(name).includes(foldName(search)));

/**
 * admin/schools (editSchools; spec §2, issue 13): the yeshivas and seminaries the card's institution
 * field offers. Search by name or variation, add, edit, retire (no longer offered; cards keep it) and
 * bring back. Live: another editor's change shows at once.
 */
export function InstitutionsPage() {
  usePageTitle(m.section_schools());
  const [rows, details] = useQuery(institutionQueries.all());
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Institution | 'new'>();
  const shown = search.trim() ? rows.filter(row => matches(row, search)) : rows;

  const retire = useRetire(mutators.institutions.retire, m.places_retire_hint);

  return (
    <section className="space-y-5" data-testid="institutions-page">
      <PageHeader title={m.section_schools()} subtitle={m.institutions_subtitle()}>
        <Button onClick={() => setEditing('new')} data-testid="new-institution">
          <Plus className="size-4" aria-hidden />
          {m.institution_new_title()}
        </Button>
      </PageHeader>

      <SearchInput
        label={m.institutions_search()}
        className="max-w-sm"
        value={search}
        onChange={e => setSearch(e.target.value)}
        data-testid="institution-search"
      />

      {shown.length === 0 ? (
        <EmptyState icon={Building2} loading={details.type !== 'complete'}>
          {search.trim() ? m.no_results() : m.institutions_empty()}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="institutions">
          {shown.map(row => (
            <li
              key={row.id}
              className={clsx('flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3', row.retiredAt != null && 'bg-slate-50')}
              data-testid="institution-row"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  <bdi>{row.name}</bdi>
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
                    {TYPE_LABEL[row.type]()}
                  </span>
                  {row.retiredAt != null && (
                    <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600">
                      {m.places_retired()}
                    </span>
                  )}
                </p>
                {row.variations.length > 0 && (
                  <p className="mt-0.5 truncate text-sm text-slate-500">
                    <bdi>{row.variations.join(' · ')}</bdi>
                  </p>
                )}
              </div>
              <EditRetireButtons
                name={row.name}
                retired={row.retiredAt != null}
                onEdit={() => setEditing(row)}
                onRetire={retired => void retire(row, retired)}
                testID="institution"
              />
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <InstitutionDialog institution={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />
      )}
    </section>
  );
}
