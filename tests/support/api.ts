import {createApi} from '../../server/api.ts';
import {callerPool} from '../../server/auth/delivery/index.ts';
import {httpPhoneProvider} from '../../server/auth/delivery/http-provider.ts';
import {smtpMailer} from '../../server/auth/delivery/smtp.ts';
import {codeRequestLimits} from '../../server/auth/rate-limit.ts';
import type {Sql} from '../../server/db/sql.ts';
import type {GoogleOptions} from '../../server/auth/google.ts';
import {startPhoneProvider, startSmtpServer} from './stand-ins.ts';

/**
 * The real API app (no HTTP listener needed: hono's app.request) wired to the real delivery adapters,
 * which talk to in-process stand-ins of the phone provider and the SMTP server.
 */
export async function startTestApi(
  sql: Sql,
  options: {devSignIn?: boolean; perTarget?: number; perIP?: number; google?: GoogleOptions} = {},
) {
  const provider = await startPhoneProvider();
  const smtp = await startSmtpServer();
  const phone = httpPhoneProvider(provider.url, 'provider-token');
  const mail = smtpMailer(smtp.url, 'Kesher <no-reply@kesher.test>');
  const app = createApi({
    sql,
    devSignIn: options.devSignIn ?? true,
    serveClient: false,
    zeroPort: 4848,
    codes: {
      delivery: {...phone, ...mail},
      callerPool: callerPool({HUNGUP_CALLER_POOL: '+97235550000..+97235559999'}),
      allowCodeRequest: codeRequestLimits(options.perTarget ?? 100, options.perIP ?? 1000),
    },
    google: options.google,
  });
  return {
    app,
    provider,
    smtp,
    close: async () => {
      await provider.close();
      await smtp.close();
    },
  };
}
