import {useEffect, useState} from 'react';
import {call} from '../login/api.ts';
import * as m from '../paraglide/messages.js';
import type {BonusCard} from './schema.ts';

export type BonusCheck =
  {state: 'idle'} | {state: 'loading'} | {state: 'valid'; card: BonusCard} | {state: 'error'; message: string};

/** A card's code and ID number, as the QR code's link carries them in the query. */
export type BonusQuery = {bonusCode: string; tz: string};
export const bonusQueryOf = (search: string): BonusQuery => {
  const query = new URLSearchParams(search);
  return {bonusCode: query.get('bonusCode')?.trim() ?? '', tz: query.get('tz')?.trim() ?? ''};
};

/** The check's failure as the page shows it: the server's not-found (spec §8), the rate limit, or anything else. */
function errorText(status: string): string {
  if (status === 'tooManyRequests') return m.bonus_too_many();
  if (status === 'network' || status === 'unknown' || status === 'invalidInput') return m.bonus_error_generic();
  return m.bonus_not_found();
}

/**
 * Checks the card named by a code and an ID number with POST /api/bonuses/check-validation (both the
 * public check and the bonus card page read a card this way), again whenever they change; idle while
 * neither is given.
 */
export function useBonusCheck(query: BonusQuery = bonusQueryOf(location.search)): BonusCheck {
  const [check, setCheck] = useState<BonusCheck>({state: 'loading'});
  const {bonusCode, tz} = query;
  useEffect(() => {
    if (bonusCode === '' && tz === '') return setCheck({state: 'idle'});
    setCheck({state: 'loading'});
    let current = true;
    void call<BonusCard>('/api/bonuses/check-validation', {bonusCode, tz}).then(result => {
      if (!current) return;
      // The not-found answer's `error` is the spec's Hebrew sentence: any error that is not one of ours is it.
      setCheck(result.ok ? {state: 'valid', card: result.data} : {state: 'error', message: errorText(result.error)});
    });
    return () => {
      current = false;
    };
  }, [bonusCode, tz]);
  return check;
}
