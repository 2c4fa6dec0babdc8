import {ListFilter} from 'lucide-react';
import {useState, type ReactNode} from 'react';
import {Button, SearchInput} from '../../ui/controls.tsx';
import {FilterChips} from './FilterChips.tsx';
import {FilterPanel} from './FilterPanel.tsx';
import {FreeFilterBuilder} from './FreeFilterBuilder.tsx';
import type {useCandidateFilters} from './use-candidate-filters.ts';
import {useFilterOptions} from './use-filter-options.ts';
import * as m from '../../paraglide/messages.js';

/**
 * The candidate list's search (issue 14): the search box (results as the user types), the preset
 * filters' panel, the free filter builder for users with freeFiltering, and the active filters as
 * chips above the list.
 */
export function CandidateSearch({
  view,
  mayFilterFreely,
  children,
}: {
  view: ReturnType<typeof useCandidateFilters>;
  mayFilterFreely: boolean;
  /** More actions on the search's row (saving the search). */
  children?: ReactNode;
}) {
  const options = useFilterOptions();
  const [building, setBuilding] = useState(false);
  const {urlFilters: filters, setFilters} = view;
  return (
    <div className="space-y-3" data-testid="candidate-search-bar">
      <div className="flex flex-wrap items-center gap-2">
        <SearchInput
          label={m.candidates_search()}
          className="min-w-0 flex-[1_1_16rem] sm:max-w-md"
          value={view.searchText}
          maxLength={50}
          onChange={e => view.setSearchText(e.target.value)}
          data-testid="candidate-search"
        />
        <FilterPanel filters={filters} options={options} onChange={setFilters} />
        {mayFilterFreely && (
          <Button variant="secondary" onClick={() => setBuilding(true)} data-testid="free-filter-open">
            <ListFilter className="size-4" aria-hidden />
            {m.free_filter()}
          </Button>
        )}
        {children}
      </div>
      <FilterChips
        filters={filters}
        options={options}
        onChange={setFilters}
        onOpenFree={mayFilterFreely ? () => setBuilding(true) : undefined}
      />
      {mayFilterFreely && (
        <FreeFilterBuilder
          open={building}
          onOpenChange={setBuilding}
          free={filters.free}
          communities={options.communities}
          onApply={free => setFilters({...filters, free})}
        />
      )}
    </div>
  );
}
