import { defineConfig } from 'vitest/config'

// One Vitest run, four projects: pure units and machines, model-based paths generated from
// machine graphs, the local Stripe service through the stripe SDK, and API tests through
// app.inject against a real PGlite and the Auth emulator.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'model', include: ['tests/model/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'local-stripe',
          include: ['tests/local-stripe/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          // A test that builds its own app migrates a fresh database first: seconds when idle,
          // far more on a busy two-core machine. The limit only catches hangs.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
