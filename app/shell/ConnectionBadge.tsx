import {useConnectionState} from '@rocicorp/zero/react';
import {useEffect} from 'react';
import {clsx} from 'clsx';
import * as m from '../paraglide/messages.js';

/** Shows whether this screen is live. An expired session (needs-auth) sends the user to sign in again. */
export function ConnectionBadge() {
  const state = useConnectionState();
  useEffect(() => {
    if (state.name === 'needs-auth') location.assign(`/login?redirectTo=${encodeURIComponent(location.pathname)}`);
  }, [state.name]);
  const live = state.name === 'connected';
  return (
    <span
      data-testid="connection-state"
      data-state={state.name}
      className="flex items-center gap-1.5 rounded-full bg-white/10 px-2.5 py-1 text-xs font-medium text-white/90"
    >
      <span className={clsx('size-2 rounded-full', live ? 'bg-emerald-400' : 'animate-pulse bg-amber-300')} aria-hidden />
      {live ? m.connection_live() : m.connection_connecting()}
    </span>
  );
}
