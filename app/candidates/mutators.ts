import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {assertCan, type AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {isoDateToMs, msToIsoDate} from '../lib/dates.ts';
import {candidateCreateSchema, candidateUpdateSchema, type CandidateCreate, type CandidateUpdate} from './schema.ts';

/** The status a new candidate starts in (seeded by migrations/0002_lookups.sql). */
export const INITIAL_STATUS_ID = 'available';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

/**
 * The writes themselves, shared by the browser (optimistic) and the server (authoritative, see
 * server/zero/mutators.ts, which adds checks against the database and stamps the server's clock).
 */
export async function createCandidate({tx, ctx, args}: Write<CandidateCreate>, now: number) {
  assertCan(ctx, 'editTickets');
  await tx.mutate.profile.insert({
    id: args.id,
    forename: args.forename,
    surname: args.surname,
    gender: args.gender,
    city: args.city,
    birthDate: isoDateToMs(args.birthDate)!,
    sectorID: args.sectorID,
    statusID: INITIAL_STATUS_ID,
    database: args.database,
    ownerID: ctx.userID,
    details: {},
    state: 'active',
    entryDate: isoDateToMs(msToIsoDate(now))!,
    revision: 0,
    createdAt: now,
    updatedAt: now,
  });
}

export async function updateCandidate({tx, ctx, args}: Write<CandidateUpdate>, now: number) {
  assertCan(ctx, 'editTickets');
  const existing = await tx.run(visibleProfiles(zql.profile, ctx).where('id', args.id).one());
  if (!existing) throw new AppError('notFound');
  await tx.mutate.profile.update({
    id: args.id,
    ...(args.city !== undefined && {city: args.city}),
    ...(args.statusID !== undefined && {statusID: args.statusID}),
    updatedAt: now,
  });
}

export const candidateMutators = {
  create: defineMutator(candidateCreateSchema, opts => createCandidate(opts, Date.now())),
  update: defineMutator(candidateUpdateSchema, opts => updateCandidate(opts, Date.now())),
};
