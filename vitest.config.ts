import { defineConfig } from 'vitest/config';

/** When VITRINE_TEST_PG names a PostgreSQL server, the API suite runs a second time against it. */
const postgresUrl = process.env.VITRINE_TEST_PG;
const apiProject = (name: string, databaseUrl: string) => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node' as const,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { TEST_DATABASE_URL: databaseUrl },
    globalSetup: ['tests/helpers/globalSetup.ts'],
  },
});

export default defineConfig({
  test: {
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
          environment: 'happy-dom',
        },
      },
      {
        test: { name: 'model', include: ['tests/model/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
      apiProject('api', ''),
      ...(postgresUrl ? [apiProject('api-postgres', postgresUrl)] : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ['tests/helpers/e2eSetup.ts'],
        },
      },
    ],
  },
});
