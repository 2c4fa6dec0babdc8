import {definedOnly, textOf} from '../lib/search-params.ts';

/**
 * The activity screens' addresses (the contract between helpers: /dashboard/activities, and
 * /dashboard/activity/edit/{id|new} with the new form's search params). Section routes are made from a
 * table at runtime (shell/sections.ts), outside the router's typed paths, so these are plain strings.
 */
export const ACTIVITIES_PATH: string = '/dashboard/activities';
export const activityPath = (id: string): string => `/dashboard/activity/edit/${encodeURIComponent(id)}`;
export const NEW_ACTIVITY_PATH = activityPath('new');
export const CALLS_PATH: string = '/dashboard/calls';

/** A new activity for a card (the form puts it on its side); typed loosely for the same reason. */
export const newActivitySearch = (profileID: string) => ({profile: profileID}) as never;

/** What a new activity may start from: a card (on its side), and a call's caller, length and record. */
export type NewActivitySearch = {profile?: string; callerNumber?: string; callDuration?: number; phoneCall?: string};

/** The new form's search params as the router parsed them (numbers may arrive as numbers or text). */
export function newActivitySearchOf(search: Record<string, unknown>): NewActivitySearch {
  const duration = Number(textOf(search.callDuration));
  return definedOnly({
    profile: textOf(search.profile),
    callerNumber: textOf(search.callerNumber),
    callDuration: Number.isInteger(duration) && duration >= 0 ? duration : undefined,
    phoneCall: textOf(search.phoneCall),
  });
}
