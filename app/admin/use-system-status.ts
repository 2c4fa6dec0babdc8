import {useEffect, useState} from 'react';
import {call} from '../login/api.ts';
import {SYSTEM_STATUS_POLL_MS, type SystemStatus} from './system-status.ts';

/**
 * The system status, asked of the API every few seconds while the page is open (and at once when its tab
 * comes back into view). `failing` is true while the last ask got no answer: the page keeps what it had
 * and says the figures are not fresh.
 */
export function useSystemStatus(): {status?: SystemStatus; failing: boolean; refused: boolean} {
  const [status, setStatus] = useState<SystemStatus>();
  const [failing, setFailing] = useState(false);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    let stopped = false;
    let asking = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function ask() {
      if (asking) return; // one ask at a time, one timer
      asking = true;
      clearTimeout(timer);
      if (document.visibilityState !== 'hidden') {
        const result = await call<SystemStatus>('/api/admin/system-status', undefined, 'GET');
        if (stopped) return;
        if (result.ok) setStatus(result.data);
        setFailing(!result.ok);
        if (!result.ok && (result.error === 'forbidden' || result.error === 'notLoggedIn')) return setRefused(true);
      }
      asking = false;
      timer = setTimeout(() => void ask(), SYSTEM_STATUS_POLL_MS);
    }
    const onVisible = () => document.visibilityState === 'visible' && void ask();
    document.addEventListener('visibilitychange', onVisible);
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  return {status, failing, refused};
}
