import {Link} from '@tanstack/react-router';
import {
  columnVisibilityFeature,
  createColumnHelper,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
} from '@tanstack/react-table';
import {Pencil, UserRound} from 'lucide-react';
import {ageOn, formatLocalDate} from '../../lib/dates.ts';
import {genderLabel} from '../labels.ts';
import type {EditableCandidate} from '../EditCandidateDialog.tsx';
import type {ListRow} from './use-keyset-pages.tsx';
import * as m from '../../paraglide/messages.js';

/** Sorting is the server's (the list query orders), so the table keeps the sort state only. */
export const features = tableFeatures({rowSortingFeature, rowSelectionFeature, columnVisibilityFeature});
export type ListFeatures = typeof features;
const helper = createColumnHelper<ListFeatures, ListRow>();

/** What the cells need from the page: lookups' names, who is looking, and the quick edit. */
export type CellContext = {
  userID: string;
  sectorLabel: ReadonlyMap<string, string>;
  statusLabel: ReadonlyMap<string, string>;
  staffName: ReadonlyMap<string, string>;
  onEdit?: ((candidate: EditableCandidate) => void) | undefined;
};

/** Columns the chooser can hide, with their names; the others always show. */
export const CHOOSABLE = {
  gender: m.column_gender,
  age: m.column_age,
  city: m.column_city,
  sector: m.column_sector,
  status: m.column_status,
  owner: m.column_owner,
  createdAt: m.column_created,
  updatedAt: m.column_updated,
  lastActivityAt: m.column_last_activity,
} as const;
export type ChoosableColumn = keyof typeof CHOOSABLE;
/** Shown until the user chooses otherwise. */
export const DEFAULT_HIDDEN: readonly ChoosableColumn[] = ['createdAt', 'updatedAt', 'lastActivityAt'];

/**
 * Each column's width in rem (the table lays out fixed, so widths stay put while rows scroll by); the
 * name takes what is left, at least NAME_MIN_REM.
 */
export const COLUMN_REM: Record<string, number> = {
  select: 2.75,
  gender: 5,
  age: 4,
  city: 7.5,
  sector: 6,
  status: 11,
  owner: 8.5,
  createdAt: 7,
  updatedAt: 7,
  lastActivityAt: 7.5,
  edit: 3.5,
};
export const NAME_MIN_REM = 13;

const day = (ms: number | null | undefined) => (ms == null ? '—' : formatLocalDate(ms));
const muted = 'truncate text-slate-600';

export function candidateColumns(c: CellContext): ColumnDef<ListFeatures, ListRow, any>[] {
  return helper.columns([
    helper.display({
      id: 'select',
      enableHiding: false,
      header: ({table}) => (
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={table.getIsAllRowsSelected()}
          ref={el => {
            if (el) el.indeterminate = table.getIsSomeRowsSelected();
          }}
          onChange={() => table.toggleAllRowsSelected()}
          aria-label={m.table_select_all()}
          data-testid="select-all"
        />
      ),
      cell: ({row}) => (
        <RowCheckbox row={row.original} selected={row.getIsSelected()} onToggle={row.getToggleSelectedHandler()} />
      ),
    }),
    helper.accessor('nameSearch', {
      id: 'name',
      enableHiding: false,
      header: () => m.column_name(),
      cell: ({row}) => <CandidateName row={row.original} />,
    }),
    helper.accessor('gender', {
      enableSorting: false,
      header: () => m.column_gender(),
      cell: ({row}) => <span className={muted}>{genderLabel[row.original.gender]()}</span>,
    }),
    helper.accessor('birthDate', {
      id: 'age',
      header: () => m.column_age(),
      cell: ({row}) => <span className={`${muted} tabular-nums`}>{ageOn(row.original.birthDate)}</span>,
    }),
    helper.accessor('city', {
      header: () => m.column_city(),
      cell: ({row}) => (
        <span className={`${muted} block`} data-testid="candidate-city">
          <bdi>{row.original.city}</bdi>
        </span>
      ),
    }),
    helper.accessor('sectorID', {
      id: 'sector',
      enableSorting: false,
      header: () => m.column_sector(),
      cell: ({row}) => <span className={`${muted} block`}>{c.sectorLabel.get(row.original.sectorID)}</span>,
    }),
    helper.accessor('statusID', {
      id: 'status',
      enableSorting: false,
      header: () => m.column_status(),
      cell: ({row}) => <StatusPill label={c.statusLabel.get(row.original.statusID)} />,
    }),
    helper.accessor('ownerID', {
      id: 'owner',
      enableSorting: false,
      header: () => m.column_owner(),
      cell: ({row}) => <Owner row={row.original} cells={c} />,
    }),
    helper.accessor('createdAt', {
      header: () => m.column_created(),
      cell: ({row}) => <span className={`${muted} tabular-nums`}>{day(row.original.createdAt)}</span>,
    }),
    helper.accessor('updatedAt', {
      header: () => m.column_updated(),
      cell: ({row}) => <span className={`${muted} tabular-nums`}>{day(row.original.updatedAt)}</span>,
    }),
    helper.accessor('lastActivityAt', {
      header: () => m.column_last_activity(),
      cell: ({row}) => <span className={`${muted} tabular-nums`}>{day(row.original.lastActivityAt)}</span>,
    }),
    ...(c.onEdit ? [editColumn(c.onEdit)] : []),
  ]);
}

function editColumn(onEdit: (candidate: EditableCandidate) => void) {
  return helper.display({
    id: 'edit',
    enableHiding: false,
    header: () => <span className="sr-only">{m.action_edit()}</span>,
    cell: ({row}) => <EditButton row={row.original} onEdit={onEdit} />,
  });
}

/** A card's choosing box, in the table and on the phone's cards. */
export function RowCheckbox({row, selected, onToggle}: {row: ListRow; selected: boolean; onToggle: (event: unknown) => void}) {
  return (
    <input
      type="checkbox"
      className="size-4 accent-brand-700"
      checked={selected}
      onChange={() => {}}
      // Click, not change: the click carries Shift, which selects the range since the last click.
      onClick={onToggle}
      aria-label={m.pending_choose({name: `${row.forename} ${row.surname}`})}
      data-testid="select-row"
    />
  );
}

export function CandidateName({row}: {row: ListRow}) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Link
        to="/home/tickets/$id"
        params={{id: row.id}}
        className="truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
        data-testid="candidate-open"
      >
        <bdi>
          {row.surname} {row.forename}
        </bdi>
      </Link>
      {row.database === 'personal' && (
        <span className="inline-flex shrink-0 items-center rounded-full bg-gold-100 px-2 py-0.5 text-xs font-medium text-amber-800">
          {m.database_personal_badge()}
        </span>
      )}
    </span>
  );
}

export function StatusPill({label}: {label: string | undefined}) {
  return (
    <span
      className="inline-block max-w-full truncate rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-100"
      data-testid="candidate-status"
    >
      {label}
    </span>
  );
}

export function Owner({row, cells}: {row: ListRow; cells: CellContext}) {
  return (
    <span className="flex min-w-0 items-center gap-1.5 text-slate-600">
      <UserRound className="size-3.5 shrink-0 text-slate-500" aria-hidden />
      <span className="truncate">
        {row.ownerID === cells.userID ? m.owner_you() : <bdi>{cells.staffName.get(row.ownerID)}</bdi>}
      </span>
    </span>
  );
}

export function EditButton({row, onEdit}: {row: ListRow; onEdit: (candidate: EditableCandidate) => void}) {
  return (
    <button
      type="button"
      onClick={() => onEdit(row)}
      className="rounded-lg p-2 text-slate-500 hover:bg-brand-50 hover:text-brand-700"
      aria-label={m.edit_candidate_title({name: `${row.forename} ${row.surname}`})}
      data-testid="edit-candidate"
    >
      <Pencil className="size-4" />
    </button>
  );
}
