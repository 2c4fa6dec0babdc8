import {defineMutator, type Transaction} from '@rocicorp/zero';
import {assertCan, type AuthContext} from '../../permissions/context.ts';
import {reviseCard, visibleCard, type ServerCheck} from './card/mutators.ts';
import {candidateUpdateSchema, type CandidateUpdate} from './schema.ts';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

/**
 * The list's quick edit (city and status), shared by the browser (optimistic) and the server
 * (authoritative, see server/zero/mutators.ts, which checks the status and stamps the server's clock);
 * like every change of a card, it is a revision in the card's history.
 * New cards are made by the full new-profile screen (cards.create).
 */
export async function updateCandidate({tx, ctx, args}: Write<CandidateUpdate>, now: number, check?: ServerCheck) {
  assertCan(ctx, 'editTickets');
  const {id, ...patch} = args;
  const card = await visibleCard(tx, ctx, id);
  await check?.(ctx);
  await reviseCard(tx, ctx, card, patch, now);
}

export const candidateMutators = {
  update: defineMutator(candidateUpdateSchema, opts => updateCandidate(opts, Date.now())),
};
