import {defineMutator} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql} from '../../../zero-schema.ts';
import {assertCan, assertLoggedIn} from '../../../permissions/context.ts';
import {AppError} from '../../../permissions/errors.ts';
import {visibleNotes} from '../../../permissions/notes.ts';
import {visibleProfiles} from '../../../permissions/profiles.ts';
import {id, text} from '../schema.ts';

export const noteAddSchema = v.object({id, profileID: id, body: text(2000), personal: v.boolean()});
export const noteRemoveSchema = v.object({id});

export const noteMutators = {
  /** A note on a card: a personal one needs only to see the card; a shared one, to edit cards. */
  add: defineMutator(noteAddSchema, async ({tx, ctx, args}) => {
    assertCan(ctx, args.personal ? 'showTickets' : 'editTickets');
    if (!(await tx.run(visibleProfiles(zql.profile, ctx).where('id', args.profileID).one()))) throw new AppError('notFound');
    await tx.mutate.profileNote.insert({...args, authorID: ctx.userID, createdAt: Date.now()});
  }),
  /** Only the author removes a note (the administrator may also remove shared ones). */
  remove: defineMutator(noteRemoveSchema, async ({tx, ctx, args}) => {
    assertLoggedIn(ctx);
    const note = await tx.run(visibleNotes(zql.profileNote, ctx).where('id', args.id).one());
    if (!note) throw new AppError('notFound');
    if (note.authorID !== ctx.userID && !(ctx.role === 'admin' && !note.personal)) throw new AppError('forbidden');
    await tx.mutate.profileNote.delete({id: args.id});
  }),
};
