import type {MutatorResult} from '@rocicorp/zero';
import {serverErrorOf, type FieldErrors} from './field-errors.ts';

export type SaveOutcome = {ok: true} | {ok: false; fields: FieldErrors; message: string; profileID?: string};

/**
 * Waits for the server's verdict on a mutation (the optimistic change is already on screen). On
 * rejection Zero rolls the optimistic change back; the caller keeps the form open with the errors.
 */
export async function confirmed(result: MutatorResult): Promise<SaveOutcome> {
  const client = await result.client;
  const outcome = client.type === 'error' ? client : await result.server;
  if (outcome.type === 'success') return {ok: true};
  return {ok: false, ...serverErrorOf(outcome.error.type === 'app' ? outcome.error.details : undefined)};
}
