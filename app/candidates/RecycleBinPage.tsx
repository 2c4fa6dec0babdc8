import {useQuery} from '@rocicorp/zero/react';
import {Link, useRouteContext} from '@tanstack/react-router';
import {ArchiveRestore, Trash2} from 'lucide-react';
import {can} from '../../permissions/context.ts';
import {formatLocalDate} from '../lib/dates.ts';
import {candidateQueries} from './queries.ts';
import {contextOf} from '../session.ts';
import {usePageTitle} from '../ui/page-title.ts';
import {EmptyState} from '../ui/EmptyState.tsx';
import {useRestoreCard} from './card/use-restore-card.ts';
import * as m from '../paraglide/messages.js';

/** The recycling bin (spec §4: deleted profiles are kept here and can be restored). */
export function RecycleBinPage() {
  usePageTitle(m.section_recycle_bin());
  const restoreCard = useRestoreCard();
  const {session} = useRouteContext({from: '/shell'});
  const mayRestore = can(contextOf(session.user!), 'deleteProfiles');
  const [cards, details] = useQuery(candidateQueries.bin());
  return (
    <section className="space-y-5" data-testid="recycle-bin">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{m.section_recycle_bin()}</h1>
        <p className="mt-1 text-sm text-slate-500">{m.recycle_bin_intro()}</p>
      </div>
      {cards.length === 0 ? (
        <EmptyState icon={Trash2} loading={details.type !== 'complete'}>
          {m.recycle_bin_empty()}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {cards.map(card => (
            <li key={card.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3" data-testid="bin-card">
              <Link
                to="/home/tickets/$id"
                params={{id: card.id}}
                className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
              >
                <bdi>
                  {card.surname} {card.forename}
                </bdi>
              </Link>
              <bdi className="text-sm text-slate-500">{card.city}</bdi>
              <span className="text-sm text-slate-500 tabular-nums">
                {m.recycle_bin_deleted_on({date: formatLocalDate(card.deletedAt!)})}
              </span>
              {mayRestore && (
                <button
                  type="button"
                  onClick={() => void restoreCard(card.id)}
                  className="ms-auto inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
                  data-testid="bin-restore"
                >
                  <ArchiveRestore className="size-4" aria-hidden />
                  {m.card_restore()}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
