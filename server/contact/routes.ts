import type {Hono} from 'hono';
import {contactTaskSchema} from '../../app/contact/schema.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Mailer} from '../auth/delivery/index.ts';
import {fail, readBody} from '../http/body.ts';
import type {Sql} from '../db/sql.ts';
import {visibleProfilesSql} from '../../permissions/profiles-sql.ts';

/**
 * POST /api/users/send-mail-dental {task} (spec §7): a signed-in shadchan's message to the office. The
 * sender is taken from the session, not from the body, so nobody writes in someone else's name; a card
 * it is about (PeopleID) must be one the sender may see, and its name is read here, not taken from the
 * body. A card they may not see is not found, like one that does not exist.
 */
export function mountContactRoutes(app: Hono<ApiEnv>, sql: Sql, options: {mailer: Mailer; officeEmail: string}) {
  app.post('/api/users/send-mail-dental', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    const body = await readBody(c, contactTaskSchema);
    if (body instanceof Response) return body;
    const {task} = body;
    let about = '';
    if (task.PeopleID) {
      const [card] = await sql<{name: string}[]>`
        SELECT p.forename || ' ' || p.surname AS name FROM profile p
         WHERE p.id = ${task.PeopleID} AND ${visibleProfilesSql(sql, session.ctx)}`;
      if (!card) return fail(c, 404, 'notFound', 'No such profile', [{field: 'PeopleID', message: 'notFound'}]);
      about = `\nבנוגע ל / About: ${card.name} (${task.PeopleID})`;
    }
    try {
      await options.mailer.send({
        to: options.officeEmail,
        subject: `פנייה מ${session.user.Name} · Kesher contact`,
        text: `${task.NoteText}\n\n—\nנשלח על ידי: ${session.user.Name} (${session.user.ID})${about}`,
      });
    } catch (error) {
      console.error('contact mail failed:', (error as Error).message);
      return fail(c, 502, 'sendFailed', 'The message could not be sent; try again later');
    }
    return c.json('ok');
  });
}
