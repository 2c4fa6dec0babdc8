import {defineMutator, type Transaction} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';
import {assertMayImport, visibleExcelFormats} from '../../permissions/imports.ts';
import {foldName} from '../lib/hebrew-name.ts';
import {formatIDSchema, formatSchema, type FormatInput} from './schema.ts';

type Write<A> = {tx: Transaction; ctx: AuthContext | undefined; args: A};

/** Two formats may not share a name (folded): the mapping screen offers them by name. */
async function assertNameFree(tx: Transaction, name: string, id: string) {
  const others = await tx.run(zql.excelFormat.where('id', '!=', id));
  if (others.some(f => foldName(f.name) === foldName(name)))
    throw new AppError('nameExists', [{field: 'name', message: 'nameExists'}]);
}

/**
 * The Excel formats (spec §2 "Excel format editing", §3): named column mappings shared by everyone who
 * imports, saved from the mapping screen and edited or deleted on the formats screen.
 */
export async function saveFormat({tx, ctx, args}: Write<FormatInput>, now: number, creating: boolean) {
  assertMayImport(ctx);
  const existing = await tx.run(visibleExcelFormats(zql.excelFormat, ctx).where('id', args.id).one());
  if (creating ? existing || (await tx.run(zql.excelFormat.where('id', args.id).one())) : !existing) {
    throw new AppError(creating ? 'unableToSave' : 'notFound');
  }
  await assertNameFree(tx, args.name, args.id);
  if (creating) await tx.mutate.excelFormat.insert({...args, createdBy: ctx.userID, createdAt: now, updatedAt: now});
  else await tx.mutate.excelFormat.update({...args, updatedAt: now});
}

export async function deleteFormat({tx, ctx, args}: Write<{id: string}>) {
  assertMayImport(ctx);
  if (!(await tx.run(visibleExcelFormats(zql.excelFormat, ctx).where('id', args.id).one()))) throw new AppError('notFound');
  await tx.mutate.excelFormat.delete({id: args.id});
}

export const excelFormatMutators = {
  create: defineMutator(formatSchema, opts => saveFormat(opts, Date.now(), true)),
  update: defineMutator(formatSchema, opts => saveFormat(opts, Date.now(), false)),
  delete: defineMutator(formatIDSchema, opts => deleteFormat(opts)),
};
