import {nanoid} from 'nanoid';
import type {Transaction} from '@rocicorp/zero';
import {AppError} from '../../permissions/errors.ts';
import {roleDefaults} from '../../permissions/roles.ts';
import type {RepresentativeArgs} from '../../app/representatives/schema.ts';

/**
 * A representative with an email or phone signs in like staff (issue 13): with an app_user of role
 * 'representative' (spec §6), linked by representative.user_id. The app_user's email and phone are
 * server-only columns, so this runs in SQL, on the server only.
 *
 * ORCHESTRATOR: this is the minimal insert (the columns server/db/seed.ts DEMO_USERS writes); route it
 * through the staff path (app/staff, server/staff) once that lands, so one code path makes users.
 *
 * An account that already holds the email or phone is linked when it is a representative's account no
 * other representative holds; any other account holding them is a refusal on that field, which says no
 * more than that the contact is taken.
 */
export async function syncRepresentativeAccount(tx: Transaction, args: RepresentativeArgs): Promise<void> {
  if (tx.location !== 'server') return;
  const db = tx.dbTransaction;
  const email = args.email || null;
  const phone = args.phone || null;
  const [rep] = await db.query('SELECT user_id FROM representative WHERE id = $1', [args.id]);
  const linked = (rep?.user_id as string | null) ?? null;
  if (!email && !phone && !linked) return;

  const holders = (await db.query(
    `SELECT u.id, u.role, lower(u.email) = lower($1) AS by_email,
            (SELECT r.id FROM representative r WHERE r.user_id = u.id) AS rep_id
     FROM app_user u WHERE lower(u.email) = lower($1) OR u.phone = $2`,
    [email, phone],
  )) as {id: string; role: string; by_email: boolean | null; rep_id: string | null}[];
  let userID = linked;
  for (const holder of holders) {
    if (holder.id === linked) continue;
    const free = holder.role === 'representative' && holder.rep_id === null;
    if (!free || (userID !== null && userID !== holder.id)) {
      const field = holder.by_email ? 'email' : 'phone';
      throw new AppError('invalidInput', [{field, message: field === 'email' ? 'emailTaken' : 'phoneTaken'}]);
    }
    userID = holder.id;
  }

  const communityID = args.role === 'community' ? args.placeID : null;
  if (userID) {
    await db.query(
      `UPDATE app_user SET name = $2, gender = COALESCE($3, gender), email = $4, phone = $5, community_id = $6,
         updated_at = now() WHERE id = $1`,
      [userID, args.name, args.gender || null, email, phone, communityID],
    );
  } else {
    userID = `rep-${nanoid()}`;
    await db.query(
      `INSERT INTO app_user (id, name, gender, role, permissions, community_id, phone, email, approved_at)
       VALUES ($1, $2, $3, 'representative', $4::text::jsonb, $5, $6, $7, now())`,
      [userID, args.name, args.gender, JSON.stringify(roleDefaults('representative')), communityID, phone, email],
    );
  }
  if (userID !== linked) await db.query('UPDATE representative SET user_id = $2 WHERE id = $1', [args.id, userID]);
}
