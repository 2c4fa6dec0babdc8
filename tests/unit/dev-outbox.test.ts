import {expect, test, vi} from 'vitest';
import {deliveryFromEnv} from '../../server/auth/delivery/index.ts';

/**
 * In development without SMTP_URL, every emailed code (the sign-in's, and the candidate's email
 * verification's) lands in the development outbox (GET /api/dev/outbox) and the [api] log, like the calls.
 */
test('an email verification code reaches the development outbox', async () => {
  const print = vi.spyOn(console, 'log').mockImplementation(() => {});
  const {delivery, outbox} = deliveryFromEnv({}, true);
  await delivery.email('chana@example.org', '482913', 'verify-email');
  await delivery.email('rachel@kesher.example', '105577');
  expect(outbox().map(({channel, to, code}) => ({channel, to, code}))).toEqual([
    {channel: 'email', to: 'rachel@kesher.example', code: '105577'},
    {channel: 'email', to: 'chana@example.org', code: '482913'},
  ]);
  expect(print).toHaveBeenCalledWith(expect.stringContaining('email to chana@example.org: code 482913'));
  print.mockRestore();
});
