import {useEffect, useState} from 'react';
import {call} from '../login/api.ts';
import * as m from '../paraglide/messages.js';
import type {BonusCard} from './schema.ts';

export type BonusCheck = {state: 'loading'} | {state: 'valid'; card: BonusCard} | {state: 'error'; message: string};

/** The check's failure as the page shows it: the server's not-found (spec §8), the rate limit, or anything else. */
function errorText(status: string): string {
  if (status === 'tooManyRequests') return m.bonus_too_many();
  if (status === 'network' || status === 'unknown' || status === 'invalidInput') return m.bonus_error_generic();
  return m.bonus_not_found();
}

/**
 * Checks the card named by the page's query string (bonusCode, tz) with POST /api/bonuses/check-validation,
 * starting on entry. Both the public check and the bonus card page read a card this way.
 */
export function useBonusCheck(): BonusCheck {
  const [check, setCheck] = useState<BonusCheck>({state: 'loading'});
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const body = {bonusCode: query.get('bonusCode') ?? '', tz: query.get('tz') ?? ''};
    let current = true;
    void call<BonusCard>('/api/bonuses/check-validation', body).then(result => {
      if (!current) return;
      // The not-found answer's `error` is the spec's Hebrew sentence: any error that is not one of ours is it.
      setCheck(result.ok ? {state: 'valid', card: result.data} : {state: 'error', message: errorText(result.error)});
    });
    return () => {
      current = false;
    };
  }, []);
  return check;
}
