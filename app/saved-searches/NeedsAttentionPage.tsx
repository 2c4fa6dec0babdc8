import {useQuery} from '@rocicorp/zero/react';
import {Link, useNavigate, useRouterState} from '@tanstack/react-router';
import {BellRing, List, Pin, UserRound} from 'lucide-react';
import {useMemo, useState} from 'react';
import {useCandidateCount} from '../candidates/search/use-count.ts';
import {formatLocalDate} from '../lib/dates.ts';
import {savedSearchQueries} from './queries.ts';
import {Button, buttonClass} from '../ui/controls.tsx';
import {EmptyState, ListLoading} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {daysOf, DaysField} from './DaysField.tsx';
import {NEEDS_ATTENTION_PATH, savedSearchTarget} from './list-search.ts';
import {NEEDS_ATTENTION_DAYS, NEEDS_ATTENTION_PER_SHADCHAN} from './schema.ts';
import {usePinNeedsAttention} from './use-pin-needs-attention.ts';
import * as m from '../paraglide/messages.js';

/** The days the URL asks for (?days=N), or the preset's default. */
const daysInUrl = (search: Record<string, unknown>) => {
  const checked = daysOf(String(search.days ?? ''));
  return checked.ok ? checked.days : NEEDS_ATTENTION_DAYS;
};

/**
 * Needs attention (issue 14, the saved searches' built-in preset): open cards with no activity in N
 * days, grouped by shadchan, each with their few most neglected (savedSearches.needsAttention says why
 * grouped). The groups run from the most neglected card down, so the longest-forgotten come first,
 * and a shadchan whose cards are all recent does not appear. The total is the filter set's live count.
 */
export function NeedsAttentionPage() {
  usePageTitle(m.needs_attention_title());
  const navigate = useNavigate();
  const search = useRouterState({select: s => s.location.search}) as Record<string, unknown>;
  const days = daysInUrl(search);
  const [typed, setTyped] = useState(String(days));
  const typedDays = daysOf(typed);
  const pinPreset = usePinNeedsAttention();
  const filters = {openNow: true as const, idleDays: days};
  const total = useCandidateCount(filters);

  const [shadchanim, details] = useQuery(savedSearchQueries.needsAttention({days, perShadchan: NEEDS_ATTENTION_PER_SHADCHAN}));
  // Never touched sorts before any date; then the oldest last activity first.
  const oldest = (cards: readonly {lastActivityAt?: number | null}[]) => cards[0]?.lastActivityAt ?? -Infinity;
  const groups = useMemo(() => [...shadchanim].sort((a, b) => oldest(a.ownedProfiles) - oldest(b.ownedProfiles)), [shadchanim]);

  const change = (next: string) => {
    setTyped(next);
    const checked = daysOf(next);
    if (checked.ok) void navigate({href: `${NEEDS_ATTENTION_PATH}?days=${checked.days}`, replace: true});
  };
  const asList = savedSearchTarget({view: 'list', filters, sort: 'lastActivityAt', dir: 'asc'});

  return (
    <section className="space-y-5" data-testid="needs-attention-page">
      <PageHeader
        title={m.needs_attention_title()}
        subtitle={total === undefined ? m.needs_attention_hint() : m.needs_attention_total({count: total, days})}
      >
        <Link
          to={asList.to}
          search={asList.search as never}
          className={buttonClass('secondary')}
          data-testid="needs-attention-as-list"
        >
          <List className="size-4" aria-hidden />
          {m.needs_attention_as_list()}
        </Link>
        <Button onClick={() => void pinPreset(days)} data-testid="needs-attention-pin">
          <Pin className="size-4" aria-hidden />
          {m.saved_search_pin_to_menu()}
        </Button>
      </PageHeader>
      <DaysField typed={typed} onChange={change} error={typedDays.ok ? undefined : typedDays.error} />

      {groups.length === 0 ? (
        details.type === 'complete' ? (
          <EmptyState icon={BellRing}>{m.needs_attention_none()}</EmptyState>
        ) : (
          <ListLoading />
        )
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {groups.map(shadchan => (
            <section
              key={shadchan.id}
              className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              data-testid="needs-attention-group"
            >
              <h2 className="mb-2 flex items-center gap-2 font-semibold text-slate-900">
                <UserRound className="size-4 text-slate-500" aria-hidden />
                <bdi>{shadchan.name}</bdi>
              </h2>
              <ul className="divide-y divide-slate-100">
                {shadchan.ownedProfiles.map(card => (
                  <li key={card.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm">
                    <Link
                      to="/home/tickets/$id"
                      params={{id: card.id}}
                      className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                      data-testid="needs-attention-card"
                    >
                      <bdi>
                        {card.surname} {card.forename}
                      </bdi>
                    </Link>
                    <span className="text-xs text-slate-500">
                      {card.lastActivityAt
                        ? m.needs_attention_last_activity({date: formatLocalDate(card.lastActivityAt)})
                        : m.needs_attention_never()}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
