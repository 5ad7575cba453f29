import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConnectorError } from '../../../../server/calendars/connector.ts'
import {
  isNonPublicAddress,
  providerFetch,
  retryAfterMs,
} from '../../../../server/calendars/provider-fetch.ts'
import { startTestServer, type TestServer } from '../../../support/unit/test-server.ts'

async function failureOf(call: Promise<unknown>): Promise<ConnectorError> {
  const failure = await call.catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(ConnectorError)
  return failure as ConnectorError
}

describe('provider fetch', () => {
  it('tells the addresses a member-typed calendar address may not lead to', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not an address',
    ]) {
      expect(isNonPublicAddress(address), address).toBe(true)
    }
    for (const address of ['17.253.144.10', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isNonPublicAddress(address), address).toBe(false)
    }
  })

  it('refuses a loopback address before sending anything, unless allowed', async () => {
    const guarded = providerFetch({ timeoutMs: 1_000, allowPrivateAddresses: false })
    const failure = await failureOf(guarded('http://127.0.0.1:9/calendar'))
    expect(failure.kind).toBe('unreachable')
    expect(failure.message).toMatch(/local or private address/)
  })

  it('reads Retry-After as seconds or a date', () => {
    const now = Date.parse('2026-11-29T12:00:00Z')
    expect(retryAfterMs('120', now)).toBe(120_000)
    expect(retryAfterMs('Sun, 29 Nov 2026 12:00:30 GMT', now)).toBe(30_000)
    expect(retryAfterMs('soon', now)).toBeUndefined()
    expect(retryAfterMs(null, now)).toBeUndefined()
  })

  describe('against a real server', () => {
    let server: TestServer
    const guarded = providerFetch({ timeoutMs: 300, allowPrivateAddresses: true })
    beforeAll(async () => {
      server = await startTestServer()
    })
    afterAll(() => server.close())

    it('tells a server that does not answer in time, a 5xx and a 429 apart', async () => {
      server.handle(() => {})
      const silent = await failureOf(guarded(`${server.origin}/slow`))
      expect([silent.kind, silent.message]).toEqual([
        'unreachable',
        expect.stringMatching(/in time/),
      ])

      server.handle((_request, response) => {
        response.writeHead(503, { 'retry-after': '7' })
        response.end()
      })
      const down = await failureOf(guarded(`${server.origin}/down`))
      expect([down.kind, down.retryAfterMs]).toEqual(['unreachable', 7_000])

      server.handle((_request, response) => {
        response.writeHead(429, { 'retry-after': '30' })
        response.end()
      })
      const limited = await failureOf(guarded(`${server.origin}/busy`))
      expect([limited.kind, limited.retryAfterMs]).toEqual(['rate_limited', 30_000])
    })

    it('follows a redirect itself, keeping the method and body, and hands back a 404', async () => {
      server.handle((request, response) => {
        if (request.path === '/old') response.writeHead(308, { location: '/new' })
        else response.writeHead(404)
        response.end()
      })
      const answer = await guarded(`${server.origin}/old`, { method: 'PROPFIND', body: '<x/>' })
      expect(answer.status).toBe(404)
      expect(server.seen.at(-1)).toMatchObject({ method: 'PROPFIND', path: '/new', body: '<x/>' })
    })

    it('keeps the credentials from a redirect to another origin', async () => {
      const elsewhere = await startTestServer((_request, response) => {
        response.writeHead(204)
        response.end()
      })
      try {
        server.handle((request, response) => {
          const next = request.path === '/same' ? '/other' : `${elsewhere.origin}/end`
          response.writeHead(307, { location: next })
          response.end()
        })
        await guarded(`${server.origin}/same`, { headers: { authorization: 'Basic c2VjcmV0' } })
        const seen = [...server.seen.slice(-2), ...elsewhere.seen]
        expect(seen.map((one) => [one.path, one.headers.authorization])).toEqual([
          ['/same', 'Basic c2VjcmV0'],
          ['/other', 'Basic c2VjcmV0'],
          ['/end', undefined],
        ])
      } finally {
        await elsewhere.close()
      }
    })
  })
})
