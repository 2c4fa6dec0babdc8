import {useQuery} from '@rocicorp/zero/react';
import {useTable, type RowSelectionState, type SortingState, type Updater} from '@tanstack/react-table';
import {clsx} from 'clsx';
import {SearchX} from 'lucide-react';
import {lazy, Suspense, useEffect, useMemo, useState} from 'react';
import {can, type AuthContext} from '../../../permissions/context.ts';
import {useOffline} from '../../ConnectionBadge.tsx';
import {currentLocale} from '../../i18n.ts';
import {labelOf} from '../../lookups.ts';
import {lookupQueries} from '../../lookups.ts';
import {EmptyState, ListLoading} from '../../ui/EmptyState.tsx';
import type {EditableCandidate} from '../EditCandidateDialog.tsx';
import {BulkActions} from './BulkActions.tsx';
import {CandidateCards} from './CandidateCards.tsx';
import {CandidateGrid} from './CandidateGrid.tsx';
import type {ColumnVisibility} from './ColumnChooser.tsx';
import {candidateColumns, features} from './columns.tsx';
import {useKeysetPages, type ListParams} from './use-keyset-pages.tsx';
import type {SortDir} from './use-list-sort.ts';
import {useMediaQuery} from './use-window-rows.ts';
import * as m from '../../paraglide/messages.js';
import type {SortKey} from '../../tables/saved-searches.ts';

/** The quick edit's form and the card's checks come when a card is first edited from the list. */
const EditCandidateDialog = lazy(() => import('../EditCandidateDialog.tsx').then(p => ({default: p.EditCandidateDialog})));

/**
 * The candidates that match the filters, in the chosen order, paged through Zero: a table on wide
 * screens and cards on a phone, the chosen ones' bulk actions above, the quick edit. The page gives it
 * a new React key when the filters or the order change, which starts the paging (and the choice) over.
 */
export function CandidateResults({
  params,
  ctx,
  total,
  visibility,
  onVisibilityChange,
  onSort,
  active,
  instant,
  onSettled,
}: {
  params: ListParams;
  ctx: AuthContext;
  total: number | undefined;
  visibility: ColumnVisibility;
  onVisibilityChange: (next: (prev: ColumnVisibility) => ColumnVisibility) => void;
  onSort: (sort: SortKey, dir: SortDir) => void;
  /** False while the page is kept hidden (the user is on another page). */
  active: boolean;
  /** The list has answered before: rows this browser holds show before the server confirms them. */
  instant: boolean;
  /** The first page has answered. */
  onSettled: () => void;
}) {
  const {rows, settled, done, showing, pages} = useKeysetPages(params);
  // Until the list's first page has answered once, the rows here are what other screens happened to sync (a first
  // visit's local copy fills in as it goes): a partial list would mislead, and jump under the user's eyes as the rest
  // comes in. After that, a new search shows at once what this browser holds while the server confirms (the page
  // says `instant`). Offline, what this browser holds is all there is, and it is shown.
  const offline = useOffline() !== null;
  const shown = settled || instant || offline;
  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);
  const phone = useMediaQuery('(max-width: 639px)');
  const locale = currentLocale();
  const [sectors] = useQuery(lookupQueries.sectors());
  const [statuses] = useQuery(lookupQueries.statuses());
  const [staff] = useQuery(lookupQueries.staffNames());
  const [editing, setEditing] = useState<EditableCandidate>();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});

  const cells = useMemo(
    () => ({
      userID: ctx.userID,
      sectorLabel: new Map(sectors.map(s => [s.id, labelOf(s.labels, locale)])),
      statusLabel: new Map(statuses.map(s => [s.id, labelOf(s.labels, locale)])),
      staffName: new Map(staff.map(u => [u.id, u.name])),
      onEdit: can(ctx, 'editTickets') ? setEditing : undefined,
    }),
    [ctx, sectors, statuses, staff, locale],
  );
  const columns = useMemo(() => candidateColumns(cells), [cells]);
  const sorting = useMemo<SortingState>(() => [{id: params.sort, desc: params.dir === 'desc'}], [params.sort, params.dir]);

  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: row => row.id,
    state: {sorting, columnVisibility: visibility, rowSelection},
    // The server orders (candidates.list); the table only tells which header was clicked.
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater;
      if (next) onSort(next.id as SortKey, next.desc ? 'desc' : 'asc');
    },
    onColumnVisibilityChange: (updater: Updater<ColumnVisibility>) =>
      onVisibilityChange(prev => (typeof updater === 'function' ? updater(prev) : updater)),
    onRowSelectionChange: setRowSelection,
  });

  // Only loaded cards count as chosen: one that left the list (closed by someone else) is not acted on.
  const chosen = rows.filter(row => rowSelection[row.id]).map(row => row.id);

  return (
    <>
      {pages}
      <BulkActions ctx={ctx} ids={chosen} onDone={() => setRowSelection({})} />
      {rows.length === 0 || !shown ? (
        // While loading, the list's place keeps a screen's height, so what is below it does not jump when it comes.
        <div data-testid="candidates-empty" className={clsx(!settled && 'min-h-screen')}>
          {settled ? <EmptyState icon={SearchX}>{m.no_results()}</EmptyState> : <ListLoading />}
        </div>
      ) : phone ? (
        <CandidateCards table={table} cells={cells} active={active} onShowing={showing} />
      ) : (
        <CandidateGrid table={table} total={total} active={active} onShowing={showing} />
      )}
      {shown && rows.length > 0 && !done && (
        <p className="py-3 text-center text-xs text-slate-500" data-testid="candidates-more">
          {m.loading()}
        </p>
      )}
      {editing && (
        <Suspense>
          <EditCandidateDialog
            candidate={editing}
            live={rows.find(r => r.id === editing.id)}
            onClose={() => setEditing(undefined)}
          />
        </Suspense>
      )}
    </>
  );
}
