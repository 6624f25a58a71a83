import { defineConfig } from 'vitest/config';

// Background catalog indexing (supervisor/catalog-indexer.ts) starts every lazy server once at start-up.
// Tests about other things count processes, check that servers stay lazy, or read exact logs, so it is off
// for them; the catalog tests (test/integration/catalog/) and first contact run it as shipped.
const testEnv = { GATEHOUSE_CATALOG_INDEX: 'off' };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/build-fixtures.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          env: testEnv,
        },
      },
      {
        // Real Secret Service: run through scripts/with-keychain.sh (npm test does); outside it they fail.
        test: {
          name: 'keychain',
          include: ['test/integration/secrets/**/*.keychain-test.ts', 'test/integration/oauth/**/*.keychain-test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/build-fixtures.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          env: testEnv,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // The panel views' tests drive the fault fixture (slow calls, crashes at start).
          globalSetup: ['test/setup/build-fixtures.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
          env: testEnv,
        },
      },
    ],
  },
});
