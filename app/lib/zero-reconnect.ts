/** What this needs of a Zero client: its connection state and the call that resumes it. */
type Reconnectable = {
  connection: {
    state: {subscribe(listener: (state: {name: string}) => void): () => void};
    connect(): Promise<void>;
  };
};

/**
 * Pauses before each further attempt while the error lasts; the last one repeats. At most 4 s, so a tab
 * is live again within 5 s of the API serving again (issue 32); an attempt against a stopped API costs
 * zero-cache one refused request.
 */
const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000];

/**
 * Zero's client stops for good on an error it cannot classify as passing: among them a push or a
 * query transform that could not reach the API server (PushFailed / TransformFailed) — which is what a
 * restarting API looks like. It then waits for `connection.connect()`. Calling it after a growing pause
 * makes a tab (and its unsent writes, which stay queued) come back by itself once the API serves again.
 * Signed-out sessions are not errors but needs-auth, which the connection badge handles.
 */
export function reconnectAfterErrors(zero: Reconnectable): () => void {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = zero.connection.state.subscribe(state => {
    clearTimeout(timer);
    if (state.name === 'connected') attempt = 0;
    if (state.name !== 'error') return;
    const delay = RETRY_DELAYS_MS[Math.min(attempt++, RETRY_DELAYS_MS.length - 1)];
    timer = setTimeout(() => void zero.connection.connect().catch(() => {}), delay);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
