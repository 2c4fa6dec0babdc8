import {randomInt, randomUUID} from 'node:crypto';
import type {TransactionSql} from 'postgres';
import type {Sql} from '../db/sql.ts';

/** Letters and digits that cannot be misread on a printed card (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;

/** A benefit card's code: 12 characters drawn by crypto (31^12 ≈ 8 × 10^17), never a sequence. */
export function newBonusCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Who a card is for: the name and ID number are copied onto it, so it reads as it was issued. */
export type CardHolder = {profileID: string | null; coupleID: string | null; fullName: string; idNumber: string};

/**
 * Issues one benefit card (migrations/0034), inside the caller's transaction: a Zero server mutator's
 * (`pgOf(tx)`) or a REST route's. A couple's side that already holds a live card keeps it, so confirming
 * twice never issues twice. Returns the card.
 */
export async function issueBenefitCard(
  sql: Sql | TransactionSql,
  holder: CardHolder,
  issuedBy: string | null,
): Promise<{id: string; code: string}> {
  for (;;) {
    const [issued] = await sql<{id: string; code: string}[]>`
      INSERT INTO benefit_card (id, code, profile_id, couple_id, full_name, id_number, issued_by)
      VALUES (${randomUUID()}, ${newBonusCode()}, ${holder.profileID}, ${holder.coupleID}, ${holder.fullName},
              ${holder.idNumber}, ${issuedBy})
      ON CONFLICT DO NOTHING
      RETURNING id, code`;
    if (issued) return issued;
    const [live] = await sql<{id: string; code: string}[]>`
      SELECT id, code FROM benefit_card
      WHERE couple_id = ${holder.coupleID} AND profile_id = ${holder.profileID} AND revoked_at IS NULL`;
    if (live) return live;
    // Otherwise the random code was taken (one chance in ~10^17): draw another.
  }
}
