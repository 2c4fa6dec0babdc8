import type {Hono} from 'hono';
import {contactTaskSchema} from '../../app/contact/schema.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Mailer} from '../auth/delivery/index.ts';
import {fail, readBody} from '../http/body.ts';

/**
 * POST /api/users/send-mail-dental {task} (spec §7): a signed-in shadchan's message to the office. The
 * sender is taken from the session, not from the body, so nobody writes in someone else's name.
 */
export function mountContactRoutes(app: Hono<ApiEnv>, options: {mailer: Mailer; officeEmail: string}) {
  app.post('/api/users/send-mail-dental', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    const body = await readBody(c, contactTaskSchema);
    if (body instanceof Response) return body;
    const {task} = body;
    const about = task.PeopleName ? `\nבנוגע ל: ${task.PeopleName}${task.PeopleID ? ` (${task.PeopleID})` : ''}` : '';
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
