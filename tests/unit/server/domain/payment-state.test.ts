import { describe, expect, it } from 'vitest'
import { type PaymentFacts, summarisePayments } from '../../../../server/domain/payment-state.ts'

const payment = (facts: Partial<PaymentFacts>): PaymentFacts => ({
  kind: 'prepayment',
  status: 'succeeded',
  amountMinor: 5000,
  refundedAmountMinor: 0,
  ...facts,
})

describe('summarisePayments', () => {
  it('has nothing to say about an appointment without payments', () => {
    expect(summarisePayments([])).toBeNull()
  })

  it.each<[string, PaymentFacts[], string, number, number]>([
    ['an open Checkout', [payment({ status: 'pending' })], 'pending', 0, 0],
    ['a full prepayment', [payment({})], 'paid', 5000, 0],
    ['a deposit', [payment({ kind: 'deposit', amountMinor: 1000 })], 'deposit_paid', 1000, 0],
    ['part given back', [payment({ refundedAmountMinor: 2000 })], 'partly_refunded', 5000, 2000],
    ['all given back', [payment({ refundedAmountMinor: 5000 })], 'refunded', 5000, 5000],
    [
      'a deposit given back in full',
      [payment({ kind: 'deposit', amountMinor: 1000, refundedAmountMinor: 1000 })],
      'refunded',
      1000,
      1000,
    ],
    ['an abandoned Checkout', [payment({ status: 'expired' })], 'expired', 0, 0],
    ['a kept card', [payment({ kind: 'card_on_file', amountMinor: 0 })], 'card_on_file', 0, 0],
    [
      'a kept card whose no-show fee was declined',
      [
        payment({ kind: 'card_on_file', amountMinor: 0 }),
        payment({ kind: 'no_show_fee', status: 'failed', amountMinor: 2500 }),
      ],
      'failed',
      0,
      0,
    ],
    [
      'a kept card whose no-show fee was charged',
      [
        payment({ kind: 'card_on_file', amountMinor: 0 }),
        payment({ kind: 'no_show_fee', amountMinor: 2500 }),
      ],
      'paid',
      2500,
      0,
    ],
    [
      'a retried Checkout: the expired one does not hide the payment',
      [payment({ status: 'expired' }), payment({ kind: 'deposit', amountMinor: 1000 })],
      'deposit_paid',
      1000,
      0,
    ],
    [
      'a card still being saved',
      [payment({ kind: 'card_on_file', amountMinor: 0, status: 'pending' })],
      'pending',
      0,
      0,
    ],
  ])('%s is %s', (_, payments, state, paidMinor, refundedMinor) => {
    expect(summarisePayments(payments)).toEqual({ state, paidMinor, refundedMinor })
  })
})
