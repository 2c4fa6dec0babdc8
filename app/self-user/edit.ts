import * as v from 'valibot';
import {selfDetailsPatchSchema} from '../candidates/card/schema.ts';
import type {SelfEditableField} from '../candidates/card/fields.ts';
import type {DetailValue} from '../tables/profiles.ts';
import {id} from '../lib/schema-parts.ts';

/**
 * The candidate's own edit of their ticket (issue 15), as the form sends it and the server
 * (server/self-edit) checks it: which ticket, the revision the form shows, and the changed details of
 * SELF_EDITABLE_FIELDS (null clears one). Anything else is refused (unknownField).
 */
export const selfUpdateSchema = v.strictObject(
  {ticketID: id, revision: v.pipe(v.number(), v.integer(), v.minValue(0)), details: selfDetailsPatchSchema},
  'unknownField',
);
export type SelfUpdate = v.InferOutput<typeof selfUpdateSchema>;

/** The ticket's editable values as GET /api/peoples/self-update answers them. */
export type SelfTicket = {
  ticketID: string;
  revision: number;
  gender: 'male' | 'female';
  fullName: string;
  details: Partial<Record<SelfEditableField, DetailValue>>;
  /** The ticket's photo, whoever uploaded it; its bytes come from selfPhotoURL. */
  photo: SelfPhoto | null;
};

/** The ticket's photo as the candidate's form shows it. */
export type SelfPhoto = {id: string; name: string; size: number};

/** The candidate's photo: POST (multipart {file, kind: 'photo'}) replaces it, DELETE removes it. */
export const SELF_PHOTO_PATH = '/api/peoples/self-update/photo';
/** Where the candidate's browser reads their ticket's photo (the staff's file route needs a staff session). */
export const selfPhotoURL = (id: string) => `${SELF_PHOTO_PATH}/${encodeURIComponent(id)}`;
