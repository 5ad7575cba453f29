import { describe, expect, it } from 'vitest'
import {
  bestYearlyPercent,
  billingBanner,
  cardText,
  checkoutPreselection,
  firstChargeText,
  formatMoney,
  isFreePlan,
  subscriptionBadges,
  teamLimitText,
  usageText,
  yearlySaving,
  yearlySavingText,
} from '../../../../src/domain/billing'
import { samplePlans, sampleSubscription } from '../../../support/unit/billing-samples'

const [free, starter, pro] = samplePlans as [
  (typeof samplePlans)[0],
  (typeof samplePlans)[0],
  (typeof samplePlans)[0],
]
const now = new Date('2026-03-10T12:00:00Z')

describe('money', () => {
  it('formats minor units in the money’s own currency, dropping zero cents', () => {
    expect(formatMoney({ amount_minor: 2900, currency: 'USD' }, 'en-US')).toBe('$29')
    expect(formatMoney({ amount_minor: 2950, currency: 'USD' }, 'en-US')).toBe('$29.50')
    expect(formatMoney({ amount_minor: 0, currency: 'EUR' }, 'en-US')).toBe('€0')
    // Yen has no minor unit: 500 minor is ¥500.
    expect(formatMoney({ amount_minor: 500, currency: 'JPY' }, 'en-US')).toBe('¥500')
  })
})

describe('plans from data', () => {
  it('knows a free plan by its prices', () => {
    expect(isFreePlan(free)).toBe(true)
    expect(isFreePlan(starter)).toBe(false)
  })

  it('computes what a year saves from the two prices', () => {
    expect(yearlySaving(starter)).toEqual({
      amount: { amount_minor: 3800, currency: 'USD' },
      percent: 17,
    })
    expect(yearlySaving(free)).toBeNull()
    expect(yearlySavingText(pro, 'en-US')).toBe('Save $98 a year (17%)')
    expect(bestYearlyPercent(samplePlans)).toBe(17)
    expect(bestYearlyPercent([free])).toBe(0)
  })

  it('does not compare prices in two currencies', () => {
    const mixed = {
      prices: {
        month: { amount_minor: 1000, currency: 'USD' },
        year: { amount_minor: 1000, currency: 'EUR' },
      },
    }
    expect(yearlySaving(mixed)).toBeNull()
  })

  it('words the team member limit', () => {
    expect(teamLimitText(1)).toBe('1 bookable team member')
    expect(teamLimitText(5)).toBe('Up to 5 bookable team members')
    expect(teamLimitText(null)).toBe('Unlimited bookable team members')
  })

  it('words the usage against the plan', () => {
    expect(usageText(starter, 2)).toBe('2 of 5 bookable team members on Starter')
    expect(usageText(free, 1)).toBe('1 of 1 bookable team member on Free')
    expect(usageText(pro, 3)).toBe('3 bookable team members on Pro (no limit)')
    expect(usageText(pro, 0)).toBe('No bookable team members on Pro (no limit)')
  })
})

describe('subscription badges', () => {
  it('counts the trial’s days left', () => {
    const trial = sampleSubscription({ status: 'trialing', trial_ends_at: '2026-03-15T00:00:00Z' })
    expect(subscriptionBadges(trial, { now })).toEqual([
      { label: 'Trial — 5 days left', tone: 'info' },
    ])
    expect(subscriptionBadges(trial, { now, trialDaysLeft: 1 })[0]?.label).toBe(
      'Trial — 1 day left',
    )
  })

  it('names each status and a coming cancellation', () => {
    const label = (status: Parameters<typeof sampleSubscription>[0]) =>
      subscriptionBadges(sampleSubscription(status), { now, locale: 'en-GB', timeZone: 'UTC' }).map(
        (badge) => badge.label,
      )
    expect(label({ status: 'active' })).toEqual(['Active'])
    expect(label({ status: 'past_due' })).toEqual(['Past due'])
    expect(label({ status: 'unpaid' })).toEqual(['Unpaid'])
    expect(
      label({
        status: 'active',
        cancel_at_period_end: true,
        current_period_end: '2026-04-12T10:00:00Z',
      }),
    ).toEqual(['Active', 'Cancels on 12 April 2026'])
  })
})

describe('card on file', () => {
  it('reads as people say it', () => {
    expect(cardText({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 })).toBe(
      'Visa •••• 4242, expires 12/2030',
    )
    expect(cardText({ brand: 'link', last4: '0001', exp_month: 3, exp_year: 2028 })).toBe(
      'Link •••• 0001, expires 03/2028',
    )
  })
})

describe('owner banner', () => {
  const pastDue = sampleSubscription({ plan_id: 'pro', plan_name: 'Pro', status: 'past_due' })

  it('tells the owner a payment failed, and nobody else', () => {
    expect(billingBanner(pastDue, true, now)).toEqual({
      kind: 'paymentFailed',
      message: 'Your last payment failed. Update your payment method to keep Pro.',
    })
    expect(billingBanner({ ...pastDue, status: 'unpaid' }, true, now)?.kind).toBe('paymentFailed')
    expect(billingBanner(pastDue, false, now)).toBeNull()
  })

  it('reminds the owner in the last three days of a trial', () => {
    const trialEnding = (iso: string) =>
      billingBanner(
        sampleSubscription({ plan_name: 'Pro', status: 'trialing', trial_ends_at: iso }),
        true,
        now,
      )
    expect(trialEnding('2026-03-20T00:00:00Z')).toBeNull()
    expect(trialEnding('2026-03-13T00:00:00Z')?.message).toBe(
      'Your Pro trial ends in 3 days — choose a plan',
    )
    expect(trialEnding('2026-03-11T00:00:00Z')?.message).toBe(
      'Your Pro trial ends in 1 day — choose a plan',
    )
    expect(billingBanner(sampleSubscription(), true, now)).toBeNull()
  })
})

describe('when a plan bought now is first charged', () => {
  const trial = (iso: string) =>
    sampleSubscription({ plan_id: 'trial', status: 'trialing', trial_ends_at: iso })

  it('keeps the trial when two days or more are left, naming its end', () => {
    expect(
      firstChargeText(trial('2026-03-20T12:00:00Z'), now, { locale: 'en-GB', timeZone: 'UTC' }),
    ).toBe('Your trial continues until 20 March 2026; your card is first charged then.')
  })

  it('charges today when less than the 48 hours Stripe needs are left', () => {
    const soon = new Date(now.getTime() + 47 * 3_600_000).toISOString()
    expect(firstChargeText(trial(soon), now)).toBe(
      'Your trial ends within two days, so your card is charged today.',
    )
  })

  it('says nothing after the trial, or once a subscription carries it', () => {
    expect(firstChargeText(sampleSubscription(), now)).toBeNull()
    expect(firstChargeText(null, now)).toBeNull()
    const subscribed = {
      ...trial('2026-03-20T12:00:00Z'),
      current_period_end: '2026-03-20T12:00:00Z',
    }
    expect(firstChargeText(subscribed, now)).toBeNull()
    // Nor is the owner asked to choose a plan they already bought.
    expect(
      billingBanner({ ...subscribed, trial_ends_at: '2026-03-11T00:00:00Z' }, true, now),
    ).toBeNull()
  })
})

describe('checkout link', () => {
  it('reads the plan and a valid interval', () => {
    expect(checkoutPreselection('?plan=pro&interval=year')).toEqual({
      planId: 'pro',
      interval: 'year',
    })
    expect(checkoutPreselection('interval=weekly')).toEqual({ planId: null, interval: null })
  })
})
