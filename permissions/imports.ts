import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import {assertLoggedIn, can, type AuthContext} from './context.ts';
import {AppError} from './errors.ts';
import {MAX_IMPORT_ROWS} from '../app/tables/imports.ts';

/**
 * Excel import (issue 16, spec §6): importProfilesFromExcel imports a file of many rows, importProfiles
 * alone a file of one row (one card). Either needs editTickets too: an import creates cards, and its
 * preview looks every row up as the new-card screen does (issue 33). Either lets a user see the import jobs' progress (everyone's:
 * "others see it") and use and edit the shared Excel formats. The rows of a job (people not yet in the
 * system) and its error report are its creator's alone (server/imports/).
 */
export const mayImport = (ctx: AuthContext | undefined): ctx is AuthContext =>
  can(ctx, 'editTickets') && (can(ctx, 'importProfilesFromExcel') || can(ctx, 'importProfiles'));

/** How many rows a file this user imports may have: one with importProfiles alone, else any (the file's limit). */
export const maxImportRows = (ctx: AuthContext | undefined) =>
  can(ctx, 'importProfilesFromExcel') ? MAX_IMPORT_ROWS : mayImport(ctx) ? 1 : 0;

/** Whether this user may import a file of this many rows. */
export const mayImportRows = (ctx: AuthContext | undefined, rows: number) => rows <= maxImportRows(ctx);

/** Whether the user may put temporary cards (awaiting approval) in this database: an import's incomplete rows come in as such. */
export const mayAddTemporary = (ctx: AuthContext | undefined, database: 'general' | 'personal' | null) =>
  can(ctx, database === 'personal' ? 'temporaryPersonalDatabase' : 'temporaryGeneralDatabase');

export function assertMayImport(ctx: AuthContext | undefined): asserts ctx is AuthContext {
  assertLoggedIn(ctx);
  if (!mayImport(ctx)) throw new AppError('forbidden');
}

/** Jobs and formats are seen by whoever may import; anyone else gets a filter that matches nothing. */
export function visibleImportJobs<R>(q: Query<'importJob', Schema, R>, ctx: AuthContext | undefined) {
  return mayImport(ctx) ? q : q.where('id', 'IS', null);
}

export function visibleExcelFormats<R>(q: Query<'excelFormat', Schema, R>, ctx: AuthContext | undefined) {
  return mayImport(ctx) ? q : q.where('id', 'IS', null);
}

/** A job's rows, choices and report: its creator's (an administrator's too, who overrides every limit). */
export const ownsImportJob = (ctx: AuthContext, job: {createdBy: string}) => job.createdBy === ctx.userID || ctx.role === 'admin';
