import {useEffect} from 'react';

/** At most this often the browser says the user is here; the server's idle clock moves once a minute anyway. */
const PING_EVERY_MS = 60_000;
/** The user's own input; the page's timers (presence beats, Zero's own traffic) never count. */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Keeps the session alive while the user works on a page that makes no requests of its own (reading a
 * card, filling a form): their input sends a small POST /api/session/activity, at most once a minute.
 * Without input the session ends after SESSION_IDLE_MINUTES, however long the tab stays open.
 */
export function useActivityPing() {
  useEffect(() => {
    let last = 0;
    const onInput = () => {
      const now = Date.now();
      if (now - last < PING_EVERY_MS) return;
      last = now;
      void fetch('/api/session/activity', {
        method: 'POST',
        credentials: 'same-origin',
        headers: {'content-type': 'application/json'},
        body: '{}',
      }).catch(() => {}); // offline: the next input tries again a minute later
    };
    const options = {capture: true, passive: true};
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, options);
    return () => {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, options);
    };
  }, []);
}
