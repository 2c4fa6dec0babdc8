import {randomUUID} from 'node:crypto';
import type {Hono} from 'hono';
import {selfMazalTovSchema} from '../../app/engaged-couples/schema.ts';
import type {ApiEnv} from '../http/env.ts';
import {selfSessionOf} from '../auth/self-session.ts';
import type {Sql} from '../db/sql.ts';
import {limitBody, fail, readBody} from '../http/body.ts';

/**
 * The candidate's mazal tov (issue 15; spec §2 "report a match"): a self-user, who has no Zero client,
 * reports their engagement over REST. Their own ticket is one side (with its ID number, if the ticket
 * has one); the other side is typed with its ID number. It arrives as a pending couple for an editor
 * (editEngagedCouples) to confirm; the making shadchan is left for the editor to name. One pending
 * report per ticket at a time.
 */
export function mountEngagedCoupleRoutes(app: Hono<ApiEnv>, sql: Sql) {
  const limit = limitBody();
  app.post('/api/engaged-couples/mazal-tov', limit, async c => {
    const session = await selfSessionOf(c, sql);
    if (!session) {
      return c.get('session')
        ? fail(c, 403, 'forbidden', 'Only a candidate signed in to their own ticket reports here')
        : fail(c, 401, 'notSignedIn', 'Sign in with the self-user login first');
    }
    const body = await readBody(c, selfMazalTovSchema);
    if (body instanceof Response) return body;
    const id = randomUUID();
    const outcome = await sql.begin(async tx => {
      const [ticket] = await tx<{forename: string; surname: string; gender: 'male' | 'female'; id_number: string | null}[]>`
        SELECT p.forename, p.surname, p.gender, d.id_number
        FROM profile p LEFT JOIN profile_detail d ON d.profile_id = p.id
        WHERE p.id = ${session.profileID} AND p.closed_at IS NULL AND p.deleted_at IS NULL AND p.state = 'active'
        FOR UPDATE OF p`;
      if (!ticket) return 'notActive';
      const [reported] = await tx`
        SELECT 1 FROM engaged_couple WHERE submitted_by_profile = ${session.profileID} AND status = 'pending'`;
      if (reported) return 'alreadyReported';
      const own = {profile: session.profileID, name: `${ticket.forename} ${ticket.surname}`, idNumber: ticket.id_number};
      const other = {profile: null, name: body.otherName, idNumber: body.otherIDNumber};
      const [male, female] = ticket.gender === 'male' ? [own, other] : [other, own];
      await tx`
        INSERT INTO engaged_couple (id, status, male_profile_id, male_name, male_id_number, female_profile_id, female_name,
                                    female_id_number, father_name, rabbi, note, submitted_by_profile)
        VALUES (${id}, 'pending', ${male.profile}, ${male.name}, ${male.idNumber}, ${female.profile}, ${female.name},
                ${female.idNumber}, ${body.fatherName}, ${body.rabbi}, ${body.note}, ${session.profileID})`;
      return 'reported';
    });
    if (outcome === 'notActive') return fail(c, 409, 'ticketNotActive', 'This ticket is not active');
    if (outcome === 'alreadyReported')
      return fail(c, 409, 'alreadyReported', 'This ticket already has a report awaiting approval');
    return c.json({coupleID: id});
  });
}
