import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './scripts/lib/chromium.ts'

// Ports of their own, so the suite runs beside a developer's `npm start` (8080, 9099);
// E2E_APP_PORT and E2E_AUTH_EMULATOR_PORT let two runs share a machine.
const appPort = Number(process.env.E2E_APP_PORT ?? 8181)
const authEmulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9399)

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: `http://127.0.0.1:${appPort}`,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The real start path, on an empty data folder: SPA build, Auth emulator, API, seed.
    command: `node --import tsx scripts/start.ts --data-dir .test-data/e2e-${appPort} --fresh`,
    url: `http://127.0.0.1:${appPort}/api/v1/health`,
    env: {
      PORT: String(appPort),
      AUTH_EMULATOR_PORT: String(authEmulatorPort),
      FIREBASE_AUTH_EMULATOR_HOST: '',
      LOG_LEVEL: 'warn',
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
