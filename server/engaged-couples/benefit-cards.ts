import type {TransactionSql} from 'postgres';
import {issueBenefitCard} from '../benefit-cards/issue.ts';

type Couple = {
  id: string;
  maleProfileID?: string | null | undefined;
  maleName: string;
  maleIDNumber?: string | null | undefined;
  femaleProfileID?: string | null | undefined;
  femaleName: string;
  femaleIDNumber?: string | null | undefined;
};

/**
 * A confirmed couple's benefit cards (spec §1): one per side with an ID number, the couple's own or
 * its card's. A side that already holds a live card (of this couple, or one the office issued by hand
 * before the confirm) keeps it, so no one ever holds two; this also covers a typed side without a
 * card, which the table's unique index cannot see.
 */
export async function issueCoupleCards(sql: TransactionSql, couple: Couple, issuedBy: string) {
  const sides = [
    {profileID: couple.maleProfileID ?? null, name: couple.maleName, idNumber: couple.maleIDNumber ?? null},
    {profileID: couple.femaleProfileID ?? null, name: couple.femaleName, idNumber: couple.femaleIDNumber ?? null},
  ];
  for (const side of sides) {
    let idNumber = side.idNumber;
    if (!idNumber && side.profileID) {
      const [detail] = await sql<{id_number: string | null}[]>`
        SELECT id_number FROM profile_detail WHERE profile_id = ${side.profileID}`;
      idNumber = detail?.id_number ?? null;
    }
    if (!idNumber) continue;
    const [held] = await sql`
      SELECT 1 FROM benefit_card
      WHERE revoked_at IS NULL AND (id_number = ${idNumber} OR profile_id = ${side.profileID})`;
    if (held) continue;
    await issueBenefitCard(sql, {profileID: side.profileID, coupleID: couple.id, fullName: side.name, idNumber}, issuedBy);
  }
}

/** An undone couple's live benefit cards are revoked, with who and when. */
export async function revokeCoupleCards(sql: TransactionSql, coupleID: string, revokedBy: string) {
  await sql`
    UPDATE benefit_card SET revoked_at = now(), revoked_by = ${revokedBy}
    WHERE couple_id = ${coupleID} AND revoked_at IS NULL`;
}
