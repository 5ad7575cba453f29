import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, clientConfigFrom, readConfig } from '../../server/config.ts'
import {
  firstBusinessName,
  ownerTeamMemberName,
  slugCandidates,
  slugify,
} from '../../server/domain/business-name.ts'

describe('readConfig', () => {
  it('has the defaults npm start relies on', () => {
    const config = readConfig({})

    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      firebase: { projectId: 'demo-slotwise', authEmulatorHost: undefined },
      corsOrigins: [],
      seedDemo: false,
      jobsIntervalMs: 30_000,
      logLevel: 'info',
    })
  })

  it('reads every setting', () => {
    const config = readConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/slotwise',
      DATABASE_URL: 'postgres://app@db:5432/slotwise',
      FIREBASE_PROJECT_ID: 'slotwise-prod',
      FIREBASE_API_KEY: 'key',
      FIREBASE_AUTH_DOMAIN: 'auth.slotwise.app',
      FIREBASE_APP_ID: '1:2:web:3',
      SENTRY_DSN: 'https://abc@o1.ingest.sentry.io/2',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      SLOTWISE_SECRET: 'a-shared-secret-of-at-least-32-characters',
      PUBLIC_URL: 'https://book.slotwise.app/',
      DEFAULT_BUSINESS: 'harbor-street',
      SMTP_URL: 'smtps://mailer:pw@smtp.example:465',
      MAIL_FROM: 'Slotwise <bookings@slotwise.app>',
      PUBLIC_WRITES_PER_MINUTE: '30',
      JOBS_INTERVAL_MS: '500',
    })

    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/slotwise',
      databaseUrl: 'postgres://app@db:5432/slotwise',
      corsOrigins: ['https://a.example', 'https://b.example'],
      seedDemo: true,
      logLevel: 'warn',
      secret: 'a-shared-secret-of-at-least-32-characters',
      publicUrl: 'https://book.slotwise.app',
      defaultBusiness: 'harbor-street',
      smtpUrl: 'smtps://mailer:pw@smtp.example:465',
      mailFrom: 'Slotwise <bookings@slotwise.app>',
      publicRateLimits: { writesPerIp: { limit: 30, windowMs: 60_000 } },
      jobsIntervalMs: 500,
    })
    expect(clientConfigFrom(config)).toEqual({
      firebase: {
        apiKey: 'key',
        authDomain: 'auth.slotwise.app',
        projectId: 'slotwise-prod',
        appId: '1:2:web:3',
      },
      authEmulatorUrl: null,
      sentryDsn: 'https://abc@o1.ingest.sentry.io/2',
      environment: 'production',
    })
  })

  it('gives the browser the emulator and a placeholder key in emulator mode', () => {
    const client = clientConfigFrom(readConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }))

    expect(client.authEmulatorUrl).toBe('http://127.0.0.1:9099')
    expect(client.firebase).toMatchObject({
      apiKey: 'demo-api-key',
      authDomain: 'demo-slotwise.firebaseapp.com',
    })
  })

  it('reads the calendar credentials key and the keys it replaced, 32 bytes each', () => {
    const key = randomBytes(32).toString('base64')
    const old = randomBytes(32).toString('base64')
    expect(
      readConfig({
        CALENDAR_CREDENTIALS_KEY: key,
        CALENDAR_CREDENTIALS_PREVIOUS_KEYS: ` ${old} ,`,
      }),
    ).toMatchObject({ calendarCredentialsKey: key, calendarCredentialsPreviousKeys: [old] })
    expect(readConfig({})).toMatchObject({
      calendarCredentialsKey: undefined,
      calendarCredentialsPreviousKeys: [],
    })
    expect(() =>
      readConfig({ CALENDAR_CREDENTIALS_KEY: randomBytes(16).toString('base64') }),
    ).toThrow(/CALENDAR_CREDENTIALS_KEY must be 32 bytes in base64/)
    expect(() => readConfig({ CALENDAR_CREDENTIALS_PREVIOUS_KEYS: `${key},short` })).toThrow(
      /CALENDAR_CREDENTIALS_PREVIOUS_KEYS must be 32 bytes/,
    )
  })

  it('lists every bad setting in one error', () => {
    let error: unknown
    try {
      readConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db',
        FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099',
        CORS_ORIGINS: 'https://ok.example,https://bad.example/path',
        LOG_LEVEL: 'loud',
        SEED_DEMO: 'yes',
        SLOTWISE_SECRET: 'short',
        DEFAULT_BUSINESS: 'Harbor Street',
        SMTP_URL: 'http://mail.example',
        MAIL_FROM: 'Slotwise',
        PUBLIC_READS_PER_MINUTE: 'lots',
        JOBS_INTERVAL_MS: 'often',
      })
    } catch (caught) {
      error = caught
    }

    expect(error).toBeInstanceOf(ConfigError)
    const { problems } = error as ConfigError
    expect(problems).toHaveLength(12)
    expect(problems.join('\n')).toMatch(
      /PORT.*DATABASE_URL.*FIREBASE_AUTH_EMULATOR_HOST.*SLOTWISE_SECRET.*DEFAULT_BUSINESS.*SMTP_URL.*MAIL_FROM.*PUBLIC_READS_PER_MINUTE.*JOBS_INTERVAL_MS/s,
    )
    expect(problems.join('\n')).toContain('https://bad.example/path')
  })

  it.each([
    ['a header after a line break', 'Slotwise <no-reply@slotwise.app>\r\nBcc: victim@evil.test'],
    ['a line break in the name', 'Slot\nwise <no-reply@slotwise.app>'],
    ['two addresses', 'a@slotwise.app, b@slotwise.app'],
    ['two mailboxes', 'A <a@slotwise.app>, B <b@slotwise.app>'],
  ])('refuses a MAIL_FROM with %s', (_what, mailFrom) => {
    expect(() => readConfig({ MAIL_FROM: mailFrom })).toThrow(/MAIL_FROM must be one address/)
  })

  it('takes a MAIL_FROM with a quoted name, or a bare address', () => {
    for (const mailFrom of ['"Harbor, Street" <bookings@example.com>', 'bookings@example.com']) {
      expect(readConfig({ MAIL_FROM: mailFrom }).mailFrom).toBe(mailFrom)
    }
  })
})

describe('the secret that signs manage links and calendar feeds', () => {
  it('must be shared by every process: required with DATABASE_URL outside emulator mode', () => {
    expect(() => readConfig({ DATABASE_URL: 'postgres://app@db:5432/slotwise' })).toThrow(
      /SLOTWISE_SECRET must be set with DATABASE_URL/,
    )
    expect(readConfig({}).secret).toBeUndefined()
    expect(readConfig({}).publicUrl).toBe('http://127.0.0.1:8080')
  })
})

describe('first business name and slug', () => {
  it('names the business after the user', () => {
    expect(firstBusinessName({ name: 'Dana Smith' })).toBe("Dana Smith's Business")
    // Never the e-mail or its local part: the name and its slug are public.
    expect(firstBusinessName({ name: null })).toBe('My Business')
    expect(firstBusinessName({ name: '  ' })).toBe('My Business')
    expect(ownerTeamMemberName({ name: ' Dana Smith ' })).toBe('Dana Smith')
    expect(ownerTeamMemberName({ name: null })).toBe('Owner')
  })

  it('makes URL-safe slugs', () => {
    expect(slugify("Dana Smith's Business")).toBe('dana-smiths-business')
    expect(slugify('Zoë & Björn — Café')).toBe('zoe-bjorn-cafe')
    expect(slugify('!!!')).toBe('business')
    expect(slugify('a'.repeat(80))).toHaveLength(40)
    expect(slugify(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39))
  })

  it('offers readable alternatives first, then random ones', () => {
    const candidates = slugCandidates('studio', () => 'x1y2z3')
    const first = Array.from({ length: 7 }, () => candidates.next().value)

    expect(first).toEqual([
      'studio',
      'studio-2',
      'studio-3',
      'studio-4',
      'studio-5',
      'studio-x1y2z3',
      'studio-x1y2z3',
    ])
  })
})

describe('the client address behind proxies', () => {
  it('believes X-Forwarded-For only from the configured number of proxies', () => {
    expect(readConfig({}).trustProxyHops).toBe(0)
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxyHops).toBe(1)
    expect(() => readConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/)
  })
})

describe('logs and metrics settings', () => {
  it('print JSON lines and keep metrics without a token by default', () => {
    expect(readConfig({})).toMatchObject({ logFormat: 'json', metricsToken: undefined })
  })

  it('read LOG_FORMAT and METRICS_TOKEN, and refuse bad ones together', () => {
    const token = 'f'.repeat(64)
    expect(readConfig({ LOG_FORMAT: 'pretty', METRICS_TOKEN: token })).toMatchObject({
      logFormat: 'pretty',
      metricsToken: token,
    })
    expect(() => readConfig({ LOG_FORMAT: 'xml', METRICS_TOKEN: 'short' })).toThrow(
      /LOG_FORMAT must be json or pretty.*\n.*METRICS_TOKEN must be at least 32/,
    )
  })
})

describe('Google Calendar settings', () => {
  it("are off without a client, Google's own addresses with one, one root for the local service", () => {
    expect(readConfig({}).google).toBeUndefined()
    expect(readConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      revokeUrl: 'https://oauth2.googleapis.com/revoke',
      apiRootUrl: 'https://www.googleapis.com/',
    })
    const local = readConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_OAUTH_BASE_URL: 'http://127.0.0.1:9300/',
      GOOGLE_API_BASE_URL: 'http://127.0.0.1:9300',
    }).google
    expect(local).toMatchObject({
      tokenUrl: 'http://127.0.0.1:9300/token',
      apiRootUrl: 'http://127.0.0.1:9300/',
    })
  })

  it('refuses half a client and addresses that are not http(s)', () => {
    expect(() => readConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET go together/)
    expect(() =>
      readConfig({
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        GOOGLE_API_BASE_URL: 'ftp://example.com',
      }),
    ).toThrow(/GOOGLE_API_BASE_URL must be an http\(s\):\/\/ address/)
  })
})
