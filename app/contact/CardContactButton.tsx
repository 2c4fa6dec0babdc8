import {Mail} from 'lucide-react';
import {useState} from 'react';
import {ContactDialog} from './ContactDialog.tsx';
import {Button} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';

/** A card's "contact the office" (spec §3 contact task): the message goes with the card's number and name. */
export function CardContactButton({card}: {card: {id: string; forename: string; surname: string}}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="whitespace-nowrap" onClick={() => setOpen(true)} data-testid="card-contact">
        <Mail className="size-4" aria-hidden />
        {m.contact_about_card()}
      </Button>
      <ContactDialog open={open} onOpenChange={setOpen} about={{id: card.id, name: `${card.forename} ${card.surname}`}} />
    </>
  );
}
