import * as Sentry from '@sentry/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient, setErrorReporter } from '../../../../src/api/client'
import { initMonitoring } from '../../../../src/app/monitoring'
import { isOwnApiUrl } from '../../../../src/app/own-api-hosts'
import { DEV_RUNTIME_CONFIG } from '../../../../src/app/runtime-config'
import { problem, startTestServer, type TestServer } from '../../../support/unit/test-server'

describe('trace headers go only to our own API hosts', () => {
  const origin = 'https://app.slotwise.example'

  it('same origin, relative URLs and the stored domain are ours', () => {
    expect(isOwnApiUrl('/api/v1/me/', origin, null)).toBe(true)
    expect(isOwnApiUrl(`${origin}/api/v1/me/`, origin, null)).toBe(true)
    expect(
      isOwnApiUrl('https://api.acme.example/api/v1/me/', origin, 'https://api.acme.example'),
    ).toBe(true)
    expect(isOwnApiUrl('https://api.acme.example/api/v1/me/', origin, 'api.acme.example')).toBe(
      true,
    )
  })

  it('anything else is not', () => {
    expect(isOwnApiUrl('https://www.googleapis.com/identitytoolkit/v3', origin, null)).toBe(false)
    expect(isOwnApiUrl('//evil.example/api', origin, null)).toBe(false)
    expect(isOwnApiUrl(`${origin}.evil.example/api`, origin, null)).toBe(false)
    expect(isOwnApiUrl('https://api.acme.example.evil/x', origin, 'https://api.acme.example')).toBe(
      false,
    )
  })
})

describe('initMonitoring', () => {
  let ingest: TestServer | undefined
  let api: TestServer | undefined

  afterEach(async () => {
    await Sentry.close(2000)
    setErrorReporter(null)
    vi.restoreAllMocks()
    await ingest?.close()
    await api?.close()
  })

  it('stays off without a DSN', async () => {
    expect(await initMonitoring({ ...DEV_RUNTIME_CONFIG, sentryDsn: null })).toBe(false)
    expect(Sentry.isInitialized()).toBe(false)
  })

  it('with a DSN: the product sampling, and failed calls reported with their tags', async () => {
    // A stand-in for Sentry's ingest endpoint, so the real SDK and transport run.
    ingest = await startTestServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end('{}')
    })
    const dsn = `http://publickey@127.0.0.1:${new URL(ingest.origin).port}/42`
    expect(
      await initMonitoring({ ...DEV_RUNTIME_CONFIG, sentryDsn: dsn, environment: 'test' }),
    ).toBe(true)

    const options = Sentry.getClient()?.getOptions()
    expect(options).toMatchObject({
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      profileSessionSampleRate: 1,
      maxBreadcrumbs: 50,
      environment: 'test',
    })
    const [ownHosts] = options?.tracePropagationTargets ?? []
    expect(ownHosts instanceof RegExp && ownHosts.test('/api/v1/me/')).toBe(true)
    expect(ownHosts instanceof RegExp && ownHosts.test('https://www.googleapis.com/x')).toBe(false)
    expect(options?.integrations.map((integration) => integration.name)).toEqual(
      expect.arrayContaining(['BrowserTracing', 'BrowserProfiling', 'CaptureConsole']),
    )

    vi.spyOn(console, 'warn').mockImplementation(() => {})
    api = await startTestServer(problem(409, 'Conflict', 'That slot was just taken.'))
    const client = createApiClient({
      baseUrl: api.origin,
      getToken: () => null,
      getDomain: () => null,
    })
    await client.GET('/api/v1/me/')
    await Sentry.flush(2000)

    // Envelopes are newline-separated JSON: header, item header, item.
    const items = ingest.seen
      .flatMap((request) => request.body.split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { tags?: Record<string, string>; exception?: unknown })
    const reported = items.find((item) =>
      JSON.stringify(item.exception ?? '').includes('That slot was just taken.'),
    )
    expect(reported?.tags).toMatchObject({ status: '409', method: 'GET', route: '/api/v1/me/' })
  })
})
