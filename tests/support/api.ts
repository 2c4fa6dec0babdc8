import {afterAll, beforeAll} from 'vitest';
import {nanoid} from 'nanoid';
import {createApi} from '../../server/api.ts';
import {callerPool} from '../../server/auth/delivery/index.ts';
import {httpPhoneProvider} from '../../server/auth/delivery/http-provider.ts';
import {smtpMailer} from '../../server/auth/delivery/smtp.ts';
import type {Limits} from '../../server/auth/rate-limit.ts';
import type {Sql} from '../../server/db/sql.ts';
import type {GoogleOptions} from '../../server/auth/google.ts';
import type {ForumOptions} from '../../server/forum/nodebb.ts';
import type {FileStorage} from '../../server/files/storage.ts';
import type {MonitoringOptions} from '../../server/monitoring/status-routes.ts';
import {SELF_SESSION_COOKIE} from '../../server/auth/self-session.ts';
import {browser} from './browser.ts';
import type {makeTicket} from './fixtures.ts';
import {startPhoneProvider, startSmtpServer} from './stand-ins.ts';

/** The origin the test API treats as the app's public address (besides its own, http://localhost). */
export const TEST_APP_ORIGIN = 'https://kesher.test';

export const LOOPBACK_CLIENT = {incoming: {socket: {remoteAddress: '127.0.0.1'}}};

/** Limits no test reaches by accident; tests of a limit set that one low. */
const GENEROUS: Limits = {
  codeRequestsPerTarget: 100,
  codeRequestsPerIP: 1000,
  callsPerNumberPerDay: 1000,
  callsPerTicketPerDay: 1000,
  callsPerDay: 100_000,
  failuresBeforeLockout: 1000,
  candidateFormsPerIP: 1000,
  duplicateLookupsPerHour: 1000,
  bonusChecksPerIP: 1000,
  invitationsPerIP: 1000,
};

/**
 * The real API app (no HTTP listener needed: hono's app.request) wired to the real delivery adapters,
 * which talk to in-process stand-ins of the phone provider and the SMTP server.
 */
export async function startTestApi(
  sql: Sql,
  options: {
    devSignIn?: boolean;
    /** Limits to test (the others are generous); `scope` shares counts with another API given the same one. */
    limits?: Partial<Limits> & {scope?: string};
    google?: GoogleOptions;
    forum?: ForumOptions;
    files?: FileStorage;
    /** Where Excel exports are written (server/exports/); a test's own temporary folder. */
    exportsDir?: string;
    /** Where finished exports are kept; by default the exports folder itself. */
    exportStorage?: FileStorage;
    production?: boolean;
    /** The phone provider's signing secret; without it the provider's webhook answers 404. */
    phoneProxySecret?: string;
    /** The bench's raw queries (server/zero/raw-queries.ts). */
    benchQueries?: boolean;
    /** What the system-status page reads of the orchestrator (a test's own status). */
    monitoring?: MonitoringOptions;
  } = {},
) {
  const provider = await startPhoneProvider();
  const smtp = await startSmtpServer();
  const phone = httpPhoneProvider(provider.url, 'provider-token');
  const mail = smtpMailer(smtp.url, 'Kesher <no-reply@kesher.test>');
  // Codes go out after the answer; tests wait for the deliveries in flight before reading the stand-ins.
  const inFlight = new Set<Promise<void>>();
  const tracked =
    <A extends unknown[]>(send: (...args: A) => Promise<void>) =>
    (...args: A) => {
      const sending = send(...args);
      inFlight.add(sending);
      void sending.catch(() => {}).finally(() => inFlight.delete(sending));
      return sending;
    };
  const app = createApi({
    sql,
    devSignIn: options.devSignIn ?? true,
    production: options.production,
    appOrigins: [TEST_APP_ORIGIN],
    contact: {mailer: {send: tracked(mail.send)}, officeEmail: 'office@kesher.test'},
    serveClient: false,
    zeroPort: 4848,
    codes: {
      delivery: {
        ring: tracked(phone.ring),
        whatsapp: tracked(phone.whatsapp),
        email: tracked(mail.email),
        message: tracked(phone.message),
      },
      callerPool: callerPool({HUNGUP_CALLER_POOL: '+97235550000..+97235559999'}),
    },
    // Counts live in Postgres, shared by every test file: each API counts under its own scope.
    limits: {...GENEROUS, scope: `test-${nanoid(8)}/`, ...options.limits},
    google: options.google,
    forum: options.forum,
    files: options.files,
    exportsDir: options.exportsDir,
    exportStorage: options.exportStorage,
    phoneProxySecret: options.phoneProxySecret,
    benchQueries: options.benchQueries,
    monitoring: options.monitoring,
  });
  // Requests arrive as from a browser on this machine (development routes answer only loopback clients);
  // a test that plays a remote client passes its own env.
  const request = app.request.bind(app);
  app.request = (input, init, env = LOOPBACK_CLIENT, executionCtx) => request(input, init, env, executionCtx);
  return {
    app,
    provider,
    smtp,
    /** Resolves once every code sent so far has reached (or failed to reach) its stand-in. */
    delivered: async () => {
      await Promise.allSettled([...inFlight]);
    },
    close: async () => {
      await provider.close();
      await smtp.close();
    },
  };
}

type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/**
 * A test browser signed in as a ticket's self-user, as a candidate signs in: the missed call, its code (the
 * caller number's last six digits), verified. `cookie` is its self session, for requests made without it.
 */
export async function signedInSelfUser(api: TestApi, login: Awaited<ReturnType<typeof makeTicket>>['login']) {
  const b = browser(api.app);
  await b.post('/api/users/self-user/login/call-me', login);
  await api.delivered();
  const code = api.provider.requests.at(-1)!.body.from!.slice(-6);
  const verified = await b.post('/api/users/self-user/login/verify-number', {verifyCode: code});
  if (verified.status !== 200) throw new Error(`the self-user's sign-in answered ${verified.status}`);
  return {b, cookie: `${SELF_SESSION_COOKIE}=${b.jar.get(SELF_SESSION_COOKIE)}`};
}

/**
 * The real API on the test database for one file's tests: started before them, closed after, with the
 * file's database connection. Its properties read the started API's.
 */
export function useTestApi(sql: Sql, options?: Parameters<typeof startTestApi>[1]): TestApi {
  let started: TestApi | undefined;
  beforeAll(async () => {
    started = await startTestApi(sql, options);
  });
  afterAll(async () => {
    await started?.close();
    await sql.end();
  });
  return new Proxy({} as TestApi, {get: (_, key) => Reflect.get(started!, key)});
}
