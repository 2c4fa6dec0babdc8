import {useNavigate} from '@tanstack/react-router';
import type {ReactTable} from '@tanstack/react-table';
import {ArrowDown, ArrowUp, ArrowUpDown} from 'lucide-react';
import {clsx} from 'clsx';
import {useState, type KeyboardEvent} from 'react';
import {COLUMN_REM, NAME_MIN_REM, type ListFeatures} from './columns.tsx';
import type {ListRow} from './use-keyset-pages.tsx';
import {useWindowRows} from './use-window-rows.ts';
import * as m from '../../paraglide/messages.js';

const ROW_HEIGHT = 48;
/** A row changed within this window by anyone glows, so live updates catch the eye. */
export const FRESH_MS = 4000;
/** Columns of a control alone (choose, edit): less padding. */
const NARROW = new Set(['select', 'edit']);
/** Page Up / Page Down move the active row this far. */
const PAGE_STEP = 10;

/**
 * The wide screen's table: a real <table> (fixed layout, so columns keep their widths while rows
 * scroll by) whose body draws only the rows near the screen, with empty rows above and below for the
 * rest. One tab stop: arrows, Page Up/Down, Home and End move the active row (aria-activedescendant,
 * scrolled into view), Enter opens its card and Space chooses it. Headers of sortable columns sort.
 */
export function CandidateGrid({
  table,
  total,
  active,
  onShowing,
}: {
  table: ReactTable<ListFeatures, ListRow, unknown>;
  total: number | undefined;
  active: boolean;
  onShowing: (first: number, last: number) => void;
}) {
  const navigate = useNavigate();
  const rows = table.getRowModel().rows;
  const {listRef, virtualizer, items, before, after} = useWindowRows<HTMLTableSectionElement>({
    count: rows.length,
    rowHeight: ROW_HEIGHT,
    active,
    onShowing,
  });
  const [current, setCurrent] = useState<number>();
  const currentRow = current === undefined ? undefined : rows[Math.min(current, rows.length - 1)];

  const moveTo = (index: number) => {
    const to = Math.max(0, Math.min(rows.length - 1, index));
    setCurrent(to);
    virtualizer.scrollToIndex(to, {align: 'auto'});
  };

  function onKeyDown(e: KeyboardEvent<HTMLTableElement>) {
    // Keys typed into a checkbox, a link or a button inside the table are theirs.
    if (e.target !== e.currentTarget || rows.length === 0) return;
    const at = current ?? (items[0]?.index ?? 0) - 1;
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      PageDown: at + PAGE_STEP,
      PageUp: at - PAGE_STEP,
      Home: 0,
      End: rows.length - 1,
    };
    if (e.key in moves) {
      e.preventDefault();
      moveTo(moves[e.key]!);
    } else if (e.key === 'Enter' && currentRow) {
      e.preventDefault();
      void navigate({to: '/home/tickets/$id', params: {id: currentRow.id}});
    } else if (e.key === ' ' && currentRow) {
      e.preventDefault();
      currentRow.toggleSelected();
    }
  }

  const now = Date.now();
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  // Wider than its room (more columns chosen, a narrow window), the table scrolls sideways in its frame.
  const minWidth = headers.reduce((sum, header) => sum + (COLUMN_REM[header.column.id] ?? NAME_MIN_REM), 0);
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table
        className="group w-full table-fixed text-sm focus:outline-none"
        style={{minWidth: `${minWidth}rem`}}
        data-testid="candidate-table"
        role="grid"
        aria-label={m.candidates_title()}
        aria-rowcount={total === undefined ? -1 : total + 1}
        aria-multiselectable
        tabIndex={0}
        aria-activedescendant={currentRow ? `candidate-row-${currentRow.id}` : undefined}
        onKeyDown={onKeyDown}
        onFocus={e =>
          e.target === e.currentTarget && current === undefined && rows.length > 0 && setCurrent(items[0]?.index ?? 0)
        }
      >
        <colgroup>
          {headers.map(header => (
            <col key={header.id} style={{width: COLUMN_REM[header.column.id] && `${COLUMN_REM[header.column.id]}rem`}} />
          ))}
        </colgroup>
        <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500">
          <tr aria-rowindex={1}>
            {headers.map(header => {
              const sorted = header.column.getIsSorted();
              return (
                <th
                  key={header.id}
                  scope="col"
                  className={clsx('py-3', NARROW.has(header.column.id) ? 'px-2 text-center' : 'px-4 text-start')}
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  {header.column.getCanSort() ? (
                    <button
                      type="button"
                      onClick={header.column.getToggleSortingHandler()}
                      className={clsx('inline-flex items-center gap-1 rounded hover:text-slate-900', sorted && 'text-brand-700')}
                      data-testid={`sort-${header.column.id}`}
                    >
                      <table.FlexRender header={header} />
                      {sorted === 'asc' ? (
                        <ArrowUp className="size-3.5" aria-hidden />
                      ) : sorted === 'desc' ? (
                        <ArrowDown className="size-3.5" aria-hidden />
                      ) : (
                        <ArrowUpDown className="size-3.5 opacity-40" aria-hidden />
                      )}
                    </button>
                  ) : (
                    <table.FlexRender header={header} />
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody ref={listRef} className="divide-y divide-slate-100">
          {before > 0 && <tr aria-hidden style={{height: before}} />}
          {items.map(item => {
            const row = rows[item.index]!;
            const p = row.original;
            return (
              <tr
                key={`${p.id}:${p.updatedAt}`}
                id={`candidate-row-${p.id}`}
                data-testid="candidate-row"
                data-id={p.id}
                aria-rowindex={item.index + 2}
                aria-selected={row.getIsSelected()}
                data-active={item.index === current || undefined}
                style={{height: ROW_HEIGHT}}
                onClick={() => setCurrent(item.index)}
                className={clsx(
                  'whitespace-nowrap hover:bg-slate-50',
                  row.getIsSelected() && 'bg-brand-50/60',
                  'group-focus:data-active:bg-brand-50 group-focus:data-active:outline-2 group-focus:data-active:-outline-offset-2 group-focus:data-active:outline-brand-600',
                  now - p.updatedAt < FRESH_MS && 'live-flash',
                )}
              >
                {row.getVisibleCells().map(cell => (
                  <td key={cell.id} className={clsx('overflow-hidden', NARROW.has(cell.column.id) ? 'px-2 text-center' : 'px-4')}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
          {after > 0 && <tr aria-hidden style={{height: after}} />}
        </tbody>
      </table>
    </div>
  );
}
