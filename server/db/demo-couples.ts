import type {TransactionSql} from 'postgres';
import {issueCoupleCards} from '../engaged-couples/benefit-cards.ts';
import type {DemoProfile} from './demo-data.ts';

const name = (p: DemoProfile) => `${p.forename} ${p.surname}`;

/**
 * The end of the story in the demo (issue 15): one confirmed couple, its cards engaged and its benefit
 * cards issued as a confirm issues them, and one mazal-tov report waiting on /meorasim. The sides are
 * the last cards of the general database, so the first ones the tests and the README name stay open.
 */
export async function seedDemoCouples(tx: TransactionSql, profiles: readonly DemoProfile[]) {
  const general = profiles.filter(p => p.database === 'general');
  const men = general.filter(p => p.gender === 'male').slice(-2);
  const women = general.filter(p => p.gender === 'female').slice(-2);
  if (men.length < 2 || women.length < 2) return;
  const [pendingMan, groom] = men as [DemoProfile, DemoProfile];
  const [pendingWoman, bride] = women as [DemoProfile, DemoProfile];

  const confirmed = {
    id: 'demo-couple-1',
    maleProfileID: groom.id,
    maleName: name(groom),
    maleIDNumber: groom.idNumber,
    femaleProfileID: bride.id,
    femaleName: name(bride),
    femaleIDNumber: bride.idNumber,
  };
  await tx`
    INSERT INTO engaged_couple (id, status, male_profile_id, male_name, male_id_number, female_profile_id,
      female_name, female_id_number, father_name, shadchan_id, rabbi, submitted_by_user, submitted_at,
      decided_by, decided_at)
    VALUES (${confirmed.id}, 'confirmed', ${groom.id}, ${confirmed.maleName}, ${groom.idNumber}, ${bride.id},
      ${confirmed.femaleName}, ${bride.idNumber}, 'יעקב', 'demo-shadchan', 'הרב פרידמן', 'demo-shadchan',
      now() - interval '9 days', 'demo-admin', now() - interval '8 days')`;
  await tx`UPDATE profile SET state = 'engaged' WHERE id IN (${groom.id}, ${bride.id})`;
  await issueCoupleCards(tx, confirmed, 'demo-admin');

  await tx`
    INSERT INTO engaged_couple (id, status, male_profile_id, male_name, male_id_number, female_profile_id,
      female_name, female_id_number, shadchan_id, submitted_by_user, submitted_at, note)
    VALUES ('demo-couple-2', 'pending', ${pendingMan.id}, ${name(pendingMan)}, ${pendingMan.idNumber},
      ${pendingWoman.id}, ${name(pendingWoman)}, NULL, 'demo-coordinator', 'demo-coordinator',
      now() - interval '1 day', 'הווארט ביום חמישי')`;
}
