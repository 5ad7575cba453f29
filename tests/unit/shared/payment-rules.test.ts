import { describe, expect, it } from 'vitest'
import {
  chargeAtBooking,
  chargeBelowStripeMinimum,
  NO_PAYMENT_RULE,
  type PaymentRule,
  paymentRuleProblems,
  priceProblemForKeptRule,
} from '../../../shared/payment-rules.ts'

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

describe("Stripe's smallest charge", () => {
  const problemsOf = (
    rule: Parameters<typeof paymentRuleProblems>[0],
    price: number,
    currency: string,
  ) => paymentRuleProblems(rule, price, currency)

  it('refuses a fixed deposit, a full price or a no-show fee below it, naming the field and the minimum in the currency', () => {
    expect(problemsOf({ kind: 'deposit_fixed', deposit_amount_minor: 49 }, 5000, 'USD')).toEqual([
      {
        field: 'deposit_amount_minor',
        message: "must be at least $0.50, Stripe's smallest charge",
      },
    ])
    expect(problemsOf({ kind: 'deposit_fixed', deposit_amount_minor: 50 }, 5000, 'USD')).toEqual([])
    expect(problemsOf({ kind: 'full' }, 29, 'GBP')).toEqual([
      {
        field: 'price',
        message: "must be at least £0.30, Stripe's smallest charge to be paid online",
      },
    ])
    expect(problemsOf({ kind: 'card_on_file', no_show_fee_minor: 200 }, 0, 'DKK')[0]?.field).toBe(
      'no_show_fee_minor',
    )
    expect(problemsOf({ kind: 'full' }, 50, 'JPY')).toEqual([])
  })

  it('judges a percentage deposit by what it takes of the price', () => {
    // 10 % of 4.00 € is 0.40 €: below the 0.50 € minimum; of 5.00 € it is exactly 0.50 €.
    const [problem] = problemsOf({ kind: 'deposit_percent', deposit_percent: 10 }, 400, 'EUR')
    expect(problem?.field).toBe('deposit_percent')
    expect(problem?.message).toContain('€0.40')
    expect(problem?.message).toContain('€0.50')
    expect(problemsOf({ kind: 'deposit_percent', deposit_percent: 10 }, 500, 'EUR')).toEqual([])
  })

  it('is not asked without a currency (the other checks alone)', () => {
    expect(paymentRuleProblems({ kind: 'deposit_fixed', deposit_amount_minor: 1 }, 5000)).toEqual(
      [],
    )
  })
})

describe('a charge below the minimum, wherever it comes from', () => {
  const half = rule({ kind: 'deposit_percent', deposit_percent: 50 })

  it('finds what a rule would charge below Stripe’s minimum in the currency', () => {
    expect(chargeBelowStripeMinimum(half, 60, 'USD')).toMatchObject({
      chargedMinor: 30,
      minimumMinor: 50,
      message: "the deposit of $0.30 is below $0.50, Stripe's smallest charge",
    })
    expect(chargeBelowStripeMinimum(half, 100, 'USD')).toBeNull()
    // The same amounts in kronor fall short: a currency change can cause it.
    expect(chargeBelowStripeMinimum(half, 100, 'SEK')?.minimumMinor).toBe(300)
    expect(
      chargeBelowStripeMinimum(rule({ kind: 'card_on_file', no_show_fee_minor: 40 }), 0, 'USD'),
    ).toMatchObject({ what: 'no-show fee', chargedMinor: 40 })
    expect(chargeBelowStripeMinimum(NO_PAYMENT_RULE, 1, 'USD')).toBeNull()
  })

  it('explains a new price at the price field, with the lowest price that works', () => {
    expect(priceProblemForKeptRule(half, 60, 'USD')).toBe(
      "would make the 50 % deposit $0.30, below $0.50, Stripe's smallest charge: the price must be at least $0.99",
    )
    expect(chargeAtBooking(half, 99)?.amount_minor).toBe(50)
    expect(chargeAtBooking(half, 98)?.amount_minor).toBe(49)
    expect(priceProblemForKeptRule(half, 99, 'USD')).toBeNull()
    expect(priceProblemForKeptRule(rule({ kind: 'full' }), 49, 'USD')).toBe(
      "must be at least $0.50, Stripe's smallest charge, to be paid online",
    )
    expect(
      priceProblemForKeptRule(
        rule({ kind: 'deposit_fixed', deposit_amount_minor: 2000 }),
        1999,
        'USD',
      ),
    ).toBe('must not be below the fixed deposit')
    expect(priceProblemForKeptRule(NO_PAYMENT_RULE, 1, 'USD')).toBeNull()
  })
})
