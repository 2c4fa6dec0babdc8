import {useConnectionState, useZero} from '@rocicorp/zero/react';
import {useEffect, useState} from 'react';
import {clsx} from 'clsx';
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
  return (
    <span
      data-testid="connection-state"
      data-state={state.name}
      className="flex items-center gap-1.5 rounded-full bg-white/10 px-2.5 py-1 text-xs font-medium text-white/90"
    >
      <span
        className={clsx(
          'size-2 rounded-full',
          live ? 'bg-emerald-400' : failing ? 'bg-rose-400' : 'animate-pulse bg-amber-300 motion-reduce:animate-none',
        )}
        aria-hidden
      />
      <span className="hidden md:inline">
        {live ? m.connection_live() : failing ? m.connection_failed() : m.connection_connecting()}
      </span>
      <span className="sr-only md:hidden">
        {live ? m.connection_live() : failing ? m.connection_failed() : m.connection_connecting()}
      </span>
    </span>
  );
}
