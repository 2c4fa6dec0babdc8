import {Lock, Send, ShieldCheck} from 'lucide-react';
import * as m from '../../paraglide/messages.js';

/**
 * On the staff card: a card the candidate sent through a shadchan's link (spec §4), and whether it is
 * still locked for the candidate (no phone verified yet). Nothing for cards staff created.
 */
export function CandidateSourceBadge({
  card,
}: {
  card: {source: 'staff' | 'candidate'; candidateVerifiedAt?: number | null | undefined};
}) {
  if (card.source !== 'candidate') return null;
  const locked = card.candidateVerifiedAt == null;
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full bg-sky-50 px-2.5 py-1 text-xs font-medium text-sky-800 ring-1 ring-sky-200"
      title={locked ? m.candidate_source_locked() : m.candidate_source_verified()}
      data-testid="candidate-source"
      data-locked={locked}
    >
      <Send className="size-3.5 rtl:-scale-x-100" aria-hidden />
      {m.candidate_source_badge()}
      {locked ? (
        <Lock className="size-3.5" aria-label={m.candidate_source_locked()} />
      ) : (
        <ShieldCheck className="size-3.5" aria-label={m.candidate_source_verified()} />
      )}
    </span>
  );
}
