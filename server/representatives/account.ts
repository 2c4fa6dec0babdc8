import {nanoid} from 'nanoid';
import type {TransactionSql} from 'postgres';
import {AppError, type FieldIssue} from '../../permissions/errors.ts';
import type {RepresentativeArgs} from '../../app/representatives/schema.ts';
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

  const communityID = args.role === 'community' ? args.placeID : null;
  const gender = args.gender || null;
  const accountID = userID ?? `rep-${nanoid()}`;
  if (userID) {
    await pg`UPDATE app_user SET name = ${args.name}, gender = COALESCE(${gender}, gender), email = ${email},
               phone = ${phone}, community_id = ${communityID}, updated_at = now()
             WHERE id = ${userID}`;
  } else {
    // The schema requires a gender whenever there is an email or phone.
    await addRepresentativeAccount(pg, {id: accountID, name: args.name, gender: gender!, email, phone, communityID});
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
