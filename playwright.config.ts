import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './scripts/lib/chromium.ts'
import {
  appPort,
  authEmulatorPort,
  localStripePort,
  smtpInboxHttpPort,
  smtpPort,
} from './tests/support/e2e/ports.ts'

export default defineConfig({
  testDir: 'tests/e2e',
  // A folder per app port: runs side by side (npm test's shards) each clear and fill their own,
  // where one shared folder had one run delete the other's traces mid-test.
  outputDir: `test-results/e2e-${appPort}`,
  // A test's limit only catches hangs. In `npm test` the shards run beside the API suite on two
  // cores, where the longest flows (sign-up to booking page, logo and colour in both themes)
  // took up to 59 s of the 60 s this limit was: one of them passed one run and not the next.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL: `http://127.0.0.1:${appPort}`,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    // Transitions and endless animations off (the app honours the setting): axe then never reads
    // a colour halfway through a theme switch, and on two software-rendering cores the pages no
    // longer repaint a pulsing "Live" dot and spinners all test long.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'node --import tsx scripts/smtp-inbox.ts',
      url: `http://127.0.0.1:${smtpInboxHttpPort}/messages`,
      env: { SMTP_INBOX_PORT: String(smtpPort), SMTP_INBOX_HTTP_PORT: String(smtpInboxHttpPort) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The real start path, on an empty data folder: SPA build, Auth emulator, API, seed.
      command: `node --import tsx scripts/start.ts --data-dir .test-data/e2e-${appPort} --fresh`,
      // Ready once start.ts says so: the API answers before the Auth emulator it starts beside
      // it, so its health alone would let tests sign in too early.
      wait: { stdout: /Slotwise Appointments is running/ },
      env: {
        PORT: String(appPort),
        AUTH_EMULATOR_PORT: String(authEmulatorPort),
        LOCAL_STRIPE_PORT: String(localStripePort),
        STRIPE_SECRET_KEY: '',
        FIREBASE_AUTH_EMULATOR_HOST: '',
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PUBLIC_URL: `http://127.0.0.1:${appPort}`,
        // Every test books from 127.0.0.1; the limits themselves are tested in the API suite.
        PUBLIC_WRITES_PER_MINUTE: '1000',
        PUBLIC_READS_PER_MINUTE: '10000',
        PUBLIC_BOOKINGS_PER_EMAIL_PER_HOUR: '1000',
        // E-mails go out within half a second, while a test waits for them.
        JOBS_INTERVAL_MS: '500',
        CALENDAR_ALLOW_PRIVATE_ADDRESSES: '1',
      },
      reuseExistingServer: false,
      // Seconds when idle; shards starting side by side on a busy two-core machine take minutes.
      // The limit only catches a start that hangs.
      timeout: 300_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
})
