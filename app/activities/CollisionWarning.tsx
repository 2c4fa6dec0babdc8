import {useQuery} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import {AlertTriangle} from 'lucide-react';
import {activityQueries} from './queries.ts';
import {formatLocalDate} from '../lib/dates.ts';
import {TYPE_LABEL, personName} from './labels.ts';
import {activityPath} from './paths.ts';
import * as m from '../paraglide/messages.js';

type Person = {id: string; forename: string; surname: string} | undefined;

/**
 * The idea-collision warning (issue 12 point 4), live while the user fills in a new idea or
 * suggestion: another shadchan's in-progress suggestion or date with A or with B (who, and with whom
 * where the user may see that card), and this pair tried before and marked irrelevant. It only informs:
 * saving stays open.
 */
export function CollisionWarning({
  id,
  maleProfileID,
  femaleProfileID,
}: {
  id: string;
  maleProfileID: string | null;
  femaleProfileID: string | null;
}) {
  const [hits] = useQuery(activityQueries.collisions({id, maleProfileID, femaleProfileID}));
  if (hits.length === 0) return null;
  const samePair = (h: {maleProfileID?: string | null; femaleProfileID?: string | null}) =>
    h.maleProfileID === maleProfileID && h.femaleProfileID === femaleProfileID;
  const tried = hits.filter(h => h.status === 'irrelevant' && samePair(h));
  const busy = hits.filter(h => h.status === 'in_progress');
  // The card of ours it shares, and the other one (when the user may see it).
  const sharedAndOther = (h: {maleProfileID?: string | null; maleProfile?: Person; femaleProfile?: Person}) =>
    h.maleProfileID === maleProfileID ? [h.maleProfile, h.femaleProfile] : [h.femaleProfile, h.maleProfile];

  return (
    <section
      role="alert"
      className="rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200"
      data-testid="collision-warning"
    >
      <h2 className="flex items-center gap-2 text-sm font-semibold">
        <AlertTriangle className="size-4 text-amber-600" aria-hidden />
        {m.collision_title()}
      </h2>
      <ul className="mt-2 space-y-1.5 text-sm">
        {busy.map(h => {
          const [shared, other] = sharedAndOther(h);
          return (
            <li key={h.id} data-testid="collision-busy">
              {m.collision_busy({
                shadchan: h.author?.name ?? '',
                type: TYPE_LABEL[h.type](),
                candidate: shared ? personName(shared) : '',
                date: formatLocalDate(h.createdAt),
              })}
              {other && <> {m.collision_with({other: personName(other)})}</>}{' '}
              <Link to={activityPath(h.id)} className="font-medium text-brand-700 hover:underline">
                {m.collision_open()}
              </Link>
            </li>
          );
        })}
        {tried.map(h => (
          <li key={h.id} data-testid="collision-tried">
            {m.collision_tried({shadchan: h.author?.name ?? '', date: formatLocalDate(h.createdAt)})}{' '}
            <Link to={activityPath(h.id)} className="font-medium text-brand-700 hover:underline">
              {m.collision_open()}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-amber-800">{m.collision_go_on()}</p>
    </section>
  );
}
