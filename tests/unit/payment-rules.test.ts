import { describe, expect, it } from 'vitest'
import {
  chargeAtBooking,
  NO_PAYMENT_RULE,
  type PaymentRule,
  paymentRuleProblems,
} from '../../shared/payment-rules.ts'

const rule = (overrides: Partial<PaymentRule>): PaymentRule => ({
  ...NO_PAYMENT_RULE,
  ...overrides,
})

describe('what booking charges', () => {
  it('charges nothing without a rule, the price in full, or a fixed deposit', () => {
    expect(chargeAtBooking(NO_PAYMENT_RULE, 5000)).toBeNull()
    expect(chargeAtBooking(rule({ kind: 'full' }), 5000)).toEqual({
      kind: 'prepayment',
      amount_minor: 5000,
      no_show_fee_minor: null,
    })
    expect(
      chargeAtBooking(rule({ kind: 'deposit_fixed', deposit_amount_minor: 1200 }), 5000),
    ).toMatchObject({ kind: 'deposit', amount_minor: 1200 })
  })

  it('rounds a percentage deposit half up to a whole minor unit, never to nothing', () => {
    const percent = (deposit_percent: number, price: number) =>
      chargeAtBooking(rule({ kind: 'deposit_percent', deposit_percent }), price)?.amount_minor
    expect(percent(20, 5000)).toBe(1000)
    expect(percent(15, 999)).toBe(150) // 149.85
    expect(percent(10, 995)).toBe(100) // 99.5, half up
    expect(percent(10, 994)).toBe(99) // 99.4
    expect(percent(1, 10)).toBe(1) // 0.1, at least 1
    expect(percent(100, 4321)).toBe(4321)
  })

  it('keeps the card for a no-show fee and charges nothing now', () => {
    expect(chargeAtBooking(rule({ kind: 'card_on_file', no_show_fee_minor: 2500 }), 5000)).toEqual({
      kind: 'card_on_file',
      amount_minor: 0,
      no_show_fee_minor: 2500,
    })
  })
})

describe('the checks of a rule', () => {
  const fields = (draft: Parameters<typeof paymentRuleProblems>[0], price = 5000) =>
    paymentRuleProblems(draft, price).map((problem) => problem.field)

  it('accepts whole rules', () => {
    expect(fields({ kind: 'none' })).toEqual([])
    expect(fields({ kind: 'full' })).toEqual([])
    expect(fields({ kind: 'deposit_fixed', deposit_amount_minor: 5000 })).toEqual([])
    expect(fields({ kind: 'deposit_percent', deposit_percent: 100 })).toEqual([])
    expect(fields({ kind: 'card_on_file', no_show_fee_minor: 1 })).toEqual([])
  })

  it('names the amount that is missing, out of range or on the wrong rule', () => {
    expect(fields({ kind: 'deposit_fixed' })).toEqual(['deposit_amount_minor'])
    expect(fields({ kind: 'deposit_fixed', deposit_amount_minor: 5001 })).toEqual([
      'deposit_amount_minor',
    ])
    expect(fields({ kind: 'deposit_percent', deposit_percent: 0 })).toEqual(['deposit_percent'])
    expect(fields({ kind: 'deposit_percent', deposit_percent: 12.5 })).toEqual(['deposit_percent'])
    expect(fields({ kind: 'card_on_file' })).toEqual(['no_show_fee_minor'])
    expect(fields({ kind: 'full', no_show_fee_minor: 100 })).toEqual(['no_show_fee_minor'])
    expect(fields({ kind: 'none', deposit_percent: 20, deposit_amount_minor: 1 })).toEqual([
      'deposit_amount_minor',
      'deposit_percent',
    ])
  })

  it('needs a price for the rules that charge a share of it', () => {
    expect(fields({ kind: 'full' }, 0)).toEqual(['price'])
    expect(fields({ kind: 'deposit_percent', deposit_percent: 20 }, 0)).toEqual(['price'])
    expect(fields({ kind: 'card_on_file', no_show_fee_minor: 1000 }, 0)).toEqual([])
  })
})
