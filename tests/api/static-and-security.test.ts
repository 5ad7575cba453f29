import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CLIENT_CONFIG_ELEMENT_ID,
  type ClientConfig,
  injectClientConfig,
} from '../../server/http/client-config.ts'
import { contentSecurityPolicy } from '../../server/http/content-security-policy.ts'
import { THEME_BOOT_SCRIPT_SOURCE } from '../../server/http/theme-boot-script.ts'
import { createTestApp, type TestApp, testClientConfig } from '../support/api/test-app.ts'

const ALLOWED_ORIGIN = 'https://app.slotwise.test'
const HASHED_SCRIPT = '/static/js/index.4f3c2a1b.js'

let testApp: TestApp
let spaDir: string

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'slotwise-spa-'))
  writeFileSync(
    join(spaDir, 'index.html'),
    `<!doctype html><html><head><title>Slotwise Appointments</title></head><body><div id="root"></div><script src="${HASHED_SCRIPT}"></script></body></html>`,
  )
  mkdirSync(join(spaDir, 'static/js'), { recursive: true })
  writeFileSync(join(spaDir, HASHED_SCRIPT), 'console.log("app")')
  // The build's compressed copy beside it (rsbuild.config.ts's precompress step).
  writeFileSync(join(spaDir, `${HASHED_SCRIPT}.br`), brotliCompressSync('console.log("app")'))
  writeFileSync(join(spaDir, 'robots.txt'), 'User-agent: *\n')
  // The build's list of what a staff screen's cold start fetches after the entry.
  writeFileSync(
    join(spaDir, 'start-chunks.json'),
    JSON.stringify({
      'staff-shell': ['static/js/async/staff-shell.1a2b3c4d.js'],
      firebase: ['static/js/async/firebase.1a2b3c4d.js'],
      'screen-dashboard': ['static/js/async/screen-dashboard.1a2b3c4d.js'],
    }),
  )
  testApp = await createTestApp({ spaDir, corsOrigins: [ALLOWED_ORIGIN] })
})
afterAll(async () => {
  await testApp?.close()
  rmSync(spaDir, { recursive: true, force: true })
})

function navigate(url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*;q=0.8' } })
}

function injectedConfig(html: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html)
  return match?.[1] === undefined ? undefined : JSON.parse(match[1])
}

function cspDirectives(header: unknown): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) directives.set(name, values)
  }
  return directives
}

describe('security headers', () => {
  it('sends a strict CSP and the other hardening headers on the app', async () => {
    const response = await navigate('/')

    expect(response.statusCode).toBe(200)
    const csp = cspDirectives(response.headers['content-security-policy'])
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'self'"])
    // Besides our own files, only the theme's few lines a server-rendered page carries (by hash).
    expect(csp.get('script-src')).toEqual([
      "'self'",
      THEME_BOOT_SCRIPT_SOURCE,
      'https://apis.google.com',
    ])
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        testClientConfig().authEmulatorUrl,
      ]),
    )
    expect(csp.get('frame-src')).toContain('https://demo-slotwise.firebaseapp.com')
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https:'])
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    // No Sentry DSN in this app, so no Sentry ingest host either.
    expect(csp.get('connect-src')?.some((source) => source.includes('sentry'))).toBe(false)
    expect(csp.has('upgrade-insecure-requests')).toBe(false)
    expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-eval/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  })

  it('sends the same headers on API responses', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/health' })

    expect(response.headers['content-security-policy']).toMatch(/object-src 'none'/)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('content security policy', () => {
  it('allows Sentry ingest only when a DSN is configured', () => {
    const withSentry = contentSecurityPolicy({
      ...testClientConfig(),
      sentryDsn: 'https://public@o42.ingest.us.sentry.io/7',
    })
    const withoutSentry = contentSecurityPolicy({ ...testClientConfig(), sentryDsn: null })

    expect(withSentry['connect-src']).toEqual(
      expect.arrayContaining(['https://*.ingest.sentry.io', 'https://*.ingest.us.sentry.io']),
    )
    expect(withoutSentry['connect-src']?.join(' ')).not.toMatch(/sentry/)
  })

  it('drops the emulator from the policy when it is not in use', () => {
    const policy = contentSecurityPolicy({ ...testClientConfig(), authEmulatorUrl: null })

    expect(policy['connect-src']?.join(' ')).not.toMatch(/127\.0\.0\.1|localhost/)
    expect(policy['frame-src']).toEqual(['https://demo-slotwise.firebaseapp.com'])
  })
})

describe('single-page app', () => {
  it.each(['/dashboard', '/booking/x', '/settings/billing', '/'])(
    'serves index.html with the client config for %s',
    async (url) => {
      const response = await navigate(url)

      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toContain('<div id="root"></div>')
      expect(injectedConfig(response.body)).toEqual(testClientConfig())
      // The config sits inside <head>, before the app's own script runs.
      expect(response.body.indexOf(CLIENT_CONFIG_ELEMENT_ID)).toBeLessThan(
        response.body.indexOf('</head>'),
      )
    },
  )

  it("names a staff screen's start chunks as preloads in its page, and none in a booking page", async () => {
    const dashboard = (await navigate('/dashboard')).body
    const head = dashboard.slice(0, dashboard.indexOf('</head>'))
    for (const chunk of ['staff-shell', 'firebase', 'screen-dashboard']) {
      expect(head).toContain(
        `<link rel="preload" href="/static/js/async/${chunk}.1a2b3c4d.js" as="script">`,
      )
    }
    for (const url of ['/booking/x', '/login']) {
      expect((await navigate(url)).body, url).not.toContain('rel="preload"')
    }
  })

  it.each(['/', '/dashboard'])(
    'serves the app to a plain client such as curl at %s',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url })

      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
    },
  )

  it('does not serve the app to a client that accepts only JSON', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { accept: 'application/json' },
    })

    expect(response.statusCode).toBe(404)
  })

  it('never serves the raw index.html without the config', async () => {
    const response = await navigate('/index.html')

    expect(response.statusCode).toBe(200)
    expect(injectedConfig(response.body)).toEqual(testClientConfig())
  })

  it('serves hashed assets as immutable and other files as revalidated', async () => {
    const script = await testApp.app.inject({ method: 'GET', url: HASHED_SCRIPT })
    const robots = await testApp.app.inject({ method: 'GET', url: '/robots.txt' })

    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toMatch(/javascript/)
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(robots.statusCode).toBe(200)
    expect(robots.headers['cache-control']).toBe('no-cache')
  })

  it('sends the compressed copy to a browser that takes it, with the same caching', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: HASHED_SCRIPT,
      headers: { 'accept-encoding': 'br, gzip' },
    })

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log("app")')
  })

  it('answers a missing asset with 404 problem+json rather than the app', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/static/js/missing.js' })

    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  })

  it('does not hand the app to unknown API addresses, even for browsers', async () => {
    const response = await navigate('/api/v1/no-such-thing')

    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  })
})

describe('client config injection', () => {
  it('cannot be broken out of by a value containing </script>', () => {
    const config: ClientConfig = {
      ...testClientConfig(),
      environment: '</script><script>alert(1)</script>',
    }

    const html = injectClientConfig('<html><head></head><body></body></html>', config)

    expect(html).not.toContain('</script><script>alert(1)')
    expect(injectedConfig(html)).toEqual(config)
  })
})

describe('API reference', () => {
  it('serves a Swagger UI page that loads only local files and no inline script', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs' })

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const references = [...response.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '')
    expect(references.length).toBeGreaterThanOrEqual(3)
    for (const reference of references) {
      expect(reference).toMatch(/^\/api\/docs\//)
      const asset = await testApp.app.inject({ method: 'GET', url: reference })
      expect(asset.statusCode, reference).toBe(200)
    }
    expect(response.body).not.toMatch(/<script>/)
    const scripts = [...response.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '')
    expect(scripts.every((attributes) => attributes.includes('src='))).toBe(true)
  })

  it('points Swagger UI at the contract served from this server', async () => {
    const init = await testApp.app.inject({ method: 'GET', url: '/api/docs/init.js' })
    const contract = await testApp.app.inject({ method: 'GET', url: '/api/openapi.yaml' })

    expect(init.body).toContain("url: '/api/openapi.yaml'")
    expect(init.body).not.toMatch(/https?:\/\//)
    expect(contract.statusCode).toBe(200)
    expect(contract.headers['content-type']).toMatch(/^application\/yaml/)
    expect(contract.body).toMatch(/^openapi: 3\.1/m)
    expect(contract.body).toContain('operationId: getMe')
  })

  it('serves only the Swagger UI files the page needs', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs/assets/package.json',
    })

    expect(response.statusCode).toBe(404)
  })
})

describe('CORS', () => {
  it('echoes an allowed origin on a preflight', async () => {
    const response = await testApp.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/me/',
      headers: {
        origin: ALLOWED_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })

    expect(response.statusCode).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN)
    expect(String(response.headers['access-control-allow-headers'])).toMatch(/authorization/i)
  })

  it('echoes an allowed origin on a simple request', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: ALLOWED_ORIGIN },
    })

    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN)
  })

  it('does not allow any other origin', async () => {
    for (const origin of ['https://evil.example', 'https://app.slotwise.test.evil.example']) {
      const preflight = await testApp.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/me/',
        headers: { origin, 'access-control-request-method': 'GET' },
      })
      const simple = await testApp.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { origin },
      })

      expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
      expect(simple.headers['access-control-allow-origin']).toBeUndefined()
    }
  })
})
