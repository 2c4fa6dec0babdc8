import type {MutatorResult} from '@rocicorp/zero';
import {toast} from './toast.ts';
import type {FieldErrors} from './field-errors.ts';
import {serverErrorOf} from './server-errors.ts';
import * as m from '../paraglide/messages.js';

/** `waiting`: applied here and queued, not yet confirmed by the server (offline, docs/pwa.md). */
export type SaveOutcome = {ok: true; waiting?: true} | {ok: false; fields: FieldErrors; message: string; profileID?: string};

type Result = Awaited<MutatorResult['server']>;

/**
 * Waits for the server's verdict on a mutation (the optimistic change is already on screen). On
 * rejection Zero rolls the optimistic change back; the caller keeps the form open with the errors.
 *
 * Offline (Zero 1.9, docs/pwa.md): a client that has given up connecting refuses the change before applying it
 * (a 'zero' error from `client`): that is a refusal with its reason. A client still trying to connect applies it
 * and queues it until the connection returns: then this does not keep the form waiting but says so (a toast),
 * and reports a later refusal by the server when it comes. Zero also settles a queued change's `server` with a
 * 'zero' error when it stops trying (its connection is 'disconnected' or 'error'), yet keeps it queued and sends
 * it on reconnect: that too is 'waiting', not a refusal.
 */
export async function confirmed(
  result: MutatorResult,
  // Whether the browser has a network; a parameter so the unit test can say "none" (tests/unit/offline-writes).
  online = () => globalThis.navigator?.onLine !== false,
): Promise<SaveOutcome> {
  const client = await result.client;
  if (client.type === 'error') return refusal(client);
  if (!online()) {
    void result.server.then(outcome => {
      if (outcome.type === 'error' && outcome.error.type === 'app')
        toast.error(m.offline_write_refused_later({reason: refusal(outcome).message}));
    });
    return waiting();
  }
  const outcome = await result.server;
  if (outcome.type === 'success') return {ok: true};
  return outcome.error.type === 'zero' ? waiting() : refusal(outcome);
}

function waiting(): SaveOutcome {
  toast.info(m.offline_write_waiting(), {id: 'offline-write-waiting'});
  return {ok: true, waiting: true};
}

function refusal(outcome: Result & {type: 'error'}): SaveOutcome & {ok: false} {
  if (outcome.error.type === 'zero') return {ok: false, fields: {}, message: m.offline_write_refused()};
  return {ok: false, ...serverErrorOf(outcome.error.details)};
}
