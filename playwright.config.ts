import {defineConfig} from '@playwright/test';
import {CHROMIUM_ARGS, chromiumPath} from './tests/support/chromium.ts';
import {e2ePorts} from './tests/support/e2e-stack.ts';

// End-to-end tests drive Debian's chromium (never a downloaded browser) against the whole stack,
// started once by tests/support/e2e-global-setup.ts on ports of its own.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/support/e2e-global-setup.ts',
  workers: 1,
  timeout: 60_000,
  expect: {timeout: 10_000},
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${e2ePorts().api}`,
    viewport: {width: 1280, height: 800},
    // As some users ask: spinners and pulses stand still (the a11y spec checks they do). In a software-rendered
    // headless browser each turning spinner costs over a core; with them still the suite runs a quarter faster.
    reducedMotion: 'reduce',
    launchOptions: {executablePath: chromiumPath(), args: CHROMIUM_ARGS},
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
