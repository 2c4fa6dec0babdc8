import type {TransactionSql} from 'postgres';
import type {CardFacts} from '../../app/benefit-cards/eligibility.ts';
import type {BonusCard} from '../../app/benefit-cards/schema.ts';
import type {Sql} from '../db/sql.ts';

/** A candidate as a benefit card sees them: the eligibility facts, and the name and ID number it copies. */
export type Holder = CardFacts & {profileID: string; fullName: string; coupleID: string | null};

/**
 * The facts app/benefit-cards/eligibility.ts decides on, for one candidate: engaged is the card's state
 * or a side of a confirmed couple (whose card it then belongs to, so confirming never issues a second); a live card is any card of theirs not revoked.
 */
export async function readHolder(sql: Sql | TransactionSql, profileID: string): Promise<Holder | undefined> {
  const [row] = await sql<
    {
      full_name: string;
      closed: boolean;
      state: string;
      couple_id: string | null;
      id_number: string | null;
      has_live_card: boolean;
    }[]
  >`
    SELECT p.forename || ' ' || p.surname AS full_name, p.closed_at IS NOT NULL AS closed, p.state,
           (SELECT c.id FROM engaged_couple c
            WHERE c.status = 'confirmed' AND (c.male_profile_id = p.id OR c.female_profile_id = p.id)
            ORDER BY c.decided_at DESC NULLS LAST LIMIT 1) AS couple_id,
           d.id_number,
           EXISTS (SELECT 1 FROM benefit_card b WHERE b.profile_id = p.id AND b.revoked_at IS NULL) AS has_live_card
    FROM profile p LEFT JOIN profile_detail d ON d.profile_id = p.id
    WHERE p.id = ${profileID} AND p.deleted_at IS NULL`;
  return (
    row && {
      profileID,
      fullName: row.full_name,
      closed: row.closed,
      engaged: row.state === 'engaged' || row.couple_id !== null,
      coupleID: row.couple_id,
      idNumber: row.id_number,
      hasLiveCard: row.has_live_card,
    }
  );
}

/** A card row as the public check and the card page show it (spec §3 Bonus). */
export const bonusAnswer = (card: {
  id: string;
  code: string;
  full_name: string;
  id_number: string;
  created_at: Date;
}): BonusCard => ({
  ID: card.id,
  bonusCode: card.code,
  People: {FullName: card.full_name},
  Tz: card.id_number,
  createdAt: card.created_at.toISOString(),
});
