import * as v from 'valibot';

/**
 * The public check's body (spec §7 POST /api/bonuses/check-validation). Only the shape is checked here:
 * a code or an ID number in the wrong form answers exactly like one that matches nothing, so the
 * answer never tells which of the two was wrong.
 */
export const checkValidationSchema = v.object({
  bonusCode: v.pipe(v.string(), v.maxLength(64)),
  tz: v.pipe(v.string(), v.maxLength(32)),
});

/** A card as the check answers it (spec §3 Bonus). */
export type BonusCard = {ID: string; bonusCode: string; People: {FullName: string}; Tz: string; createdAt: string};

/** The public check's page, and the card page, for a code and an ID number (the QR code's link). */
export const checkURL = (origin: string, bonusCode: string, tz: string) =>
  `${origin}/bonuses/check-validation?${new URLSearchParams({bonusCode, tz})}`;
export const cardPageURL = (bonusCode: string, tz: string) => `/bonuses/card?${new URLSearchParams({bonusCode, tz})}`;

const id = v.pipe(v.string(), v.minLength(1, 'required'), v.maxLength(100));
/** The office's manual issue: the candidate's card; the name and ID number are copied from it on the server. */
export const benefitCardIssueSchema = v.object({profileID: id});
/** Revoking a card: it answers as not found from then on. */
export const benefitCardRevokeSchema = v.object({id});
