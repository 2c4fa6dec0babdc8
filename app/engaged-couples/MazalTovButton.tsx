import {PartyPopper} from 'lucide-react';
import {useState} from 'react';
import {personName} from '../activities/labels.ts';
import type {Gender} from '../tables/shared.ts';
import {CoupleDialog} from './CoupleDialog.tsx';
import * as m from '../paraglide/messages.js';

/**
 * The card page's mazal-tov report (issue 15): for an active card, the shadchan names the other side,
 * and the couple arrives as pending for an editor (editEngagedCouples) to confirm.
 */
type Card = {
  id: string;
  forename: string;
  surname: string;
  gender: Gender;
  state: string;
  detail?: {idNumber?: string | null} | undefined;
};

export function MazalTovButton({card}: {card: Card}) {
  const [open, setOpen] = useState(false);
  if (card.state !== 'active') return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-2 rounded-lg px-3.5 py-2 text-sm font-medium whitespace-nowrap text-emerald-800 ring-1 ring-emerald-200 hover:bg-emerald-50"
        data-testid="card-mazal-tov"
      >
        <PartyPopper className="size-4" aria-hidden />
        {m.couples_mazal_tov_button()}
      </button>
      {open && (
        <CoupleDialog
          report={{side: card.gender, profileID: card.id, name: personName(card), idNumber: card.detail?.idNumber ?? ''}}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
