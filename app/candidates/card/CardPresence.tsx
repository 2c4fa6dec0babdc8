import {clsx} from 'clsx';
import {Eye, Pencil} from 'lucide-react';
import type {PresenceMode} from '../../../zero-schema.ts';
import {useCardPresence, type Present} from './use-presence.ts';
import * as m from '../../paraglide/messages.js';

/** Up to two letters: the first of the first and of the last word of the name. */
function initials(name: string) {
  const words = name.trim().split(/\s+/);
  return (words[0]!.slice(0, 1) + (words.length > 1 ? words.at(-1)!.slice(0, 1) : '')).toUpperCase();
}

function doing(p: Present) {
  if (p.mode === 'edit') return p.gender === 'female' ? m.presence_editing_female() : m.presence_editing_male();
  return p.gender === 'female' ? m.presence_viewing_female() : m.presence_viewing_male();
}

/**
 * Who else has this card open right now, and whether they are viewing or editing it (editing stands
 * out, in words and icon as well as colour). Announces this user too, in `mode`. The live region is
 * always there (empty, without margins, when nobody else is) so arrivals are announced politely.
 */
export function CardPresence({profileID, mode, className}: {profileID: string; mode: PresenceMode; className?: string}) {
  const others = useCardPresence(profileID, mode);
  return (
    <div role="status" aria-live="polite" className={clsx('empty:m-0 print:hidden', className)} data-testid="card-presence">
      {others.length > 0 && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-500">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden />
            {m.presence_label()}
          </span>{' '}
          <ul className="flex min-w-0 flex-wrap gap-2">
            {others.map(p => (
              <li
                key={p.userID}
                className={clsx(
                  'inline-flex max-w-full min-w-0 items-center gap-2 rounded-full py-1 ps-1 pe-3 ring-1',
                  p.mode === 'edit' ? 'bg-amber-50 text-amber-900 ring-amber-300' : 'bg-slate-50 text-slate-700 ring-slate-200',
                )}
                data-testid="presence-user"
                data-mode={p.mode}
              >
                <span
                  className={clsx(
                    'flex size-6 shrink-0 items-center justify-center rounded-full text-[0.6875rem] font-semibold',
                    p.mode === 'edit' ? 'bg-amber-200 text-amber-900' : 'bg-brand-100 text-brand-700',
                  )}
                  aria-hidden
                >
                  {initials(p.name)}
                </span>{' '}
                <bdi className="min-w-0 truncate font-medium">{p.name}</bdi>{' '}
                <span className={clsx('inline-flex shrink-0 items-center gap-1 text-xs', p.mode === 'edit' && 'font-semibold')}>
                  {p.mode === 'edit' ? <Pencil className="size-3" aria-hidden /> : <Eye className="size-3" aria-hidden />}
                  {doing(p)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
