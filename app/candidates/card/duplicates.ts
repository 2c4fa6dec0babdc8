import * as v from 'valibot';
import {listedPhones} from './schema.ts';
import type {CardCreate} from './mutators.ts';
import type {CardDetails} from '../../tables/profiles.ts';

/** What the new-profile screen asks the server about a card before saving it. */
export const duplicateQuerySchema = v.object({
  idNumber: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^\d{9}$/)))),
  phones: v.pipe(v.array(v.pipe(v.string(), v.regex(/^\+\d{6,15}$/))), v.maxLength(10)),
  forename: v.pipe(v.string(), v.maxLength(50)),
  surname: v.pipe(v.string(), v.maxLength(50)),
  birthDate: v.pipe(v.string(), v.isoDate()),
});
export type DuplicateQuery = v.InferOutput<typeof duplicateQuerySchema>;

/** A card that may be the same person: named only when the user may open it. */
export type DuplicateMatch = {reasons: Array<'idNumber' | 'phone' | 'name'>} & (
  {visible: true; id: string; name: string; city: string; birthDate: string} | {visible: false}
);

/** The question for a checked new card: its ID number, its own phone numbers, its name and birth date. */
export const duplicateQueryOf = (card: CardCreate): DuplicateQuery => ({
  idNumber: card.idNumber,
  phones: listedPhones(card.details as CardDetails),
  forename: card.forename,
  surname: card.surname,
  birthDate: card.birthDate,
});
