import {useConnectionState, useQuery, useZero} from '@rocicorp/zero/react';
import {useRouteContext} from '@tanstack/react-router';
import {useEffect, useState} from 'react';
import type {Gender, PresenceMode} from '../../../zero-schema.ts';
import {can} from '../../../permissions/context.ts';
import {currentLocale} from '../../i18n.ts';
import {mutators} from '../../mutators.ts';
import {candidateQueries} from '../queries.ts';
import {contextOf} from '../../session.ts';
import {PRESENCE_BEAT_MS, PRESENCE_FRESH_MS} from './presence.ts';

/** How often the list of who is here is re-evaluated against the clock (a silent tab fades out). */
const TICK_MS = 5_000;

export type Present = {userID: string; name: string; gender: Gender; mode: PresenceMode};

/** The current time, updated every `every` ms. */
function useNow(every: number) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), every);
    return () => window.clearInterval(timer);
  }, [every]);
  return now;
}

/**
 * Announces this user on a card (viewing or editing) and returns the OTHER users on it right now.
 * - Beats at once and every PRESENCE_BEAT_MS while the tab is visible and Zero is connected, and again
 *   when the tab becomes visible or the connection comes back.
 * - Leaves on unmount and on `pagehide` (best effort: a tab that dies silently fades out by the clock).
 * - Quiet: a refused beat (no longer allowed, card gone, maintenance) stops the beats of this mount
 *   instead of failing again every few seconds; presence never shows an error to the user.
 * Rows are stamped by the server's clock and compared with this device's, so clocks are assumed to
 * agree within seconds (NTP).
 */
export function useCardPresence(profileID: string, mode: PresenceMode): Present[] {
  const zero = useZero();
  const {session} = useRouteContext({from: '/shell'});
  // Someone who may not edit is, at most, looking at the form.
  const shown: PresenceMode = mode === 'edit' && !can(contextOf(session.user!), 'editTickets') ? 'view' : mode;
  const connected = useConnectionState().name === 'connected';
  const [rows] = useQuery(candidateQueries.presence({id: profileID}));
  const now = useNow(TICK_MS);

  useEffect(() => {
    if (!connected) return;
    let refused = false;
    const beat = () => {
      if (refused || document.visibilityState !== 'visible') return;
      const result = zero.mutate(mutators.presence.beat({profileID, mode: shown}));
      void (async () => {
        const client = await result.client;
        const outcome = client.type === 'error' ? client : await result.server;
        if (outcome.type === 'error' && outcome.error.type === 'app') refused = true;
      })();
    };
    beat();
    const timer = window.setInterval(beat, PRESENCE_BEAT_MS);
    document.addEventListener('visibilitychange', beat);
    window.addEventListener('pageshow', beat);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', beat);
      window.removeEventListener('pageshow', beat);
    };
  }, [zero, profileID, shown, connected]);

  useEffect(() => {
    const leave = () => void zero.mutate(mutators.presence.leave({profileID}));
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [zero, profileID]);

  const locale = currentLocale();
  return rows
    .filter(r => r.userID !== zero.userID && r.user && now - r.seenAt < PRESENCE_FRESH_MS)
    .map(r => ({userID: r.userID, name: r.user!.name, gender: r.user!.gender, mode: r.mode}))
    .sort((a, b) => (a.mode === b.mode ? a.name.localeCompare(b.name, locale) : a.mode === 'edit' ? -1 : 1));
}
