import { describe, expect, it } from 'vitest'
import type { components } from '../../../../../shared/contract/schema'
import {
  PAYMENT_STATE_LABELS,
  paymentBadgeText,
  paymentSentence,
  shownPayment,
} from '../../../../../src/components/appointments/payment-format'

type PaymentSummary = components['schemas']['PaymentSummary']

const payment = (overrides: Partial<PaymentSummary>): PaymentSummary => ({
  state: 'paid',
  paid_minor: 4550,
  refunded_minor: 0,
  currency: 'USD',
  ...overrides,
})

describe('an appointment’s payment in words', () => {
  it('says the state and the money that moved', () => {
    expect(paymentBadgeText(payment({}), 'en-US')).toBe('Paid · $45.50')
    expect(paymentBadgeText(payment({ state: 'deposit_paid', paid_minor: 1000 }), 'en-US')).toBe(
      'Deposit paid · $10.00',
    )
    expect(
      paymentBadgeText(payment({ state: 'partly_refunded', refunded_minor: 1550 }), 'en-US'),
    ).toBe('Partly refunded · $15.50 of $45.50 back')
    expect(paymentBadgeText(payment({ state: 'refunded', refunded_minor: 4550 }), 'en-US')).toBe(
      'Refunded · $45.50',
    )
    expect(
      paymentBadgeText(payment({ state: 'paid', paid_minor: 2500, currency: 'JPY' }), 'en-US'),
    ).toBe('Paid · ¥2,500')
  })

  it('names states without money by their label alone', () => {
    for (const state of ['pending', 'failed', 'expired', 'card_on_file'] as const) {
      expect(paymentBadgeText(payment({ state, paid_minor: 0 }), 'en-US')).toBe(
        PAYMENT_STATE_LABELS[state],
      )
    }
    expect(paymentSentence(payment({ state: 'failed', paid_minor: 0 }))).toBe(
      'payment: payment failed',
    )
  })

  it('adds nothing a hold’s status already says, and nothing without payments', () => {
    expect(shownPayment({ status: 'confirmed', payment: null })).toBeNull()
    expect(shownPayment({ status: 'confirmed' })).toBeNull()
    expect(
      shownPayment({ status: 'pending_payment', payment: payment({ state: 'pending' }) }),
    ).toBeNull()
    expect(
      shownPayment({ status: 'payment_expired', payment: payment({ state: 'expired' }) }),
    ).toBeNull()
    const refunded = payment({ state: 'refunded', refunded_minor: 4550 })
    expect(shownPayment({ status: 'cancelled', payment: refunded })).toBe(refunded)
  })
})
