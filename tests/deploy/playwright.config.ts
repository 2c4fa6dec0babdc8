import {defineConfig} from '@playwright/test';
import base from '../../playwright.config.ts';

// The production smoke (tests/deploy/production.spec.ts): the deploy/ topology on loopback, through nginx
// over TLS with a self-signed certificate. Debian's chromium, as the e2e tests.
export default defineConfig({
  ...base,
  testDir: '.',
  globalSetup: undefined,
  timeout: 120_000,
  outputDir: '../../test-results/deploy',
  use: {...base.use, baseURL: undefined, ignoreHTTPSErrors: true},
});
