/**
 * How sign-in codes reach people. One interface, three real channels (spec §9):
 * - hung-up call: the provider rings the user from a number of our pool and hangs up; the code is
 *   that number's last six digits, so nothing but the caller ID has to reach the user;
 * - WhatsApp: the provider sends the code;
 * - email: the code goes out over SMTP.
 */
export interface CodeDelivery {
  /** Ring `to` from `from` (both E.164) and hang up. */
  ring(to: string, from: string): Promise<void>;
  whatsapp(to: string, code: string): Promise<void>;
  /** Mail the code: a sign-in code, or the code that verifies a ticket's email (the candidate's screen). */
  email(to: string, code: string, purpose?: EmailCodePurpose): Promise<void>;
  /** A text by the provider's message channel (WhatsApp, or SMS where it has none): an invitation's link. */
  message(to: string, text: string): Promise<void>;
}

export type EmailCodePurpose = 'sign-in' | 'verify-email' | 'reset';

/** Other mail the app sends (the contact dialog to the office). */
export interface Mailer {
  send(message: {to: string; subject: string; text: string; replyTo?: string}): Promise<void>;
}

/** What a delivery sent, as the development outbox shows it: a code, or a message's text (with its link). */
export type OutboxEntry = {
  at: number;
  channel: 'hungup' | 'whatsapp' | 'email' | 'message';
  to: string;
  code?: string;
  text?: string;
  from?: string;
};
