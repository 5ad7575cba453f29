import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as Sentry from '@sentry/node'
import { buildApp } from './app.ts'
import { DEMO_OWNER } from './auth/demo-owner.ts'
import { appConnectorFor } from './calendars/app-connectors.ts'
import { ConfigError, clientConfigFrom, readConfig, type ServerConfig } from './config.ts'
import { createDatabase } from './db/database.ts'
import { expandStoredBusyTimes } from './jobs/calendar-expansion.ts'
import { parseCredentialKey } from './security/credential-cipher.ts'
import { seedDemoBusiness } from './services/demo-seed.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

async function main() {
  const config = readConfig()
  const { version } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { version: string }

  if (config.sentryDsn) {
    Sentry.init({
      dsn: config.sentryDsn,
      environment: config.environment,
      release: version,
      tracesSampleRate: 0.1,
    })
  }

  const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  await database.migrate()
  if (config.seedDemo) {
    const { created } = await seedDemoBusiness(database, {
      ownerUid: DEMO_OWNER.uid,
      ownerEmail: DEMO_OWNER.email,
      ownerName: DEMO_OWNER.displayName,
    })
    if (created) console.log('Seeded the demo business "Harbor Street Studio".')
  }

  const app = await buildApp({
    database,
    auth: {
      projectId: config.firebase.projectId,
      emulator: Boolean(config.firebase.authEmulatorHost),
    },
    corsOrigins: config.corsOrigins,
    clientConfig: clientConfigFrom(config),
    spaDir: `${root}dist`,
    serverRenderBundle: `${root}dist-ssr/booking-page.js`,
    logger: config.logLevel,
    logFormat: config.logFormat,
    // Metrics often say more than the public should see: a token, or (without one) only
    // outside production.
    metrics: config.metricsToken
      ? { token: config.metricsToken }
      : config.environment === 'production'
        ? false
        : {},
    version,
    // The request id as a tag finds the error's log lines (and the id a user quoted).
    onServerError: config.sentryDsn
      ? (error, request) =>
          Sentry.captureException(error, { tags: { request_id: String(request.id) } })
      : undefined,
    publicRateLimits: config.publicRateLimits,
    trustProxyHops: config.trustProxyHops,
    publicBooking: {
      secret: config.secret ?? localSecret(config.dataDir),
      publicUrl: config.publicUrl,
      defaultBusiness: config.defaultBusiness,
    },
    stripe: config.stripe,
    jobs: {
      intervalMs: config.jobsIntervalMs,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      calendarSync: calendarCredentialsKeys(config),
    },
  })

  // The local Stripe service starts empty: give it the plans' prices. A real account gets
  // them once, by hand (`npm run stripe:prices`), not from every start of every process.
  if (config.stripe?.apiUrl) {
    const created = await app.parts.billing.ensureStripePrices()
    if (created.length > 0) app.log.info({ created }, 'created plan prices in the local Stripe')
  }

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    try {
      // SIGTERM (a balancer's deployment, the supervisor) drains: readiness false for the
      // grace, then no new connections, requests in flight and the job run finished, live
      // sockets told to reconnect. Ctrl-C at a terminal skips the grace.
      await app.lifecycle.drain(signal === 'SIGTERM' ? config.drainGraceMs : 0)
      await database.close()
      if (config.sentryDsn) await Sentry.close(2000)
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
}

/**
 * A single-process install without SLOTWISE_SECRET keeps a generated secret next to its data,
 * so manage links in e-mails keep working after a restart.
 */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

/**
 * The keys that seal calendar credentials: CALENDAR_CREDENTIALS_KEY, or for a single-process
 * install (PGlite) one generated next to its data; none with DATABASE_URL and no key, since
 * every process must share it (calendar sync is then off).
 */
function calendarCredentialsKeys(config: ServerConfig) {
  const given = config.calendarCredentialsKey
  if (!given && config.databaseUrl) return undefined
  const file = join(config.dataDir, 'calendar-credentials-key')
  if (!given && !existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true })
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 })
  }
  return {
    credentialsKey: parseCredentialKey(given ?? readFileSync(file, 'utf8')),
    previousCredentialsKeys: config.calendarCredentialsPreviousKeys.map(parseCredentialKey),
    connectorFor: appConnectorFor({
      google: config.google,
      allowPrivateAddresses: config.calendarAllowPrivateAddresses,
    }),
    expandBusyTimes: expandStoredBusyTimes,
    google: config.google,
  }
}

main().catch((error: unknown) => {
  // A bad setting is the operator's to fix: print the list, not a stack trace.
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
