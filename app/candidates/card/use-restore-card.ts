import {useZero} from '@rocicorp/zero/react';
import {useCallback} from 'react';
import {toast} from '../../lib/toast.ts';
import {confirmed} from '../../lib/mutate.ts';
import {mutators} from '../../mutators.ts';
import * as m from '../../paraglide/messages.js';

/** Restores a card from the recycling bin; the list and every open screen see it back at once. */
export function useRestoreCard() {
  const zero = useZero();
  return useCallback(
    async (id: string) => {
      const outcome = await confirmed(zero.mutate(mutators.cards.restore({id})));
      if (outcome.ok) toast.success(m.card_restored());
      else toast.error(outcome.message);
    },
    [zero],
  );
}
