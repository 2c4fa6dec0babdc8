import {defineConfig} from 'vitest/config';

// Two projects (style.md §10): fast pure unit tests, and integration tests against a real Postgres
// with the migrations applied (started once by tests/support/pg-global-setup.ts).
export default defineConfig({
  test: {
    projects: [
      {test: {name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node'}},
      {
        test: {
          name: 'pg',
          include: ['tests/pg/**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/pg-global-setup.ts'],
          fileParallelism: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // What another process delivers (zero-cache, the phone sidecar) may take over a second on a busy CI machine.
          expect: {poll: {timeout: 5_000}},
        },
      },
    ],
  },
});
