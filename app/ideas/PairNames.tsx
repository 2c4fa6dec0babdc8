import {Link} from '@tanstack/react-router';
import {Heart} from 'lucide-react';
import {personName} from '../activities/labels.ts';
import * as m from '../paraglide/messages.js';

type Card = {id: string; forename: string; surname: string} | undefined;

/** One side's card: its name linking to it where the user may see it, otherwise only that it is hidden. */
function CardName({card}: {card: Card}) {
  if (!card) return <span className="text-slate-500">{m.activity_hidden_card()}</span>;
  return (
    <Link to="/home/tickets/$id" params={{id: card.id}} className="text-slate-900 hover:text-brand-700 hover:underline">
      <bdi>{personName(card)}</bdi>
    </Link>
  );
}

/** An idea's pair, the man and the woman. */
export function PairNames({male, female}: {male: Card; female: Card}) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 font-medium" data-testid="idea-pair">
      <CardName card={male} />
      <Heart className="size-3.5 text-rose-400" aria-hidden />
      <span className="sr-only">{m.ideas_and()}</span>
      <CardName card={female} />
    </p>
  );
}
