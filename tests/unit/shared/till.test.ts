import { describe, expect, it } from 'vitest'
import { percentOf, tillFigures } from '../../../shared/till-checkout'
import { bookAgainHref, nextWeekSameTime, parseBookAgain } from '../../../src/domain/book-again'
import {
  checkoutInputOf,
  INITIAL_TILL_VALUES,
  type TillValues,
  tillFiguresOf,
  validateTill,
} from '../../../src/domain/till-form'

const visit = { serviceMinor: 3000, paidBeforeMinor: 800 }
const values = (change: Partial<TillValues>): TillValues => ({ ...INITIAL_TILL_VALUES, ...change })

describe('the till’s figures', () => {
  it('takes the discount off service and extras, then what was paid online, then adds the tip', () => {
    expect(
      tillFigures({
        serviceMinor: 3000,
        extras: [{ name: 'Shampoo', quantity: 2, unitPriceMinor: 1250 }],
        discount: { percent: 10 },
        paidBeforeMinor: 800,
        tipMinor: 300,
      }),
    ).toEqual({
      serviceMinor: 3000,
      extrasMinor: 2500,
      discountMinor: 550,
      totalMinor: 4950,
      paidBeforeMinor: 800,
      dueMinor: 4150,
      tipMinor: 300,
      paidNowMinor: 4450,
    })
  })

  it('never asks for less than nothing when more was paid online than the total', () => {
    const figures = tillFigures({
      serviceMinor: 3000,
      extras: [],
      discount: { amountMinor: 2500 },
      paidBeforeMinor: 800,
      tipMinor: 0,
    })
    expect(figures).toMatchObject({ totalMinor: 500, dueMinor: 0, paidNowMinor: 0 })
  })

  it('rounds a percentage half up to a whole minor unit', () => {
    expect(percentOf(3333, 15)).toBe(500)
    expect(percentOf(1, 50)).toBe(1)
  })

  it('computes a quick-pick tip on the total after the discount, before the online payment', () => {
    const figures = tillFiguresOf(values({ tip: '20', discountMinor: 1000 }), visit)
    expect(figures).toMatchObject({ totalMinor: 2000, dueMinor: 1200, tipMinor: 400 })
    expect(checkoutInputOf(values({ tip: '20', discountMinor: 1000 }), visit)).toMatchObject({
      method: 'card_terminal',
      tip_minor: 400,
      discount_minor: 1000,
      extras: [],
      send_receipt: true,
    })
  })

  it('says what is wrong at the field before sending', () => {
    expect(validateTill(values({ discountMinor: 3001 }), visit)).toEqual({
      discount_minor: 'The discount cannot be more than the service and extras.',
    })
    expect(
      validateTill(
        values({
          tip: 'custom',
          extras: [{ key: 'a', name: ' ', quantity: null, unitPriceMinor: null }],
        }),
        visit,
      ),
    ).toEqual({
      tip_minor: 'Enter the tip, or choose "No tip".',
      'extras.0.name': 'Name the item sold.',
      'extras.0.quantity': 'At least 1.',
      'extras.0.unit_price_minor': 'Enter a price.',
    })
  })
})

describe('book again', () => {
  it('suggests the same wall-clock time a week later, across a change of clocks', () => {
    // Saturday 24 October 2026, 10:00 in Berlin (summer time); a week on is winter time.
    expect(nextWeekSameTime('2026-10-24T08:00:00.000Z', 'Europe/Berlin')).toBe(
      '2026-10-31T09:00:00.000Z',
    )
  })

  it('round-trips the prefill through the calendar’s address, dropping anything malformed', () => {
    const prefill = {
      customerId: '55555555-5555-4555-8555-555555555555',
      serviceId: '33333333-3333-4333-8333-333333333333',
      teamMemberId: '11111111-1111-4111-8111-111111111111',
      startsAt: '2026-12-04T09:00:00.000Z',
    }
    const href = bookAgainHref(prefill)
    expect(href.startsWith('/calendar?new=1&')).toBe(true)
    expect(parseBookAgain(href.slice(href.indexOf('?')))).toEqual(prefill)
    expect(parseBookAgain('?new=1&customer=<script>&start=soon')).toEqual({
      customerId: null,
      serviceId: null,
      teamMemberId: null,
      startsAt: null,
    })
  })
})
