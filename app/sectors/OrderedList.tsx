import {useZero} from '@rocicorp/zero/react';
import {clsx} from 'clsx';
import {Archive, ArrowDown, ArrowUp, Pencil, Plus, RotateCcw} from 'lucide-react';
import {toast} from '../lib/toast.ts';
import {confirmed} from '../lib/mutate.ts';
import {Button} from '../ui/controls.tsx';
import {useRetire} from '../ui/retire.tsx';
import {Loading} from '../ui/Loading.tsx';
import * as m from '../paraglide/messages.js';

type Mutation = Parameters<ReturnType<typeof useZero>['mutate']>[0];
export type OrderedRow = {id: string; name: string; retiredAt?: number | null | undefined};

/**
 * One of the /sectors screen's lists: its rows in their order, moved up or down one place at a time
 * (buttons, which work by keyboard and on a phone alike), renamed (the caller's dialog), retired or
 * brought back. Every change goes to the server at once; the list is live.
 */
export function OrderedList({
  title,
  testID,
  rows,
  reorder,
  retire,
  onAdd,
  onEdit,
  loading = false,
}: {
  title: string;
  testID: string;
  rows: readonly OrderedRow[];
  /** The rows' query is not complete yet: with none here, the loader shows rather than an empty list. */
  loading?: boolean;
  reorder: (ids: string[]) => Mutation;
  retire: (args: {id: string; retired: boolean}) => Mutation;
  onAdd: () => void;
  onEdit: (id: string) => void;
}) {
  const zero = useZero();

  async function run(mutation: Mutation) {
    const outcome = await confirmed(zero.mutate(mutation));
    if (!outcome.ok) toast.error(outcome.message);
    return outcome.ok;
  }
  function move(index: number, by: -1 | 1) {
    const ids = rows.map(row => row.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    void run(reorder(ids));
  }
  const setRetired = useRetire(retire, m.places_retire_hint);

  return (
    <section className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" data-testid={testID}>
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        <Button variant="secondary" onClick={onAdd} data-testid={`${testID}-add`}>
          <Plus className="size-4" aria-hidden />
          {m.places_add()}
        </Button>
      </div>
      {rows.length === 0 && loading && <Loading size="small" className="px-4" />}
      <ol className="divide-y divide-slate-100">
        {rows.map((row, index) => (
          <li
            key={row.id}
            className={clsx('flex items-center gap-2 px-4 py-2.5', row.retiredAt != null && 'bg-slate-50')}
            data-testid={`${testID}-row`}
          >
            {/* The name gives way to a narrow screen; the "retired" mark beside it does not. */}
            <span className="flex min-w-0 flex-1 items-center gap-2 text-sm text-slate-900">
              <bdi className="truncate">{row.name}</bdi>
              {row.retiredAt != null && (
                <span className="shrink-0 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600">
                  {m.places_retired()}
                </span>
              )}
            </span>
            {/* The buttons side by side, full touch targets without gaps between them, so the name keeps room on a phone. */}
            <div className="flex shrink-0 items-center">
              <Button
                variant="ghost"
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={m.places_move_up({name: row.name})}
              >
                <ArrowUp className="size-4" aria-hidden />
              </Button>
              <Button
                variant="ghost"
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
                aria-label={m.places_move_down({name: row.name})}
              >
                <ArrowDown className="size-4" aria-hidden />
              </Button>
              <Button variant="ghost" onClick={() => onEdit(row.id)} aria-label={m.places_edit_named({name: row.name})}>
                <Pencil className="size-4" aria-hidden />
              </Button>
              {row.retiredAt == null ? (
                <Button variant="ghost" className="text-xs" onClick={() => void setRetired(row, true)}>
                  <Archive className="size-4 sm:hidden" aria-hidden />
                  {/* On a phone the icon alone, so a row fits in 375 px; the name stays for screen readers. */}
                  <span className="max-sm:sr-only">{m.places_retire()}</span>
                </Button>
              ) : (
                <Button
                  variant="ghost"
                  className="text-xs"
                  onClick={() => void setRetired(row, false)}
                  aria-label={m.places_restore()}
                >
                  <RotateCcw className="size-4" aria-hidden />
                </Button>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
