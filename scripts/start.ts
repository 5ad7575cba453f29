/**
 * `npm start`: the whole product on one URL with embedded defaults.
 *
 * Builds the SPA when needed, starts the Firebase Auth emulator (unless real Firebase
 * settings are given), the local Stripe service (unless STRIPE_SECRET_KEY is given) and the local
 * Google service (unless GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are given) and, beside the
 * emulator, the API (which also serves the SPA and seeds the demo business once); makes sure
 * the demo owner can sign in; once all of it answers, prints where to go and how to sign in
 * (the line "Slotwise Appointments is running" is what the end-to-end suite waits for); and
 * stops everything cleanly on Ctrl-C.
 *
 * Flags (for tests): `--data-dir <dir>` instead of DATA_DIR, `--fresh` to start from an
 * empty data folder.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { DemoOwner } from '../server/auth/demo-owner.ts'
import { type AuthEmulator, isAuthEmulatorUp, startAuthEmulator } from './lib/auth-emulator.ts'
import { type LocalGoogleRun, startLocalGoogleFor } from './lib/local-google.ts'
import { type LocalStripeRun, startLocalStripeFor } from './lib/local-stripe.ts'
import { buildSpaIfStale } from './lib/spa-build.ts'

const root = resolve(import.meta.dirname, '..')
const { values: flags } = parseArgs({
  options: { 'data-dir': { type: 'string' }, fresh: { type: 'boolean', default: false } },
})

const port = Number(process.env.PORT ?? 8080)
const host = process.env.HOST ?? '127.0.0.1'
const dataDir = resolve(root, flags['data-dir'] ?? process.env.DATA_DIR ?? 'data')
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-slotwise'
const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT ?? 9099)
const usesRealFirebase =
  Boolean(process.env.FIREBASE_API_KEY) && !process.env.FIREBASE_AUTH_EMULATOR_HOST

const log = (line: string) => console.log(`[start] ${line}`)

let emulator: AuthEmulator | undefined
let identityStarting: Promise<unknown> | undefined
let localStripe: LocalStripeRun | undefined
let localGoogle: LocalGoogleRun | undefined
let server: ChildProcess | undefined
let stopping = false

async function main() {
  if (flags.fresh) rmSync(dataDir, { recursive: true, force: true })
  buildSpaIfStale(root, log)

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: host,
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: projectId,
    // A person reads these logs; production keeps the default, JSON lines.
    LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
  }
  // The emulator (about 11 s on an idle machine) and the API's migrations and seed (about 9 s)
  // need nothing from each other, so they start together: the server only verifies tokens,
  // request by request. Only the demo owner waits for the emulator.
  let identityReady: Promise<DemoOwner | undefined> = Promise.resolve(undefined)
  if (!usesRealFirebase) {
    const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST || `127.0.0.1:${emulatorPort}`
    env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost
    env.SEED_DEMO = process.env.SEED_DEMO ?? '1'
    // The public booking pages at /booking show the demo business unless told otherwise.
    const { DEMO_TENANT_SLUG } = await import('../server/db/seed.ts')
    env.DEFAULT_BUSINESS = process.env.DEFAULT_BUSINESS ?? DEMO_TENANT_SLUG
    identityReady = startLocalIdentity(emulatorHost)
    // Stopping waits for it, so an emulator still starting is not left behind.
    identityStarting = identityReady.catch(() => undefined)
  }

  if (!process.env.STRIPE_SECRET_KEY) {
    localStripe = await startLocalStripeFor({
      dataDir,
      port: Number(process.env.LOCAL_STRIPE_PORT ?? 12111),
      host,
      webhookUrl: `http://${host}:${port}/api/v1/webhooks/stripe`,
      connectWebhookUrl: `http://${host}:${port}/api/v1/webhooks/stripe-connect`,
    })
    Object.assign(env, localStripe.env)
    log(`Local Stripe service on ${localStripe.url} (test card 4242 4242 4242 4242).`)
  }

  if (!process.env.GOOGLE_CLIENT_ID || !process.env.GOOGLE_CLIENT_SECRET) {
    localGoogle = await startLocalGoogleFor({
      dataDir,
      port: Number(process.env.LOCAL_GOOGLE_PORT ?? 0),
      host,
    })
    Object.assign(env, localGoogle.env)
    log(`Local Google service on ${localGoogle.url}.`)
  }

  log('Starting the API and app server…')
  server = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'server/index.ts')], {
    cwd: root,
    env,
    stdio: 'inherit',
  })
  server.once('exit', (code) => {
    if (!stopping) {
      log(`The server stopped unexpectedly (exit code ${code}).`)
      void shutdown(1)
    }
  })
  const [demoOwner] = await Promise.all([
    identityReady,
    waitForHealth(`http://${host}:${port}/api/v1/health`),
  ])

  const url = `http://${host}:${port}`
  console.log(
    [
      '',
      '  Slotwise Appointments is running',
      `    App:            ${url}`,
      `    API reference:  ${url}/api/docs`,
      `    Public booking: ${url}/booking`,
      demoOwner
        ? `    Demo sign-in:   ${demoOwner.email} / ${demoOwner.password}`
        : '    Sign-in:        your Firebase project (no demo owner on real Firebase)',
      localStripe
        ? `    Billing:        local Stripe at ${localStripe.url} (card 4242 4242 4242 4242 pays, 4000 0000 0000 0341 is declined)`
        : '    Billing:        Stripe, with your STRIPE_SECRET_KEY',
      localGoogle
        ? `    Google:         local Google service at ${localGoogle.url} (consent as member@example.com)`
        : '    Google:         Google Calendar, with your GOOGLE_CLIENT_ID',
      `    Data:           ${dataDir}`,
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  )
}

/** The Auth emulator (unless one already answers there), then the demo owner in it. */
async function startLocalIdentity(emulatorHost: string): Promise<DemoOwner> {
  if (await isAuthEmulatorUp(emulatorHost)) {
    log(`Using the Auth emulator already running on ${emulatorHost}.`)
  } else {
    log(`Starting the Firebase Auth emulator on ${emulatorHost} (about 15 s)…`)
    emulator = await startAuthEmulator({
      port: Number(emulatorHost.split(':')[1]),
      projectId,
      exportDir: resolve(dataDir, 'auth-emulator'),
    })
  }
  const { ensureDemoOwner } = await import('../server/auth/demo-owner.ts')
  return ensureDemoOwner({ projectId })
}

/**
 * A busy machine (two test servers starting side by side, say) can take a while to answer the
 * first time: each probe may take seconds, and the whole wait stays under Playwright's 180 s.
 */
async function waitForHealth(url: string) {
  const deadline = Date.now() + 150_000
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error('The server exited during start-up.')
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(5000) })).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error(`The server did not answer ${url} within 150 s.`)
}

async function shutdown(exitCode: number) {
  if (stopping) return
  stopping = true
  log('Stopping…')
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server?.once('exit', done))
    server.kill('SIGTERM')
    await exited
  }
  await identityStarting
  await emulator?.stop()
  await localStripe?.stop()
  await localGoogle?.stop()
  log('Stopped.')
  process.exit(exitCode)
}

process.on('SIGINT', () => void shutdown(0))
process.on('SIGTERM', () => void shutdown(0))

main().catch(async (error: Error) => {
  console.error(`[start] ${error.message}`)
  await shutdown(1)
})
