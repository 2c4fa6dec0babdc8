import {Link} from '@tanstack/react-router';
import {ClipboardList} from 'lucide-react';
import type {CardDetails} from '../../tables/profiles.ts';
import * as m from '../../paraglide/messages.js';
import {missingDetails} from './schema.ts';

/**
 * What a card still lacks of the form's required details (issue 31): a legacy sheet's row comes in as a
 * temporary card without them, and whoever opens it sees what to complete, with the way to the form.
 */
export function CardMissing({id, details, mayEdit}: {id: string; details: CardDetails; mayEdit: boolean}) {
  const missing = missingDetails(details);
  if (missing.length === 0) return null;
  return (
    <section
      className="flex flex-wrap items-center gap-3 rounded-2xl bg-amber-50 px-5 py-4 text-sm text-amber-950 ring-1 ring-amber-200 print:hidden"
      data-testid="card-missing"
    >
      <ClipboardList className="size-5 shrink-0 text-amber-700" aria-hidden />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{m.card_missing_title()}</span> {missing.map(f => f.label()).join(', ')}
      </p>
      {mayEdit && (
        <Link
          to="/home/tickets/edit/$id"
          params={{id}}
          className="rounded-lg bg-white px-3 py-1.5 font-medium text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100"
          data-testid="card-missing-complete"
        >
          {m.card_missing_complete()}
        </Link>
      )}
    </section>
  );
}
