import {randomInt} from 'node:crypto';
import {devDelivery} from './dev.ts';
import {httpPhoneProvider} from './http-provider.ts';
import {smtpMailer} from './smtp.ts';
import type {CodeDelivery, Mailer, OutboxEntry} from './types.ts';

export type {CodeDelivery, Mailer, OutboxEntry};

/**
 * Picks each channel's adapter from the environment. Unconfigured channels use the development outbox
 * only in the explicit development mode; otherwise they are refused at start, so nobody waits for a
 * code that never comes and no code is ever printed outside development.
 */
export function deliveryFromEnv(env: NodeJS.ProcessEnv, development: boolean) {
  const dev = devDelivery();
  const phone = env.PHONE_PROVIDER_URL ? httpPhoneProvider(env.PHONE_PROVIDER_URL, env.PHONE_PROVIDER_TOKEN ?? '') : undefined;
  const mail = env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM ?? 'Kesher <no-reply@localhost>') : undefined;
  // The caller pool is the missed-call code's whole secret: production names its real numbers.
  if (!development && (!phone || !mail || !env.HUNGUP_CALLER_POOL)) {
    throw new Error(
      'outside development Kesher needs PHONE_PROVIDER_URL (with PHONE_PROVIDER_TOKEN), HUNGUP_CALLER_POOL and SMTP_URL (with MAIL_FROM) to send sign-in codes',
    );
  }
  const delivery: CodeDelivery = {
    ring: phone?.ring ?? dev.delivery.ring,
    whatsapp: phone?.whatsapp ?? dev.delivery.whatsapp,
    email: mail?.email ?? dev.delivery.email,
    message: phone?.message ?? dev.delivery.message,
  };
  // Other mail (the contact dialog, invitations): over SMTP, or the development outbox.
  const mailer: Mailer = mail ?? dev.mailer;
  return {delivery, mailer, outbox: dev.outbox};
}

/**
 * The numbers the hung-up call may come from (HUNGUP_CALLER_POOL): comma-separated E.164 numbers or
 * ranges `+97235550000..+97235559999`. The code is a number's last six digits, so a large pool is what
 * makes it hard to guess (the password is the other factor).
 */
export function callerPool(env: NodeJS.ProcessEnv): {size: number; pick(): string} {
  const ranges = (env.HUNGUP_CALLER_POOL ?? '+97235550000..+97235559999').split(',').map(part => {
    const [first, last = first] = part
      .trim()
      .split('..')
      .map(n => n!.trim());
    if (!/^\+\d{8,15}$/.test(first!) || !/^\+\d{8,15}$/.test(last!) || BigInt(last!) < BigInt(first!)) {
      throw new Error(`HUNGUP_CALLER_POOL: "${part}" is not an E.164 number or range`);
    }
    return {first: BigInt(first!), count: BigInt(last!) - BigInt(first!) + 1n};
  });
  const size = ranges.reduce((sum, r) => sum + r.count, 0n);
  return {
    size: Number(size),
    pick() {
      let index = BigInt(randomInt(Number(size)));
      for (const r of ranges) {
        if (index < r.count) return `+${r.first + index}`;
        index -= r.count;
      }
      throw new Error('unreachable');
    },
  };
}
