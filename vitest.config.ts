import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirstSequencer from './tests/helpers/sequencer.ts';

/** When VITRINE_TEST_PG names a PostgreSQL server, the API suite runs a second time against it. */
const postgresUrl = process.env.VITRINE_TEST_PG;
/** npm run test:profile records each file's CPU time (tests/helpers/cpuSetup.ts); an ordinary run does not load it. */
const profiling = process.env.VITRINE_TEST_PROFILE ? ['tests/helpers/cpuSetup.ts'] : [];
const API_FILES = ['tests/api/**/*.test.ts'];
/** Files of PostgreSQL alone (*.postgres.test.ts: several connections at once, which PGlite's one cannot show). */
const POSTGRES_ONLY = 'tests/api/**/*.postgres.test.ts';
const apiProject = (name: string, databaseUrl: string, include = API_FILES, more: { env?: Record<string, string>; globalSetup?: string[] } = {}) => ({
  test: {
    name,
    include,
    // The media-store-* files test the S3 store itself: they run in the api-s3 project only.
    exclude: include === API_FILES ? [...configDefaults.exclude, 'tests/api/media-store-*.test.ts', ...(databaseUrl ? [] : [POSTGRES_ONLY])] : [...configDefaults.exclude, POSTGRES_ONLY],
    environment: 'node' as const,
    // A worker runs its files one after another in one module graph: each file starts its own server and database
    // (state lives in the AppContext, not in modules), and re-evaluating the server's modules for every file was about
    // 40% of these projects' CPU (6 files: 57.8 s of CPU isolated, 35.7 s not).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { TEST_DATABASE_URL: databaseUrl, ...more.env },
    globalSetup: ['tests/helpers/globalSetup.ts', ...(more.globalSetup ?? [])],
    setupFiles: profiling,
  },
});

/** The media, navigation and player tests run a second time with the files in S3 (s3rver on a free port is the bucket). */
const s3Project = apiProject('api-s3', '', ['tests/api/media*.test.ts', 'tests/api/navigation.test.ts', 'tests/api/player.test.ts', 'tests/api/screenshots.test.ts', 'tests/api/media-store-*.test.ts'], {
  env: { MEDIA_STORE: 's3', S3_BUCKET: 'vitrine-test', S3_FORCE_PATH_STYLE: '1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
  globalSetup: ['tests/helpers/s3Setup.ts'],
});

/** Unit test files that keep vitest's per-file isolation (project unit-isolated); every other one shares its worker's modules. */
const UNIT_ISOLATED = ['src/views/app/Shell.test.tsx', 'src/views/login/LoginScreen.test.tsx', 'src/views/routes.test.tsx'];

export default defineConfig({
  test: {
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    // Each project's longest files first (tests/helpers/sequencer.ts): none starts last and holds its line alone.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT_ISOLATED],
          environment: 'happy-dom',
          // One module graph per worker (see tests/helpers/unitSetup.ts): re-evaluating React, Fluent and i18next for
          // each of 89 files was 103 s of CPU isolated against 28 s not.
          isolate: false,
          setupFiles: ['tests/helpers/unitSetup.ts', ...profiling],
          // The default 5 s is too short for a full render of a screen while the API projects load both cores.
          testTimeout: 20_000,
        },
      },
      {
        // The files that need a module graph of their own: a vi.mock of the app (Shell), the first page's module-level
        // login draft and session start (LoginScreen, routes).
        test: { name: 'unit-isolated', include: UNIT_ISOLATED, environment: 'happy-dom', testTimeout: 20_000, setupFiles: profiling },
      },
      {
        // The gate generates the QA page of a large machine (campaignDevices, devices) in ~1 s on a quiet machine and
        // went over the default 5 s beside the API projects: 30 s still catches a hang.
        // A worker runs its files in one module graph, as the unit project does: the five files each imported every machine
        // and catalogue again (the project alone: 76.1 s of CPU isolated, 57.3 s not, 1404 tests either way); the
        // catalogues are read, never changed (mutation.test.ts mutates copies).
        test: { name: 'model', include: ['tests/model/**/*.test.{ts,tsx}'], environment: 'happy-dom', isolate: false, testTimeout: 30_000, setupFiles: profiling },
      },
      // The PGlite run checks every JSON answer of a documented route against its OpenAPI response schema
      // (tests/helpers/answerCheck.ts; a file's server fails close() naming the route and the field).
      apiProject('api', '', API_FILES, { env: { VITRINE_CHECK_ANSWERS: '1' } }),
      ...(postgresUrl ? [apiProject('api-postgres', postgresUrl)] : []),
      s3Project,
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // A worker runs its files in one module graph, as the API projects do: each file still starts its own server
          // and browser contexts (state lives in the AppContext and the page), and re-importing the server, Playwright
          // and the helpers for each of 27 files was ~1.5 s of CPU a file.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Files may run side by side (tests/run.ts gives this line 2 workers): each has its own server and browser contexts.
          globalSetup: ['tests/helpers/e2eSetup.ts'],
          setupFiles: profiling,
        },
      },
    ],
  },
});
