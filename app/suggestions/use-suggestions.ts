import {useQuery} from '@rocicorp/zero/react';
import {useEffect, useRef, useState} from 'react';
import * as v from 'valibot';
import {candidateQueries} from '../candidates/queries.ts';
import {suggestionsAnswerSchema, type SuggestedMatch} from './schema.ts';

/** Changes elsewhere among the visible cards ask again at most this often; the card's own ask at once. */
const PULSE_SPACING_MS = 3000;

type Card = {id: string; updatedAt: number; lastActivityAt?: number | null};
export type Suggestions = {matches?: SuggestedMatch[]; failed?: true};

/**
 * A card's suggested matches, computed by the server (GET /api/profiles/:id/suggestions) and asked again
 * when the card or its activities change (an idea or suggestion on any pair of it, by anyone: the card's
 * last_activity_at) and, spaced out, when any card this user sees changes (candidates.pulse), so an edit
 * to a listed card or a card that now fits moves the list without the office's every keystroke costing a
 * ranking per open card.
 */
export function useSuggestions(card: Card): Suggestions {
  const [pulse] = useQuery(candidateQueries.pulse());
  const [state, setState] = useState<Suggestions>({});
  const own = `${card.id}:${card.updatedAt}:${card.lastActivityAt ?? ''}`;
  const beat = `${own}|${pulse?.id ?? ''}:${pulse?.updatedAt ?? ''}`;
  const asked = useRef({own: '', at: 0});
  useEffect(() => {
    const controller = new AbortController();
    const ownMoved = asked.current.own !== own;
    const wait = ownMoved ? 0 : Math.max(0, asked.current.at + PULSE_SPACING_MS - Date.now());
    const timer = setTimeout(() => {
      asked.current = {own, at: Date.now()};
      fetch(`/api/profiles/${encodeURIComponent(card.id)}/suggestions`, {credentials: 'same-origin', signal: controller.signal})
        .then(async response => {
          const answer = v.safeParse(suggestionsAnswerSchema, response.ok ? await response.json() : undefined);
          // A refusal or an odd answer after a good one keeps the list shown; before any, it says so.
          setState(before => (answer.success ? {matches: answer.output.matches} : before.matches ? before : {failed: true}));
        })
        .catch(() => {}); // aborted by a newer ask, or offline: the list stays as it was
    }, wait);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [beat, own, card.id]);
  return state;
}
