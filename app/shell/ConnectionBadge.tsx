import {useConnectionState} from '@rocicorp/zero/react';
import {useEffect, useState} from 'react';
import {clsx} from 'clsx';
import {fetchSession} from '../session.ts';
import * as m from '../paraglide/messages.js';

/**
 * Shows whether this screen is live. When zero-cache reports needs-auth, an expired or revoked session
 * sends the user to sign in again; a session that is still valid means the sync service itself is
 * failing, which is shown rather than bounced between pages.
 */
export function ConnectionBadge() {
  const state = useConnectionState();
  const [failing, setFailing] = useState(false);
  useEffect(() => {
    if (state.name !== 'needs-auth') return setFailing(false);
    void fetchSession().then(({user}) => {
      if (user) setFailing(true);
      else location.assign(`/login?redirectTo=${encodeURIComponent(location.pathname)}`);
    });
  }, [state.name]);
  const live = state.name === 'connected';
  return (
    <span
      data-testid="connection-state"
      data-state={state.name}
      className="flex items-center gap-1.5 rounded-full bg-white/10 px-2.5 py-1 text-xs font-medium text-white/90"
    >
      <span
        className={clsx('size-2 rounded-full', live ? 'bg-emerald-400' : failing ? 'bg-rose-400' : 'animate-pulse bg-amber-300')}
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
