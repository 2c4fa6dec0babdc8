import {useQuery} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import {Bookmark, BellRing} from 'lucide-react';
import {clsx} from 'clsx';
import type {ReactNode} from 'react';
import {useCandidateCount} from '../candidates/search/use-count.ts';
import {savedSearchQueries} from './queries.ts';
import {savedSearchTarget} from './list-search.ts';
import * as m from '../paraglide/messages.js';

/** How the side menu draws a row, handed down so the pins look like the entries around them. */
export type PinLook = {
  rowClass: string;
  labelClass: string | undefined;
  collapsed: boolean;
  badge: (count: number | undefined) => ReactNode;
};

/**
 * The user's pinned saved searches, under the candidate list's entry in the side menu, in their order,
 * each with a live count badge. A search someone else stops sharing leaves by itself (the query
 * follows the read rule).
 */
export function PinnedSearches({look}: {look: PinLook}) {
  const [pins] = useQuery(savedSearchQueries.pinned());
  const searches = pins.flatMap(pin => (pin.search ? [pin.search] : []));
  if (searches.length === 0) return null;
  return (
    <ul
      aria-label={m.saved_search_pinned_label()}
      className={clsx('mt-0.5 space-y-0.5', !look.collapsed && 'ms-4 border-s border-slate-200 ps-1')}
      data-testid="pinned-searches"
    >
      {searches.map(search => (
        <li key={search.id}>
          <PinnedSearch search={search} look={look} />
        </li>
      ))}
    </ul>
  );
}

type Pinned = {id: string; title: string} & Parameters<typeof savedSearchTarget>[0];

function PinnedSearch({search, look}: {search: Pinned; look: PinLook}) {
  // Undefined until the server answers, and while the count route is missing: then no badge at all.
  const count = useCandidateCount(search.filters);
  const target = savedSearchTarget(search);
  const Icon = search.view === 'needsAttention' ? BellRing : Bookmark;
  return (
    <Link
      to={target.to}
      search={target.search as never}
      activeOptions={{exact: true, includeSearch: true}}
      title={search.title}
      className={look.rowClass}
      activeProps={{className: 'bg-brand-50 font-medium !text-brand-700', 'aria-current': 'page'}}
      data-testid="pinned-search"
      data-id={search.id}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {/* In its own direction, so a Hebrew title in an English menu is cut at its end, not its start;
          aligned as the menu is. */}
      <span dir="auto" className={clsx('min-w-0 truncate', look.labelClass)} style={{textAlign: 'match-parent'}}>
        {search.title}
      </span>
      {look.badge(count)}
    </Link>
  );
}
