import { describe, expect, it } from 'vitest'
import {
  PAYMENT_STATUS_TEXT,
  paymentAction,
  returnedMessage,
} from '../../../../src/domain/payments'
import type { PaymentAccount } from '../../../../src/features/payments/api'

function account(overrides: Partial<PaymentAccount> = {}): PaymentAccount {
  return {
    status: 'not_connected',
    stripe_account_id: null,
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    missing: [],
    plan_allows: true,
    payments_available: true,
    ...overrides,
  }
}

describe('paymentAction', () => {
  it('offers to connect, then to continue, and nothing once active', () => {
    expect(paymentAction(account())).toEqual({ kind: 'connect', label: 'Connect with Stripe' })
    for (const status of ['pending', 'restricted'] as const) {
      expect(paymentAction(account({ status, stripe_account_id: 'acct_1' }))).toEqual({
        kind: 'continue',
        label: 'Continue setup',
      })
    }
    expect(paymentAction(account({ status: 'active', charges_enabled: true }))).toEqual({
      kind: 'none',
    })
  })

  it('offers to connect again once the business disconnected its account in Stripe', () => {
    expect(paymentAction(account({ status: 'disconnected', stripe_account_id: 'acct_1' }))).toEqual(
      { kind: 'reconnect', label: 'Connect Stripe again' },
    )
    expect(
      paymentAction(
        account({ status: 'disconnected', stripe_account_id: 'acct_1', plan_allows: false }),
      ),
    ).toEqual({ kind: 'unavailable', reason: 'plan' })
  })

  it('explains instead when the plan lacks the feature or the server has no Stripe', () => {
    expect(paymentAction(account({ plan_allows: false }))).toEqual({
      kind: 'unavailable',
      reason: 'plan',
    })
    expect(paymentAction(account({ plan_allows: false, payments_available: false }))).toEqual({
      kind: 'unavailable',
      reason: 'server',
    })
    // An account already active stays active on a smaller plan: nothing to explain here.
    expect(paymentAction(account({ status: 'active', plan_allows: false }))).toEqual({
      kind: 'none',
    })
  })
})

describe('what the page says', () => {
  it('has a badge and a sentence for every status', () => {
    expect(Object.keys(PAYMENT_STATUS_TEXT).sort()).toEqual([
      'active',
      'disconnected',
      'not_connected',
      'pending',
      'restricted',
    ])
    expect(PAYMENT_STATUS_TEXT.active.tone).toBe('success')
    expect(PAYMENT_STATUS_TEXT.restricted.tone).toBe('danger')
  })

  it('tells the returning owner how it went, as a success only when active', () => {
    expect(returnedMessage('active').severity).toBe('success')
    expect(returnedMessage('restricted')).toEqual({
      severity: 'warn',
      text: 'Stripe still needs a few details before your account can take payments.',
    })
    expect(returnedMessage('pending').severity).toBe('info')
  })
})
