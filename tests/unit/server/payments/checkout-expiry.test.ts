import { describe, expect, it } from 'vitest'
import { checkoutExpiry } from '../../../../server/payments/connect-gateway.ts'

const now = Date.parse('2026-11-27T12:00:00Z')
const seconds = (iso: string) => Date.parse(iso) / 1000

describe('checkoutExpiry', () => {
  it('asks for Stripe’s 30-minute minimum plus five minutes when the hold ends sooner', () => {
    const tenMinutes = new Date(now + 10 * 60_000)
    expect(checkoutExpiry(tenMinutes, now)).toBe(seconds('2026-11-27T12:35:00Z'))
    expect(checkoutExpiry(null, now)).toBe(seconds('2026-11-27T12:35:00Z'))
  })

  it('keeps the session open until an hour-long hold ends, plus five minutes', () => {
    const anHour = new Date(now + 60 * 60_000)
    expect(checkoutExpiry(anHour, now)).toBe(seconds('2026-11-27T13:05:00Z'))
  })

  it('rounds a clock between seconds up, never asking for less than the minimum', () => {
    expect(checkoutExpiry(null, now + 1)).toBe(seconds('2026-11-27T12:35:01Z'))
  })
})
