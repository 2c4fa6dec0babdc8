import {defineMutator, type Transaction} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql} from '../../../zero-schema.ts';
import {assertCan, assertLoggedIn, type AuthContext} from '../../../permissions/context.ts';
import {AppError} from '../../../permissions/errors.ts';
import {visibleNotes} from '../../../permissions/notes.ts';
import {visibleProfiles} from '../../../permissions/profiles.ts';
import {id, text} from '../../lib/schema-parts.ts';

export const noteAddSchema = v.object({id, profileID: id, body: text(2000), personal: v.boolean()});
export const noteRemoveSchema = v.object({id});
/** A removed note as it was, for undoing the removal: its own time comes back with it. */
export const noteRestoreSchema = v.object({...noteAddSchema.entries, createdAt: v.pipe(v.number(), v.integer(), v.minValue(0))});

/**
 * Writes a note by the caller, who is always its author: a personal one needs only to see the card; a
 * shared one, to edit cards. Rights and the card first; only then is the id looked at (it must be new).
 */
async function writeNote(tx: Transaction, ctx: AuthContext | undefined, note: v.InferOutput<typeof noteRestoreSchema>) {
  assertCan(ctx, note.personal ? 'showTickets' : 'editTickets');
  if (!(await tx.run(visibleProfiles(zql.profile, ctx).where('id', note.profileID).one()))) throw new AppError('notFound');
  if (await tx.run(zql.profileNote.where('id', note.id).one())) throw new AppError('invalidInput');
  await tx.mutate.profileNote.insert({...note, authorID: ctx.userID});
}

export const noteMutators = {
  /** A new note, timed now. */
  add: defineMutator(noteAddSchema, ({tx, ctx, args}) => writeNote(tx, ctx, {...args, createdAt: Date.now()})),
  /** Only the author removes a note (the administrator may also remove shared ones). */
  remove: defineMutator(noteRemoveSchema, async ({tx, ctx, args}) => {
    assertLoggedIn(ctx);
    const note = await tx.run(visibleNotes(zql.profileNote, ctx).where('id', args.id).one());
    if (!note) throw new AppError('notFound');
    if (note.authorID !== ctx.userID && !(ctx.role === 'admin' && !note.personal)) throw new AppError('forbidden');
    await tx.mutate.profileNote.delete({id: args.id});
  }),
  /**
   * Undoes a removal (the toast's undo): the caller's own note comes back with its id, text, kind and
   * time. Removal is a real delete, so this is a write by the caller like any other: they are its
   * author, and a time that has not come yet is refused (by the server's clock: the note's time is
   * the server's, and the browser's clock may be behind).
   */
  restore: defineMutator(noteRestoreSchema, async ({tx, ctx, args}) => {
    if (tx.location === 'server' && args.createdAt > Date.now()) throw new AppError('invalidInput');
    await writeNote(tx, ctx, args);
  }),
};
