import path from 'node:path';
import {ROOT} from '../../server/config.ts';
import {startStack} from '../../server/stack/stack.ts';
import {e2ePorts} from './e2e-stack.ts';

/** Starts the real stack (fresh data, demo users, a few candidates) serving the built client. */
export default async function globalSetup() {
  const stack = await startStack({
    ports: e2ePorts(),
    dataDir: path.join(ROOT, '.data', 'e2e'),
    fresh: true,
    production: false,
    vite: false,
    seedProfiles: 60,
  });
  // Workers are started after this and inherit the environment: tests check the database directly.
  process.env.E2E_DATABASE_URL = stack.databaseURL;
  return async () => {
    await stack.stop();
  };
}
