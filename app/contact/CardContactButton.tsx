import {Mail} from 'lucide-react';
import {useState} from 'react';
import {ContactDialog} from './ContactDialog.tsx';
import * as m from '../paraglide/messages.js';

/** A card's "contact the office" (spec §3 contact task): the message goes with the card's number and name. */
export function CardContactButton({card}: {card: {id: string; forename: string; surname: string}}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-2 rounded-lg px-3.5 py-2 text-sm font-medium whitespace-nowrap text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        data-testid="card-contact"
      >
        <Mail className="size-4" aria-hidden />
        {m.contact_about_card()}
      </button>
      <ContactDialog open={open} onOpenChange={setOpen} about={{id: card.id, name: `${card.forename} ${card.surname}`}} />
    </>
  );
}
