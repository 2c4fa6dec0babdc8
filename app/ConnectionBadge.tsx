import {useConnectionState, useZero} from '@rocicorp/zero/react';
import {useEffect, useState, useSyncExternalStore} from 'react';
import {clsx} from 'clsx';
import {WifiOff} from 'lucide-react';
import {fetchSession, mayEnter} from './session.ts';
import {forgetAndSignInAgain} from './zero.ts';
import * as m from './paraglide/messages.js';

/**
 * Shows whether this screen is live. zero-cache re-checks the session every few seconds and reports
 * needs-auth once the server refuses it (signed out here or elsewhere, idle too long, blocked, or the
 * declaration is due): then this browser's local copy of the data is removed and the user signs in
 * again. A session that is still fine means the sync service itself is failing, which is shown rather
 * than bounced between pages.
 */
export function ConnectionBadge() {
  const state = useConnectionState();
  const zero = useZero();
  const [failing, setFailing] = useState(false);
  useEffect(() => {
    if (state.name !== 'needs-auth') return setFailing(false);
    fetchSession().then(
      session => (mayEnter(session) ? setFailing(true) : void forgetAndSignInAgain(zero)),
      () => setFailing(true),
    );
  }, [state.name, zero]);
  const live = state.name === 'connected';
  const offline = useOffline() !== null;
  const label = live
    ? m.connection_live()
    : offline
      ? m.connection_offline()
      : failing
        ? m.connection_failed()
        : m.connection_connecting();
  return (
    <span
      data-testid="connection-state"
      data-state={state.name}
      className="flex items-center gap-1.5 rounded-full bg-white/10 px-2.5 py-1 text-xs font-medium text-white/90"
    >
      <span
        className={clsx(
          'size-2 rounded-full',
          live ? 'bg-emerald-400' : failing || offline ? 'bg-rose-400' : 'animate-pulse bg-amber-300 motion-reduce:animate-none',
        )}
        aria-hidden
      />
      <span className="hidden md:inline">{label}</span>
      <span className="sr-only md:hidden">{label}</span>
    </span>
  );
}

const subscribeOnLine = (onChange: () => void) => {
  addEventListener('online', onChange);
  addEventListener('offline', onChange);
  return () => {
    removeEventListener('online', onChange);
    removeEventListener('offline', onChange);
  };
};

/**
 * How long Zero may try to connect before the tab counts as offline though the browser says it is online (the
 * network is there, the server is not, or an offline start, where Chromium may report online at first). A restarted
 * server is back well within it (issue 32), so a restart does not flash the banner.
 */
const OFFLINE_AFTER_MS = 5_000;

/**
 * Whether this tab is offline, and what happens to a change made now (docs/pwa.md). Zero's client keeps
 * reading its local copy (IndexedDB) either way. While it is still trying to connect it applies a change at once
 * and queues it, and sends it when the connection returns ('waiting'); after a minute of failed attempts it is
 * 'disconnected', and in 'error' until it is resumed, and then it refuses every change ('refusing': the mutation's
 * result is an error, nothing is applied). null: connected, or connecting for a moment, or a state the badge
 * explains (needs-auth, closed).
 */
export function useOffline(): 'waiting' | 'refusing' | null {
  const state = useConnectionState();
  const browserOnline = useSyncExternalStore(subscribeOnLine, () => navigator.onLine);
  const trying = state.name === 'connecting' || state.name === 'error';
  const [stalled, setStalled] = useState(false);
  useEffect(() => {
    setStalled(false);
    if (!trying) return;
    const timer = setTimeout(() => setStalled(true), OFFLINE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [trying]);
  if (state.name === 'disconnected') return 'refusing';
  if (!trying || (browserOnline && !stalled)) return null;
  return state.name === 'connecting' ? 'waiting' : 'refusing';
}

/** The shell's offline banner: the data shown is the last synced copy, and what a change made now will do. */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-2 bg-slate-800 px-4 py-1.5 text-center text-xs font-medium text-white sm:text-sm print:hidden"
      data-testid="offline-banner"
      data-writes={offline}
    >
      <WifiOff className="size-4 shrink-0" aria-hidden />
      {offline === 'waiting' ? m.offline_banner_waiting() : m.offline_banner_refusing()}
    </p>
  );
}
