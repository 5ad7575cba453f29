import { describe, expect, it } from 'vitest'
import { cancellationRefund } from '../../../../server/domain/cancellation-refund.ts'

const HOUR = 3_600_000
const startsAt = Date.parse('2026-12-01T10:00:00Z')
// A 24-hour cut-off: the full refund ends at 10:00 the day before.
const facts = { leftMinor: 4500, startsAt, cancellationCutoffMinutes: 24 * 60 }
const beforeCutoff = startsAt - 25 * HOUR
const atCutoff = startsAt - 24 * HOUR
const afterCutoff = startsAt - 2 * HOUR

describe('cancellationRefund', () => {
  it('refunds everything still held when the customer cancels before the cut-off', () => {
    expect(cancellationRefund(facts, { by: 'customer' }, beforeCutoff)).toEqual({
      refundMinor: 4500,
      keptMinor: 0,
      pastCutoff: false,
    })
    // The cut-off instant itself still counts as before (the manage link allows it too).
    expect(cancellationRefund(facts, { by: 'customer' }, atCutoff)).toMatchObject({
      refundMinor: 4500,
    })
  })

  it('keeps what was charged when the customer cancels after the cut-off, as the page said', () => {
    expect(cancellationRefund(facts, { by: 'customer' }, afterCutoff)).toEqual({
      refundMinor: 0,
      keptMinor: 4500,
      pastCutoff: true,
    })
  })

  it('refunds in full when the business cancels, even after the cut-off', () => {
    const who = { by: 'business', keepPayment: false } as const
    expect(cancellationRefund(facts, who, afterCutoff)).toEqual({
      refundMinor: 4500,
      keptMinor: 0,
      pastCutoff: true,
    })
  })

  it('lets the business keep the payment only after the cut-off', () => {
    const who = { by: 'business', keepPayment: true } as const
    expect(cancellationRefund(facts, who, afterCutoff)).toEqual({
      refundMinor: 0,
      keptMinor: 4500,
      pastCutoff: true,
    })
    expect(cancellationRefund(facts, who, beforeCutoff)).toHaveProperty('refusal')
  })

  it('refunds only what is left after earlier refunds, and never a negative amount', () => {
    expect(
      cancellationRefund({ ...facts, leftMinor: 1200 }, { by: 'customer' }, beforeCutoff),
    ).toMatchObject({ refundMinor: 1200 })
    expect(
      cancellationRefund({ ...facts, leftMinor: -5 }, { by: 'customer' }, beforeCutoff),
    ).toMatchObject({ refundMinor: 0, keptMinor: 0 })
  })
})
