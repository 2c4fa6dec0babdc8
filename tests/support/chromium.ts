/** Debian's chromium (never a downloaded browser), or CHROMIUM_PATH: the e2e tests' and `npm run lighthouse`'s. */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How both launch it. This machine has no network: chromium's own background traffic (updates, sync, field
 * trials) is turned off, so it neither waits on refused connections nor adds requests to a measured page.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
