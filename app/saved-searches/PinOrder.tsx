import {useQuery, useZero} from '@rocicorp/zero/react';
import {ArrowDown, ArrowUp} from 'lucide-react';
import {toast} from '../lib/toast.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {savedSearchQueries} from './queries.ts';
import {Button} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';

/**
 * The user's pinned searches in their menu's order, each moved up or down one place at a time
 * (buttons, which work by keyboard and on a phone alike; as the /sectors lists do). Hidden with no pins.
 */
export function PinOrder() {
  const zero = useZero();
  const [pins] = useQuery(savedSearchQueries.pinned());
  const rows = pins.flatMap(pin => (pin.search ? [{id: pin.searchID, title: pin.search.title}] : []));
  if (rows.length === 0) return null;

  async function move(index: number, by: -1 | 1) {
    const ids = rows.map(row => row.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    const outcome = await confirmed(zero.mutate(mutators.savedSearches.reorderPins({ids})));
    if (!outcome.ok) toast.error(outcome.message);
  }

  return (
    <section className="space-y-2" data-testid="pin-order">
      <h2 className="text-sm font-semibold text-slate-600">{m.saved_search_pinned_label()}</h2>
      <ol className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        {rows.map((row, index) => (
          <li key={row.id} className="flex items-center gap-2 px-4 py-1.5" data-testid="pin-order-row">
            <bdi className="min-w-0 flex-1 truncate text-sm text-slate-900">{row.title}</bdi>
            <div className="flex shrink-0 items-center">
              <Button
                variant="ghost"
                disabled={index === 0}
                onClick={() => void move(index, -1)}
                aria-label={m.places_move_up({name: row.title})}
                data-testid="pin-move-up"
              >
                <ArrowUp className="size-4" aria-hidden />
              </Button>
              <Button
                variant="ghost"
                disabled={index === rows.length - 1}
                onClick={() => void move(index, 1)}
                aria-label={m.places_move_down({name: row.title})}
                data-testid="pin-move-down"
              >
                <ArrowDown className="size-4" aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
