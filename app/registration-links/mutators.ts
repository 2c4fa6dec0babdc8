import {defineMutator, type Transaction} from '@rocicorp/zero';
import {nanoid} from 'nanoid';
import {zql} from '../../zero-schema.ts';
import {assertLoggedIn, can, type AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {
  registrationLinkRevokeSchema,
  registrationLinkSchema,
  type RegistrationLinkArgs,
  type RegistrationLinkRevokeArgs,
} from './schema.ts';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

/**
 * Who may make and revoke a community's links: staff with editShadchanim (coordinator editing), or the
 * community's own coordinator (role coordinator, app_user.community_id that community).
 */
export async function assertLinkKeeper(tx: Transaction, ctx: AuthContext | undefined, communityID: string) {
  assertLoggedIn(ctx);
  if (can(ctx, 'editShadchanim')) return;
  const me = await tx.run(zql.user.where('id', ctx.userID).one());
  if (ctx.role !== 'coordinator' || me?.communityID !== communityID) throw new AppError('forbidden');
}

/** A new link to the community's form, until a time or until revoked. */
export async function createRegistrationLink({tx, ctx, args}: Write<RegistrationLinkArgs>, now: number) {
  await assertLinkKeeper(tx, ctx, args.communityID);
  if (!(await tx.run(zql.community.where('id', args.communityID).where('retiredAt', 'IS', null).one()))) {
    throw new AppError('unknownOption', [{field: 'communityID', message: 'unknownOption'}]);
  }
  if (args.expiresAt !== null && args.expiresAt <= now) {
    throw new AppError('invalidInput', [{field: 'expiresAt', message: 'linkExpiryPast'}]);
  }
  // The token is drawn on the server alone (24 of nanoid's 64 characters, 144 random bits): the browser
  // writes nothing optimistic, and the page lists the link once the server's row syncs.
  if (tx.location !== 'server') return;
  if (await tx.run(zql.registrationLink.where('id', args.id).one())) throw new AppError('unableToSave');
  await tx.mutate.registrationLink.insert({...args, token: nanoid(24), createdBy: ctx!.userID, createdAt: now});
}

/** Revoking is final: the link answers as an invalid one from then on. */
export async function revokeRegistrationLink({tx, ctx, args}: Write<RegistrationLinkRevokeArgs>, now: number) {
  assertLoggedIn(ctx);
  const link = await tx.run(zql.registrationLink.where('id', args.id).one());
  if (!link) throw new AppError('notFound');
  await assertLinkKeeper(tx, ctx, link.communityID);
  if (link.revokedAt == null) await tx.mutate.registrationLink.update({id: args.id, revokedAt: now});
}

export const registrationLinkMutators = {
  create: defineMutator(registrationLinkSchema, opts => createRegistrationLink(opts, Date.now())),
  revoke: defineMutator(registrationLinkRevokeSchema, opts => revokeRegistrationLink(opts, Date.now())),
};
