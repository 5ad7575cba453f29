import { defineConfig } from 'vitest/config'
import { LongestFirstSequencer } from './tests/support/longest-first-sequencer.ts'

/**
 * The API files that prove the embedded default, PGlite, where it differs from PostgreSQL: its
 * driver's errors (SQLSTATEs read through drizzle, the database gone), its one connection that
 * queues transactions (the 50-way race and the exclusion constraint), its in-process LISTEN
 * (live updates, the read cache dropped inside the commit) and its data folder (backup and
 * restore). `npm test` runs the whole API project once, on PostgreSQL, and these files again on
 * PGlite; every end-to-end test also runs on PGlite, through `npm start`. See docs/testing.md.
 */
const EMBEDDED_DATABASE_FILES = [
  'tests/api/errors.test.ts',
  'tests/api/appointments-concurrency.test.ts',
  'tests/api/live-updates.test.ts',
  'tests/api/read-cache-across-processes.test.ts',
  'tests/api/backup.test.ts',
]

/**
 * API files that replace a module (`vi.mock`): they need a module graph of their own, so they
 * run apart from the `api` project, whose files share one per worker (see below).
 */
const MODULE_MOCKING_FILES = ['tests/api/composition-root.test.ts']

const apiSettings = {
  environment: 'node',
  globalSetup: ['tests/api/global-setup.ts'],
  // A test that builds its own app migrates a fresh database first: seconds when idle,
  // far more on a busy two-core machine. The limit only catches hangs.
  testTimeout: 60_000,
  hookTimeout: 60_000,
}

// One Vitest run, eight projects: pure units and machines, shared components in a DOM,
// model-based paths generated from machine graphs, the local Stripe service through the stripe
// SDK, API tests through app.inject against a real database and the Auth emulator (all of them,
// the few that mock a module apart, and the embedded database's own files), and the production
// set-up's processes.
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'model', include: ['tests/model/**/*.test.ts'], environment: 'node' } },
      {
        // Shared components rendered in a DOM (happy-dom) and driven as a user would.
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/component/setup.ts'],
        },
      },
      {
        test: {
          name: 'local-stripe',
          include: ['tests/local-stripe/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Calendar sync against real servers the tests start (Radicale, xandikos, the local
        // Google service) and the local services' own tests through the providers' SDKs.
        test: {
          name: 'integrations',
          include: ['tests/calendars/**/*.test.ts', 'tests/local-google/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The files in a worker share the modules they import (isolate: false): loading the
        // server's module graph afresh for every file took more than half of the suite's
        // processor time. It is safe because the server keeps no state in its modules: every
        // part is built by composeServer, and each test's app builds its own.
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: MODULE_MOCKING_FILES,
          isolate: false,
          ...apiSettings,
        },
      },
      { test: { name: 'api-isolated', include: MODULE_MOCKING_FILES, ...apiSettings } },
      { test: { name: 'api-embedded', include: EMBEDDED_DATABASE_FILES, ...apiSettings } },
      {
        // The production set-up as it runs: `npm run start:prod`'s processes, HAProxy from
        // Debian, PostgreSQL (TEST_DATABASE_URL, or a throw-away cluster). `npm test` runs it
        // in its PostgreSQL pass, beside the API files: each file has its own ports and its own
        // copy of the migrated database. (Run one at a time, they ran last and alone, with the
        // other workers idle.)
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/scale/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
