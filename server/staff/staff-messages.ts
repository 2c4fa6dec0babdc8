import {DEFAULT_SITE} from '../../app/site/schema.ts';
import * as m from '../../app/paraglide/messages.js';
import type {Locale} from '../../zero-schema.ts';
import type {CodeDelivery, Mailer} from '../auth/delivery/index.ts';
import type {Sql} from '../db/sql.ts';
import type {ApiLimits} from '../auth/rate-limit.ts';
import {inLocale} from '../i18n/locale.ts';
import {INVITATION_HOURS} from './invitations.ts';

/** What a staff member is told: an invitation's link, or that their password changed. */
export type StaffMessage = 'invitation' | 'password-changed';

/** The channels a message went out on. */
export type Sent = Array<'email' | 'phone'>;

/**
 * What the routes that write to staff need (invitations, resets): the database, the phone provider's
 * message channel and the mailer, the address links open, and the API's limits.
 */
export type StaffMessaging = {
  sql: Sql;
  delivery: Pick<CodeDelivery, 'message'>;
  mailer: Mailer;
  /** The address users open (the first of APP_ORIGINS): the links' base. */
  appURL: string;
  limits: ApiLimits;
};

/**
 * Tells a staff member by email when they have one and by the phone provider's message channel when
 * they have a mobile, in the office's language (the site's default). Answers the channels that took it;
 * a failed one is logged and left out.
 */
export async function sendToStaff(
  deps: {sql: Sql; delivery: Pick<CodeDelivery, 'message'>; mailer: Mailer},
  userID: string,
  message: StaffMessage,
  link: string,
): Promise<Sent> {
  const [user] = await deps.sql<{name: string; email: string | null; phone: string | null; locale: Locale | null}[]>`
    SELECT u.name, u.email, u.phone, (SELECT default_language FROM site_setting WHERE id = 'site') AS locale
      FROM app_user u WHERE u.id = ${userID}`;
  if (!user) return [];
  const {subject, text} = inLocale(user.locale ?? DEFAULT_SITE.defaultLanguage, () =>
    message === 'invitation'
      ? {subject: m.invitation_mail_subject(), text: m.invitation_text({name: user.name, link, hours: INVITATION_HOURS})}
      : {subject: m.password_changed_subject(), text: m.password_changed_text({name: user.name, link})},
  );
  const sends: Array<['email' | 'phone', Promise<void>]> = [];
  if (user.email) sends.push(['email', deps.mailer.send({to: user.email, subject, text})]);
  if (user.phone) sends.push(['phone', deps.delivery.message(user.phone, text)]);
  const outcomes = await Promise.allSettled(sends.map(([, sending]) => sending));
  return sends.flatMap(([channel], i) => {
    const outcome = outcomes[i]!;
    if (outcome.status === 'fulfilled') return [channel];
    console.error(`${message} by ${channel} to ${userID} failed:`, (outcome.reason as Error).message);
    return [];
  });
}
