import { resolve } from 'node:path'
import { type GoogleSettings, googleSettings } from './calendars/google/google-settings.ts'
import type { ClientConfig } from './http/client-config.ts'
import { parseMailbox } from './notifications/mail-headers.ts'
import type { StripeSettings } from './payments/stripe-gateway.ts'
import { parseCredentialKey } from './security/credential-cipher.ts'
import type { PublicRateLimits } from './security/public-rate-limits.ts'

export interface ServerConfig {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  firebase: {
    projectId: string
    /** host:port of the Auth emulator; only then are unsigned emulator tokens accepted. */
    authEmulatorHost: string | undefined
    apiKey: string | undefined
    authDomain: string | undefined
    appId: string | undefined
  }
  sentryDsn: string | undefined
  corsOrigins: string[]
  seedDemo: boolean
  /**
   * Signs manage links and calendar feeds (SLOTWISE_SECRET, 32+ characters). Without it a
   * single-process install keeps a generated one under the data directory.
   */
  secret: string | undefined
  /**
   * Seals calendar credentials at rest (CALENDAR_CREDENTIALS_KEY, 32 bytes in base64), and
   * the keys it replaced (CALENDAR_CREDENTIALS_PREVIOUS_KEYS, comma-separated), which still
   * open older rows. Without it a single-process install (PGlite) keeps a generated one under
   * the data directory; with DATABASE_URL, calendar sync is off until it is set, since every
   * process must open the credentials with the same key.
   */
  calendarCredentialsKey: string | undefined
  calendarCredentialsPreviousKeys: string[]
  /** Calendar connections may reach loopback and private addresses (a CalDAV server on the LAN). */
  calendarAllowPrivateAddresses: boolean
  /** The address people open, for links in e-mails (PUBLIC_URL). */
  publicUrl: string
  /** The business the public pages show when the host names none (DEFAULT_BUSINESS, a slug). */
  defaultBusiness: string | undefined
  /** smtp(s)://user:pass@host:port; without it e-mails are written as .eml files. */
  smtpUrl: string | undefined
  /** The From of every e-mail (MAIL_FROM); no-reply at PUBLIC_URL's host when unset. */
  mailFrom: string | undefined
  /** Overrides of the public API's rate limits (PUBLIC_*_PER_* variables). */
  publicRateLimits: Partial<PublicRateLimits>
  /**
   * How many proxies in front may be believed about the client's address (TRUST_PROXY);
   * 0 (the default) reads the socket's. Rate limits per IP need the real one.
   */
  trustProxyHops: number
  /**
   * How often reminders are queued and e-mails sent (JOBS_INTERVAL_MS): a reminder is at most
   * this late. The end-to-end suite shortens it so e-mails arrive while a test waits.
   */
  jobsIntervalMs: number
  /**
   * How long a process told to stop (SIGTERM) keeps serving with readiness false before it
   * stops taking connections (DRAIN_GRACE_MS): a couple of the load balancer's health-check
   * intervals, so it stops sending first. 0 (the default) for a process with no balancer;
   * `npm run start:prod` defaults it to 5000.
   */
  drainGraceMs: number
  /**
   * Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, and STRIPE_API_URL for the local Stripe
   * service `npm start` runs); billing and payments at booking are off without it.
   * STRIPE_CONNECT_WEBHOOK_SECRET signs the Connect endpoint's events (businesses' own accounts).
   */
  stripe: (StripeSettings & { connectWebhookSecret: string | undefined }) | undefined
  /**
   * The Google OAuth client for Google Calendar connections (GOOGLE_CLIENT_ID,
   * GOOGLE_CLIENT_SECRET); GOOGLE_OAUTH_BASE_URL and GOOGLE_API_BASE_URL point it at the local
   * Google service `npm start` runs. Google connections are off without it.
   */
  google: GoogleSettings | undefined
  logLevel: LogLevel
  /**
   * LOG_FORMAT: `json` lines for log collectors (the default), `pretty` for a person at a
   * terminal (`npm start` asks for it).
   */
  logFormat: 'json' | 'pretty'
  /**
   * Who may read `GET /metrics` (METRICS_TOKEN, 32+ characters, sent as a bearer token).
   * Without it metrics are open outside production and not served in production.
   */
  metricsToken: string | undefined
  environment: string
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid server configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    )
    this.name = 'ConfigError'
  }
}

/**
 * Reads the server's settings from environment variables, with the defaults `npm start`
 * relies on. Collects every problem before failing, so one start-up shows them all.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const problems: string[] = []
  const value = (name: string) => {
    const raw = env[name]?.trim()
    return raw ? raw : undefined
  }

  const port = Number(value('PORT') ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    problems.push(`PORT must be a whole number from 0 to 65535, got "${env.PORT}".`)
  }

  const databaseUrl = value('DATABASE_URL')
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string.')
  }

  const authEmulatorHost = value('FIREBASE_AUTH_EMULATOR_HOST')
  if (authEmulatorHost && !/^[\w.-]+:\d{1,5}$/.test(authEmulatorHost)) {
    problems.push(
      `FIREBASE_AUTH_EMULATOR_HOST must be host:port (e.g. 127.0.0.1:9099), got "${authEmulatorHost}".`,
    )
  }

  const projectId = value('FIREBASE_PROJECT_ID') ?? 'demo-slotwise'
  if (!/^[a-z0-9-]{4,40}$/.test(projectId)) {
    problems.push(`FIREBASE_PROJECT_ID "${projectId}" is not a Firebase project id.`)
  }

  const sentryDsn = value('SENTRY_DSN')
  if (sentryDsn && !isHttpUrl(sentryDsn)) problems.push('SENTRY_DSN must be an http(s):// URL.')

  const corsOrigins = (value('CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  for (const origin of corsOrigins) {
    if (!isOrigin(origin)) {
      problems.push(
        `CORS_ORIGINS entry "${origin}" must be an origin such as https://app.example.com (no path).`,
      )
    }
  }

  const logLevel = (value('LOG_LEVEL') ?? 'info') as LogLevel
  if (!logLevels.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${env.LOG_LEVEL}".`)
  }

  const logFormat = value('LOG_FORMAT') ?? 'json'
  if (logFormat !== 'json' && logFormat !== 'pretty') {
    problems.push(`LOG_FORMAT must be json or pretty, got "${env.LOG_FORMAT}".`)
  }

  const metricsToken = value('METRICS_TOKEN')
  if (metricsToken && !/^[\x21-\x7e]{32,}$/.test(metricsToken)) {
    problems.push(
      'METRICS_TOKEN must be at least 32 printable characters without spaces (e.g. openssl rand -hex 32).',
    )
  }

  const seedDemo = value('SEED_DEMO') ?? '0'
  if (!['0', '1', 'true', 'false'].includes(seedDemo)) {
    problems.push(`SEED_DEMO must be 1 or 0, got "${env.SEED_DEMO}".`)
  }

  const secret = value('SLOTWISE_SECRET')
  if (secret && secret.length < 32) {
    problems.push('SLOTWISE_SECRET must be at least 32 characters (e.g. openssl rand -base64 48).')
  }
  if (databaseUrl && !secret && !authEmulatorHost) {
    problems.push(
      'SLOTWISE_SECRET must be set with DATABASE_URL: every API process must sign links with the same secret.',
    )
  }

  const calendarCredentialsKey = value('CALENDAR_CREDENTIALS_KEY')
  const calendarCredentialsPreviousKeys = (value('CALENDAR_CREDENTIALS_PREVIOUS_KEYS') ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '')
  for (const [name, key] of [
    ['CALENDAR_CREDENTIALS_KEY', calendarCredentialsKey],
    ...calendarCredentialsPreviousKeys.map((key) => ['CALENDAR_CREDENTIALS_PREVIOUS_KEYS', key]),
  ]) {
    if (key !== undefined && !isCredentialKey(key)) {
      problems.push(`${name} must be 32 bytes in base64 (e.g. openssl rand -base64 32).`)
    }
  }

  const givenPublicUrl = value('PUBLIC_URL')
  if (givenPublicUrl && !isHttpUrl(givenPublicUrl)) {
    problems.push(`PUBLIC_URL must be an http(s):// address, got "${givenPublicUrl}".`)
  }
  const publicUrl = givenPublicUrl ?? `http://127.0.0.1:${port}`

  const defaultBusiness = value('DEFAULT_BUSINESS')
  if (defaultBusiness && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(defaultBusiness)) {
    problems.push(
      `DEFAULT_BUSINESS must be a business slug such as harbor-street, got "${defaultBusiness}".`,
    )
  }

  const smtpUrl = value('SMTP_URL')
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    problems.push('SMTP_URL must be an smtp:// or smtps:// address.')
  }

  const mailFrom = value('MAIL_FROM')
  if (mailFrom && !parseMailbox(mailFrom)) {
    problems.push(
      `MAIL_FROM must be one address, e.g. "Harbor Street <bookings@example.com>", got ${JSON.stringify(mailFrom)}.`,
    )
  }

  const publicRateLimits: Partial<PublicRateLimits> = {}
  const rateLimit = (name: string, windowMs: number) => {
    const raw = value(name)
    if (raw === undefined) return undefined
    const limit = Number(raw)
    if (Number.isInteger(limit) && limit > 0) return { limit, windowMs }
    problems.push(`${name} must be a whole number above 0, got "${raw}".`)
    return undefined
  }
  const readsPerIp = rateLimit('PUBLIC_READS_PER_MINUTE', 60_000)
  if (readsPerIp) publicRateLimits.readsPerIp = readsPerIp
  const writesPerIp = rateLimit('PUBLIC_WRITES_PER_MINUTE', 60_000)
  if (writesPerIp) publicRateLimits.writesPerIp = writesPerIp
  const bookingsPerEmail = rateLimit('PUBLIC_BOOKINGS_PER_EMAIL_PER_HOUR', 3_600_000)
  if (bookingsPerEmail) publicRateLimits.bookingsPerEmail = bookingsPerEmail

  const trustProxyHops = Number(value('TRUST_PROXY') ?? 0)
  if (!Number.isInteger(trustProxyHops) || trustProxyHops < 0 || trustProxyHops > 10) {
    problems.push(
      `TRUST_PROXY must be the number of proxies in front (0–10), got "${env.TRUST_PROXY}".`,
    )
  }

  const jobsIntervalMs = Number(value('JOBS_INTERVAL_MS') ?? 30_000)
  if (!Number.isInteger(jobsIntervalMs) || jobsIntervalMs < 100) {
    problems.push(
      `JOBS_INTERVAL_MS must be a whole number of 100 or more, got "${env.JOBS_INTERVAL_MS}".`,
    )
  }

  const drainGraceMs = Number(value('DRAIN_GRACE_MS') ?? 0)
  if (!Number.isInteger(drainGraceMs) || drainGraceMs < 0 || drainGraceMs > 300_000) {
    problems.push(
      `DRAIN_GRACE_MS must be a whole number of milliseconds from 0 to 300000, got "${env.DRAIN_GRACE_MS}".`,
    )
  }

  const stripe = readStripeSettings(value, problems)
  const google = readGoogleSettings(value, problems)

  if (problems.length > 0) throw new ConfigError(problems)

  return {
    port,
    host: value('HOST') ?? '127.0.0.1',
    dataDir: resolve(value('DATA_DIR') ?? './data'),
    databaseUrl,
    firebase: {
      projectId,
      authEmulatorHost,
      apiKey: value('FIREBASE_API_KEY'),
      authDomain: value('FIREBASE_AUTH_DOMAIN'),
      appId: value('FIREBASE_APP_ID'),
    },
    sentryDsn,
    // Browsers send Origin without a trailing slash; compare like with like.
    corsOrigins: corsOrigins.map((origin) => new URL(origin).origin),
    seedDemo: seedDemo === '1' || seedDemo === 'true',
    secret,
    calendarCredentialsKey,
    calendarCredentialsPreviousKeys,
    calendarAllowPrivateAddresses: ['1', 'true'].includes(
      value('CALENDAR_ALLOW_PRIVATE_ADDRESSES') ?? '',
    ),
    publicUrl: publicUrl.replace(/\/$/, ''),
    defaultBusiness,
    smtpUrl,
    mailFrom,
    publicRateLimits,
    trustProxyHops,
    jobsIntervalMs,
    drainGraceMs,
    stripe,
    google,
    logLevel,
    logFormat: logFormat === 'pretty' ? 'pretty' : 'json',
    metricsToken,
    environment: value('NODE_ENV') ?? (authEmulatorHost ? 'development' : 'production'),
  }
}

/** The browser's settings, injected into index.html; nothing here may be secret. */
export function clientConfigFrom(config: ServerConfig): ClientConfig {
  const { firebase } = config
  const emulator = firebase.authEmulatorHost
  return {
    firebase: {
      // The emulator accepts any key; the SDK only insists that there is one.
      apiKey: firebase.apiKey ?? (emulator ? 'demo-api-key' : ''),
      authDomain: firebase.authDomain ?? `${firebase.projectId}.firebaseapp.com`,
      projectId: firebase.projectId,
      appId: firebase.appId ?? '',
    },
    authEmulatorUrl: emulator ? `http://${emulator}` : null,
    sentryDsn: config.sentryDsn ?? null,
    environment: config.environment,
  }
}

function readStripeSettings(
  value: (name: string) => string | undefined,
  problems: string[],
): ServerConfig['stripe'] {
  const secretKey = value('STRIPE_SECRET_KEY')
  const webhookSecret = value('STRIPE_WEBHOOK_SECRET')
  const connectWebhookSecret = value('STRIPE_CONNECT_WEBHOOK_SECRET')
  const apiUrl = value('STRIPE_API_URL')
  if (!secretKey) {
    if (webhookSecret || connectWebhookSecret || apiUrl) {
      problems.push(
        'STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET and STRIPE_API_URL need STRIPE_SECRET_KEY.',
      )
    }
    return undefined
  }
  // Optional: without it businesses still connect (the return page syncs), but Stripe's
  // Connect events are refused with 503 until it is set.
  if (connectWebhookSecret && !connectWebhookSecret.startsWith('whsec_')) {
    problems.push(
      'STRIPE_CONNECT_WEBHOOK_SECRET must be the signing secret (whsec_…) of the Connect webhook endpoint.',
    )
  }
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey)) {
    problems.push('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_… or rk_…).')
  }
  if (!webhookSecret?.startsWith('whsec_')) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY: the signing secret (whsec_…) of the webhook endpoint.',
    )
  }
  if (apiUrl && !isHttpUrl(apiUrl)) {
    problems.push(`STRIPE_API_URL must be an http(s):// address, got "${apiUrl}".`)
  }
  return { secretKey, webhookSecret: webhookSecret ?? '', apiUrl, connectWebhookSecret }
}

function readGoogleSettings(
  value: (name: string) => string | undefined,
  problems: string[],
): GoogleSettings | undefined {
  const clientId = value('GOOGLE_CLIENT_ID')
  const clientSecret = value('GOOGLE_CLIENT_SECRET')
  const oauthBaseUrl = value('GOOGLE_OAUTH_BASE_URL')
  const apiBaseUrl = value('GOOGLE_API_BASE_URL')
  if (!clientId || !clientSecret) {
    if (clientId || clientSecret || oauthBaseUrl || apiBaseUrl) {
      problems.push(
        'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together; GOOGLE_OAUTH_BASE_URL and GOOGLE_API_BASE_URL need both.',
      )
    }
    return undefined
  }
  for (const [name, url] of [
    ['GOOGLE_OAUTH_BASE_URL', oauthBaseUrl],
    ['GOOGLE_API_BASE_URL', apiBaseUrl],
  ] as const) {
    if (url && !isHttpUrl(url))
      problems.push(`${name} must be an http(s):// address, got "${url}".`)
  }
  return googleSettings({ clientId, clientSecret, oauthBaseUrl, apiBaseUrl })
}

function isHttpUrl(text: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(text).protocol)
  } catch {
    return false
  }
}

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text)
    return ['https:', 'http:'].includes(url.protocol) && url.origin === text.replace(/\/$/, '')
  } catch {
    return false
  }
}

function isCredentialKey(base64: string): boolean {
  try {
    parseCredentialKey(base64)
    return true
  } catch {
    return false
  }
}
