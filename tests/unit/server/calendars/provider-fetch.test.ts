import { describe, expect, it } from 'vitest'
import { ConnectorError } from '../../../../server/calendars/connector.ts'
import {
  isNonPublicAddress,
  providerFetch,
  retryAfterMs,
} from '../../../../server/calendars/provider-fetch.ts'

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
    const failure = await guarded('http://127.0.0.1:9/calendar').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ConnectorError)
    expect((failure as ConnectorError).kind).toBe('unreachable')
    expect((failure as ConnectorError).message).toMatch(/local or private address/)
  })

  it('reads Retry-After as seconds or a date', () => {
    const now = Date.parse('2026-11-29T12:00:00Z')
    expect(retryAfterMs('120', now)).toBe(120_000)
    expect(retryAfterMs('Sun, 29 Nov 2026 12:00:30 GMT', now)).toBe(30_000)
    expect(retryAfterMs('soon', now)).toBeUndefined()
    expect(retryAfterMs(null, now)).toBeUndefined()
  })
})
