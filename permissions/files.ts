import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import {can, type AuthContext} from './context.ts';
import {visibleProfiles} from './profiles.ts';

type FileQuery<R> = Query<'profileFile', Schema, R>;

/**
 * Files on the cards this user may see, whatever their file permissions: what uploadFiles may delete.
 * The card's own visibility rule (visibleProfiles) decides, so a hidden card's files are "not found".
 */
export function filesOnVisibleProfiles<R>(q: FileQuery<R>, ctx: AuthContext | undefined): FileQuery<R> {
  return q.whereExists('profile', p => visibleProfiles(p, ctx));
}

/**
 * The files a user may read (spec §6 "view files"): with viewFiles, those on cards they may see;
 * without it none (an impossible filter). The Zero query, the download route and the delete route
 * all go through here.
 */
export function visibleFiles<R>(q: FileQuery<R>, ctx: AuthContext | undefined): FileQuery<R> {
  return can(ctx, 'viewFiles') ? filesOnVisibleProfiles(q, ctx) : q.where('id', 'IS', null);
}
