/**
 * Who is due a benefit card (spec §1: a card is issued when a shidduch closes; §4: once the ticket is
 * closed, eligibility is checked). The one place these rules live: the server applies them to the
 * self-user's issue and to the office's manual issue, and the office's cards page lists them.
 */

/** What the rules look at, read from Postgres by server/benefit-cards/holder.ts. */
export type CardFacts = {
  /** The ticket is closed (the self-user's close action, or the office's). */
  closed: boolean;
  /** The card is marked engaged, or the candidate is a side of a confirmed couple. */
  engaged: boolean;
  /** The candidate's ID number: the card is checked with it, so there is no card without one. */
  idNumber: string | null;
  /** The candidate already holds a card that is not revoked. */
  hasLiveCard: boolean;
};

/** Why a card is not due, in the order the rules are checked (each one a translated line on the page). */
export const ELIGIBILITY_RULES = ['notEngaged', 'noIDNumber', 'hasLiveCard', 'ticketOpen'] as const;
export type Ineligible = (typeof ELIGIBILITY_RULES)[number];

/**
 * Who asks: the candidate themselves (self-user home) only once their ticket is closed; the office
 * (issueBenefitCards) may issue before the ticket is closed.
 */
export type IssueChannel = 'self' | 'office';

/** The first rule the facts fail, or undefined when a card is due. */
export function cardRefusal(facts: CardFacts, channel: IssueChannel): Ineligible | undefined {
  if (!facts.engaged) return 'notEngaged';
  if (!facts.idNumber) return 'noIDNumber';
  if (facts.hasLiveCard) return 'hasLiveCard';
  if (channel === 'self' && !facts.closed) return 'ticketOpen';
  return undefined;
}
