import {useZero} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import {Check, HeartHandshake, Lightbulb, Minus, Send} from 'lucide-react';
import {nanoid} from 'nanoid';
import {useState} from 'react';
import {CollisionWarning} from '../activities/CollisionWarning.tsx';
import {TYPE_LABEL, personName} from '../activities/labels.ts';
import {activityPath} from '../activities/paths.ts';
import {confirmed} from '../lib/mutate.ts';
import {toast} from '../lib/toast.ts';
import {mutators} from '../mutators.ts';
import {CountedPanel} from '../ui/CountedPanel.tsx';
import * as m from '../paraglide/messages.js';
import {reasonText} from './reason-text.ts';
import type {SuggestedMatch} from './schema.ts';
import {useSuggestions} from './use-suggestions.ts';

type Card = {
  id: string;
  forename: string;
  surname: string;
  gender: 'male' | 'female';
  updatedAt: number;
  lastActivityAt?: number | null;
};
type Made = {activityID: string; type: 'idea' | 'suggestion'; match: SuggestedMatch; male: string; female: string};

/**
 * The card's suggested matches (issue 37): the server's top 20 for this card, each with its score and its
 * reasons for and against in words, live (use-suggestions.ts). With editTickets, one click records an idea
 * or a suggestion for the pair as an activity; the pair leaves the list at once, and the collision warning
 * for it shows under the list (another shadchan busy with either side), as on the activity form.
 */
export function SuggestionsPanel({card, mayEdit}: {card: Card; mayEdit: boolean}) {
  const zero = useZero();
  const {matches, failed} = useSuggestions(card);
  const [made, setMade] = useState<Made>();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const shown = (matches ?? []).filter(match => !hidden.has(match.id));

  const record = async (match: SuggestedMatch, type: Made['type']) => {
    const [male, female] = card.gender === 'male' ? [card.id, match.id] : [match.id, card.id];
    const [him, her] = card.gender === 'male' ? [card, match] : [match, card];
    const activityID = nanoid();
    setHidden(before => new Set(before).add(match.id));
    const outcome = await confirmed(
      zero.mutate(
        mutators.activities.create({
          id: activityID,
          type,
          status: 'in_progress',
          title: `${personName(him)} · ${personName(her)}`,
          summary: '',
          maleProfileID: male,
          femaleProfileID: female,
          reminderAt: null,
          callDurationSeconds: null,
          callerNumber: null,
        }),
      ),
    );
    if (!outcome.ok) {
      setHidden(before => new Set([...before].filter(id => id !== match.id)));
      toast.error(outcome.message);
      return;
    }
    setMade({activityID, type, match, male, female});
  };

  return (
    <div className="space-y-3 print:hidden">
      <CountedPanel
        icon={HeartHandshake}
        title={m.suggestions_title()}
        count={shown.length}
        complete={matches !== undefined || failed === true}
        empty={failed ? m.suggestions_failed() : m.suggestions_empty()}
        testid="suggestions"
      >
        <p className="mb-3 text-xs text-slate-500">{m.suggestions_note()}</p>
        <ol className="divide-y divide-slate-100">
          {shown.map(match => (
            <li key={match.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 py-3" data-testid="suggestion">
              <div className="min-w-0 flex-1 basis-64">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <Link to="/home/tickets/$id" params={{id: match.id}} className="font-medium text-slate-900 hover:underline">
                    {personName(match)}
                  </Link>
                  <span className="text-sm text-slate-500">
                    {m.suggestions_age({age: String(match.age)})} · {match.city}
                  </span>
                  <span
                    className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums"
                    data-testid="suggestion-score"
                  >
                    {m.suggestions_score({score: String(match.score)})}
                  </span>
                </div>
                <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={m.suggestions_title()}>
                  {match.reasons.map(reason => (
                    <li
                      key={`${reason.key}-${String(reason.values.side ?? '')}`}
                      className={
                        reason.against
                          ? 'inline-flex items-center gap-1 rounded-md bg-amber-50 px-2 py-0.5 text-xs text-amber-900 ring-1 ring-amber-200'
                          : 'inline-flex items-center gap-1 rounded-md bg-emerald-50 px-2 py-0.5 text-xs text-emerald-900 ring-1 ring-emerald-200'
                      }
                      data-testid={reason.against ? 'reason-against' : 'reason-for'}
                    >
                      {reason.against ? <Minus className="size-3" aria-hidden /> : <Check className="size-3" aria-hidden />}
                      <span className="sr-only">{reason.against ? m.suggestions_against() : m.suggestions_for()}: </span>
                      {reasonText(reason)}
                    </li>
                  ))}
                </ul>
              </div>
              {mayEdit && (
                <div className="flex shrink-0 gap-2">
                  <MakeButton match={match} type="idea" onClick={() => void record(match, 'idea')} />
                  <MakeButton match={match} type="suggestion" onClick={() => void record(match, 'suggestion')} />
                </div>
              )}
            </li>
          ))}
        </ol>
      </CountedPanel>
      {made && (
        <div className="space-y-3" data-testid="suggestion-made">
          <p className="text-sm text-slate-700" role="status">
            {m.suggestions_made({type: TYPE_LABEL[made.type](), name: personName(made.match)})}{' '}
            <Link to={activityPath(made.activityID) as never} className="font-medium text-sky-700 hover:underline">
              {m.suggestions_open_activity()}
            </Link>
          </p>
          <CollisionWarning id={made.activityID} maleProfileID={made.male} femaleProfileID={made.female} />
        </div>
      )}
    </div>
  );
}

function MakeButton({match, type, onClick}: {match: SuggestedMatch; type: Made['type']; onClick: () => void}) {
  const Icon = type === 'idea' ? Lightbulb : Send;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={m.suggestions_make_label({type: TYPE_LABEL[type](), name: personName(match)})}
      className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-sky-800 ring-1 ring-sky-200 hover:bg-sky-50"
      data-testid={`make-${type}`}
    >
      <Icon className="size-4" aria-hidden />
      {type === 'idea' ? m.suggestions_make_idea() : m.suggestions_make_suggestion()}
    </button>
  );
}
