import {PartyPopper} from 'lucide-react';
import {useState} from 'react';
import {Button} from '../ui/controls.tsx';
import {lazyPage} from '../ui/lazy-page.tsx';
import * as m from '../paraglide/messages.js';

/** Fetched when the candidate reaches for the button (hover, focus, press). */
const MazalTovDialog = lazyPage(() => import('./MazalTovDialog.tsx').then(p => p.MazalTovDialog));

/**
 * The candidate's mazal tov (issue 15) on the self-user home: for an open ticket, they name the one they
 * are engaged to (name and ID number), the father's name, the rabbi and a note; it reaches the office as
 * a pending couple (POST /api/engaged-couples/mazal-tov), their own ticket as one side.
 */
export function MazalTovSection({
  ticket,
}: {
  ticket: {gender: 'male' | 'female'; deleted: boolean; locked: boolean; pending: boolean};
}) {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted, so it closes as it opened.
  const [asked, setAsked] = useState(false);
  const [sent, setSent] = useState(false);
  if (ticket.deleted || ticket.locked || ticket.pending) return null;

  if (sent) {
    return (
      <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800" data-testid="mazal-tov-sent">
        {m.couples_reported()}
      </p>
    );
  }
  const preload = () => void MazalTovDialog.preload();
  return (
    <>
      <Button
        variant="secondary"
        className="w-full py-2.5"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
        data-testid="self-mazal-tov"
      >
        <PartyPopper className="size-4" aria-hidden />
        {m.couples_self_button()}
      </Button>
      {asked && <MazalTovDialog gender={ticket.gender} open={open} setOpen={setOpen} onSent={() => setSent(true)} />}
    </>
  );
}
