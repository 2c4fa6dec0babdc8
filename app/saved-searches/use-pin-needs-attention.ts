import {useZero} from '@rocicorp/zero/react';
import {nanoid} from 'nanoid';
import {toast} from '../lib/toast.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import * as m from '../paraglide/messages.js';

/**
 * Pins the needs-attention preset for N days: a private saved search of its own (so it carries the
 * menu's live count and can be renamed or deleted like any other), opening the view spread by shadchan.
 * Its filters are what the view and the count read: open now, idle N days, most neglected first.
 */
export function usePinNeedsAttention() {
  const zero = useZero();
  return async (days: number) => {
    const outcome = await confirmed(
      zero.mutate(
        mutators.savedSearches.create({
          id: nanoid(),
          title: m.needs_attention_pinned_title({days}),
          filters: {openNow: true, idleDays: days},
          sort: 'lastActivityAt',
          dir: 'asc',
          view: 'needsAttention',
          shared: false,
          pin: true,
        }),
      ),
    );
    if (outcome.ok) toast.success(m.saved_search_pinned());
    else toast.error(outcome.message);
  };
}
