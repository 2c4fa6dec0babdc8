import type {ReactTable} from '@tanstack/react-table';
import {clsx} from 'clsx';
import {ageOn} from '../../lib/dates.ts';
import type {EditableCandidate} from '../EditCandidateDialog.tsx';
import {CandidateName, EditButton, Owner, RowCheckbox, StatusPill, type CellContext, type ListFeatures} from './columns.tsx';
import {FRESH_MS} from './CandidateGrid.tsx';
import type {ListRow} from './use-keyset-pages.tsx';
import {useWindowRows} from './use-window-rows.ts';
import * as m from '../../paraglide/messages.js';

/** Each card's height with the gap under it. */
const CARD_HEIGHT = 112;

/**
 * A phone's view of the list (below 640 px): one card per candidate with what a shadchan scans for —
 * name, age, city, status, shadchan — drawn over the same virtual window and the same pages as the
 * table, with the same choosing and quick edit.
 */
export function CandidateCards({
  table,
  cells,
  active,
  onShowing,
}: {
  table: ReactTable<ListFeatures, ListRow, unknown>;
  cells: CellContext;
  active: boolean;
  onShowing: (first: number, last: number) => void;
}) {
  const rows = table.getRowModel().rows;
  const {listRef, items, before, after} = useWindowRows<HTMLUListElement>({
    count: rows.length,
    rowHeight: CARD_HEIGHT,
    active,
    onShowing,
  });
  const now = Date.now();
  return (
    <ul
      ref={listRef}
      style={{paddingTop: before, paddingBottom: after}}
      aria-label={m.candidates_title()}
      data-testid="candidate-cards"
    >
      {items.map(item => {
        const row = rows[item.index]!;
        const p = row.original;
        return (
          <li
            key={`${p.id}:${p.updatedAt}`}
            style={{height: CARD_HEIGHT}}
            className="pb-2"
            data-testid="candidate-row"
            data-id={p.id}
          >
            <div
              className={clsx(
                'flex h-full flex-col justify-center gap-1.5 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-slate-200',
                row.getIsSelected() && 'bg-brand-50 ring-brand-200',
                now - p.updatedAt < FRESH_MS && 'live-flash',
              )}
            >
              <div className="flex min-w-0 items-center gap-3">
                {/* The label is the finger's target (44 px, the checkbox at the card's edge as before). */}
                <label className="-ms-3.5 -me-2 flex shrink-0 items-center justify-center">
                  <RowCheckbox row={p} selected={row.getIsSelected()} onToggle={row.getToggleSelectedHandler()} />
                </label>
                <span className="min-w-0 flex-1">
                  <CandidateName row={p} />
                </span>
                {cells.onEdit && <EditButton row={p} onEdit={cells.onEdit as (c: EditableCandidate) => void} />}
              </div>
              <div className="flex min-w-0 items-center gap-2 text-sm text-slate-600">
                <span className="shrink-0 tabular-nums">{m.card_age_years({age: ageOn(p.birthDate)})}</span>
                <span aria-hidden>·</span>
                <span className="truncate" data-testid="candidate-city">
                  <bdi>{p.city}</bdi>
                </span>
                <span className="ms-auto shrink-0">
                  <StatusPill label={cells.statusLabel.get(p.statusID)} />
                </span>
              </div>
              <div className="text-sm">
                <Owner row={p} cells={cells} />
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
