import path from 'node:path';
import {ROOT} from '../../server/config.ts';
import {startStack} from '../../server/stack/stack.ts';
import {isLoopback} from '../../server/http/addresses.ts';
import {listenersOf} from '../../server/stack/listeners.ts';
import {e2ePorts} from './e2e-stack.ts';
import {startInspector, startPhoneProvider, startSmtpServer} from './stand-ins.ts';
import {startGoogleProvider} from './google-provider.ts';
import {NODEBB_TOKEN, startNodebbStandIn} from './nodebb-stand-in.ts';

/**
 * Starts the real stack (fresh data, demo users, a few candidates) serving the built client, with sign-in
 * codes going to local stand-ins of the phone provider and the mail server.
 */
const E2E_PHONE_PROXY_SECRET = 'e2e-phone-proxy-secret';

export default async function globalSetup() {
  const provider = await startPhoneProvider();
  const smtp = await startSmtpServer();
  const inspector = await startInspector({calls: () => provider.requests, mails: () => smtp.mails});
  // Google sign-in goes to a local OpenID Connect provider that says the user is David (a demo shadchan).
  const google = await startGoogleProvider();
  google.setIdentity({email: 'david@kesher.example', email_verified: true, name: 'David Ohana'});
  // The forum: Yaakov (a demo shadchan) has unread posts; the news are the forum's recent topics.
  const nodebb = await startNodebbStandIn();
  nodebb.users.set('rachel@kesher.example', 1);
  nodebb.users.set('yaakov@kesher.example', 3);
  nodebb.setUnread(3, 7);
  nodebb.setRecent([
    {tid: 12, title: 'עדכון נהלים לשדכנים &amp; רכזות', timestamp: Date.UTC(2026, 10, 18), unread: true},
    {tid: 9, title: 'כנס שדכנים ארצי – הרשמה', timestamp: Date.UTC(2026, 10, 2)},
  ]);
  const stack = await startStack({
    ports: e2ePorts(),
    // A run moved by E2E_PORT_OFFSET keeps its data apart too: two runs in one checkout do not share a database.
    dataDir: path.join(ROOT, '.data', process.env.E2E_PORT_OFFSET ? `e2e-${process.env.E2E_PORT_OFFSET}` : 'e2e'),
    fresh: true,
    production: false,
    vite: false,
    seedProfiles: 60,
    zeroLogLevel: 'error',
    apiEnv: {
      PHONE_PROVIDER_URL: provider.url,
      PHONE_PROVIDER_TOKEN: 'e2e-token',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Kesher <no-reply@kesher.test>',
      GOOGLE_CLIENT_ID: google.options.clientID,
      GOOGLE_CLIENT_SECRET: google.options.clientSecret,
      GOOGLE_ISSUER: google.options.issuer,
      PHONE_PROXY_ENABLED: 'true',
      // The provider's webhook; tests sign calls with it (E2E_PHONE_PROXY_SECRET).
      PHONE_PROXY_SECRET: E2E_PHONE_PROXY_SECRET,
      PHONE_PROXY_NUMBER: '03-5550000',
      OFFICE_EMAIL: 'office@kesher.test',
      DONATION_URL: 'https://donate.kesher.test/',
      WORLDS_FORM_URL: `${inspector.url}/worlds-form`,
      FORUM_URL: nodebb.url,
      FORUM_API_TOKEN: NODEBB_TOKEN,
    },
  });
  // In development everything listens on loopback only (LISTEN_HOST unset).
  const exposed = listenersOf(stack.processes.map(p => p.pid)).filter(l => !isLoopback(l.address));
  if (exposed.length) {
    await stack.stop();
    throw new Error(`the development stack listens beyond loopback: ${exposed.map(l => `${l.address}:${l.port}`).join(', ')}`);
  }
  // Workers are started after this and inherit the environment: tests check the database and the
  // stand-ins directly.
  process.env.E2E_DATABASE_URL = stack.databaseURL;
  process.env.E2E_STAND_INS_URL = inspector.url;
  process.env.E2E_FORUM_URL = nodebb.url;
  process.env.E2E_PHONE_PROXY_SECRET = E2E_PHONE_PROXY_SECRET;
  return async () => {
    await stack.stop();
    await nodebb.close();
    await inspector.close();
    await google.close();
    await smtp.close();
    await provider.close();
  };
}
