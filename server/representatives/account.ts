import {nanoid} from 'nanoid';
import type {TransactionSql} from 'postgres';
import {AppError, type FieldIssue} from '../../permissions/errors.ts';
import type {RepresentativeArgs} from '../../app/representatives/schema.ts';
import {placeOf} from '../../app/staff/schema.ts';
import {addRepresentativeAccount, contactTaken} from '../staff/staff-members.ts';

/**
 * A representative with an email or phone signs in like staff (issue 13): with an app_user of role
 * 'representative' (spec §6), linked by representative.user_id and made by the staff path
 * (server/staff/staff-members.ts). The account's email and phone are server-only columns, so this runs
 * in SQL, on the server only.
 *
 * An account of role 'representative' that no representative holds yet (one added on /users) is linked
 * by its email or phone. Any other account holding them is a refusal on that field, which says no more
 * than that the contact is taken.
 */
export async function syncRepresentativeAccount(pg: TransactionSql, args: RepresentativeArgs): Promise<void> {
  const email = args.email || null;
  const phone = args.phone || null;
  const [rep] = await pg<{userID: string | null}[]>`SELECT user_id AS "userID" FROM representative WHERE id = ${args.id}`;
  const linked = rep?.userID ?? null;
  if (!email && !phone && !linked) return;

  const userID = linked ?? (await unclaimedAccount(pg, email, phone));
  const taken = await contactTaken(pg, {id: userID ?? '', phone, email});
  const issues: FieldIssue[] = [];
  if (taken.email) issues.push({field: 'email', message: 'emailExists'});
  if (taken.phone) issues.push({field: 'phone', message: 'phoneTaken'});
  if (issues.length > 0) throw new AppError('invalidInput', issues);

  const place = `${args.role === 'community' ? 'community' : 'institution'}:${args.placeID}`;
  const {communityID, institutionID} = placeOf(place);
  const gender = args.gender || null;
  const accountID = userID ?? `rep-${nanoid()}`;
  if (userID) {
    await pg`UPDATE app_user SET name = ${args.name}, gender = COALESCE(${gender}, gender), email = ${email},
               phone = ${phone}, community_id = ${communityID}, institution_id = ${institutionID},
               updated_at = now()
             WHERE id = ${userID}`;
  } else {
    // The schema requires a gender whenever there is an email or phone.
    await addRepresentativeAccount(pg, {id: accountID, name: args.name, gender: gender!, email, phone, place});
  }
  if (accountID !== linked) await pg`UPDATE representative SET user_id = ${accountID} WHERE id = ${args.id}`;
}

/** A representative's account with this email or phone that no representative holds. */
async function unclaimedAccount(pg: TransactionSql, email: string | null, phone: string | null) {
  const [account] = await pg<{id: string}[]>`
    SELECT u.id FROM app_user u
    WHERE u.role = 'representative' AND (lower(u.email) = lower(${email}) OR u.phone = ${phone})
      AND NOT EXISTS (SELECT 1 FROM representative r WHERE r.user_id = u.id)
    LIMIT 1`;
  return account?.id ?? null;
}

/**
 * A representative's account saved on the staff form (issue 30): the representative row that gives it
 * its cards follows the place chosen there. Their own row (linked by user_id) moves; else a row of
 * the same name that no account holds is linked; else one is made, with the account's name and
 * contacts. The representatives screen edits the rest.
 */
export async function keepRepresentativeOfAccount(
  pg: TransactionSql,
  account: {id: string; name: string; gender: string; email: string | null; phone: string},
  place: {communityID: string | null; institutionID: string | null},
): Promise<void> {
  const [institution] = place.institutionID
    ? await pg<{type: 'yeshiva' | 'seminary'}[]>`SELECT type FROM institution WHERE id = ${place.institutionID}`
    : [];
  const role = place.communityID ? 'community' : (institution?.type ?? null);
  if (!role) return;
  const moved = await pg`
    UPDATE representative SET role = ${role}, community_id = ${place.communityID}, institution_id = ${place.institutionID},
                              retired_at = NULL, updated_at = now()
     WHERE id = (SELECT id FROM representative
                  WHERE user_id = ${account.id} OR (user_id IS NULL AND fold_name(name) = fold_name(${account.name}))
                  ORDER BY user_id NULLS LAST LIMIT 1)
     RETURNING id`;
  if (moved.length > 0) {
    await pg`UPDATE representative SET user_id = ${account.id} WHERE id = ${moved[0]!.id} AND user_id IS NULL`;
    return;
  }
  await pg`
    INSERT INTO representative (id, name, role, gender, email, phone, community_id, institution_id, user_id)
    VALUES (${`rep-${nanoid()}`}, ${account.name}, ${role}, ${account.gender}, ${account.email}, ${account.phone},
            ${place.communityID}, ${place.institutionID}, ${account.id})`;
}
