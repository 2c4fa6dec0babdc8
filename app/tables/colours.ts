/*
 * Apart from the card's table (profiles.ts, which stands on Zero), for the forms that offer them: the public
 * candidate form loads no Zero (issue 35).
 */

/** The colours a card can be marked with (its list row and header show it). */
export const COLOURS = ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'gray'] as const;
export type Colour = (typeof COLOURS)[number];
