/**
 * How the staff app words billing: prices, intervals, savings, limits, badges and the owner's
 * banner. Plans are data from the API; nothing here names a plan, a price or a limit. Money is
 * shown in its own currency (the subscription's), which is not the business's currency.
 */
import { trialKeptAtCheckout } from '../../shared/checkout-trial'
import type { components } from '../../shared/contract/schema'
import { bookableMembersText, type PlanFeature } from '../../shared/plan-limits'

export type Plan = components['schemas']['Plan']
export type Money = components['schemas']['Money']
export type BillingInterval = components['schemas']['BillingInterval']
export type Subscription = components['schemas']['Subscription']
export type SubscriptionStatus = components['schemas']['SubscriptionStatus']
export type CardSummary = components['schemas']['CardSummary']
export type BillingInvoice = components['schemas']['BillingInvoice']

const DAY_MS = 24 * 60 * 60 * 1000

/** Digits after the decimal point of a currency (2 for USD, 0 for JPY). */
function fractionDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  )
}

/**
 * An amount in its currency: "$29", "$29.50", "¥500". Whole amounts drop their zero cents, as
 * price lists do.
 */
export function formatMoney(money: Money, locale?: string): string {
  const digits = fractionDigits(money.currency)
  const scale = 10 ** digits
  const whole = money.amount_minor % scale === 0
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(money.amount_minor / scale)
}

export const INTERVAL_LABELS: Record<BillingInterval, string> = {
  month: 'Monthly',
  year: 'Yearly',
}

/** "per month" / "per year", after a price. */
export function perInterval(interval: BillingInterval): string {
  return `per ${interval}`
}

/** "billed monthly" / "billed yearly". */
export function billedText(interval: BillingInterval): string {
  return `billed ${interval === 'month' ? 'monthly' : 'yearly'}`
}

/** A plan that costs nothing is bought by no one: it is where a business is without paying. */
export function isFreePlan(plan: Pick<Plan, 'prices'>): boolean {
  return plan.prices.month.amount_minor === 0 && plan.prices.year.amount_minor === 0
}

/**
 * What a year costs less than twelve months of the plan, from its own prices; null when it
 * does not (or the two prices are in different currencies).
 */
export function yearlySaving(
  plan: Pick<Plan, 'prices'>,
): { amount: Money; percent: number } | null {
  const { month, year } = plan.prices
  if (month.currency !== year.currency) return null
  const twelveMonths = month.amount_minor * 12
  const saved = twelveMonths - year.amount_minor
  if (saved <= 0) return null
  return {
    amount: { amount_minor: saved, currency: year.currency },
    percent: Math.round((saved / twelveMonths) * 100),
  }
}

/** "Save $58 a year (17%)", or null when yearly billing saves nothing. */
export function yearlySavingText(plan: Pick<Plan, 'prices'>, locale?: string): string | null {
  const saving = yearlySaving(plan)
  if (!saving) return null
  return `Save ${formatMoney(saving.amount, locale)} a year (${saving.percent}%)`
}

/** The largest saving any plan gives for paying yearly, in percent; 0 when none does. */
export function bestYearlyPercent(plans: readonly Pick<Plan, 'prices'>[]): number {
  return Math.max(0, ...plans.map((plan) => yearlySaving(plan)?.percent ?? 0))
}

/** "Up to 5 bookable team members", "1 bookable team member", "Unlimited bookable team members". */
export function teamLimitText(limit: number | null): string {
  if (limit === null) return 'Unlimited bookable team members'
  if (limit === 1) return '1 bookable team member'
  if (limit === 0) return 'No bookable team members'
  return `Up to ${limit} bookable team members`
}

/** The plan's features in words, for the comparison cards. */
export const FEATURE_LABELS: Record<PlanFeature, string> = {
  paid_bookings: 'Payments and deposits at booking',
  webhooks: 'Webhooks',
  remove_branding: 'No “Powered by Slotwise” on your booking page',
}

export const FEATURE_KEYS = Object.keys(FEATURE_LABELS) as PlanFeature[]

/** "2 of 5 bookable team members on Starter"; "3 bookable team members on Pro (no limit)". */
export function usageText(plan: Pick<Plan, 'name' | 'team_member_limit'>, used: number): string {
  if (plan.team_member_limit === null) {
    return `${bookableMembersText(used)} on ${plan.name} (no limit)`.replace(/^n/, 'N')
  }
  const noun = plan.team_member_limit === 1 ? 'member' : 'members'
  return `${used} of ${plan.team_member_limit} bookable team ${noun} on ${plan.name}`
}

/** Whole days until `iso`, rounded up, never below 0. */
export function daysUntil(iso: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now.getTime()) / DAY_MS))
}

export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

/** A date as people read it: "12 March 2026" (in the viewer's locale and time zone). */
export function formatBillingDate(iso: string, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso))
}

export type BadgeTone = 'success' | 'warn' | 'danger' | 'info' | 'neutral'

export interface StatusBadge {
  label: string
  tone: BadgeTone
}

const STATUS_BADGES: Record<SubscriptionStatus, StatusBadge> = {
  trialing: { label: 'Trial', tone: 'info' },
  active: { label: 'Active', tone: 'success' },
  past_due: { label: 'Past due', tone: 'danger' },
  unpaid: { label: 'Unpaid', tone: 'danger' },
  incomplete: { label: 'Payment incomplete', tone: 'warn' },
  paused: { label: 'Paused', tone: 'warn' },
}

/**
 * The badges of a subscription: its status ("Trial — 5 days left", "Active", "Past due" …) and,
 * when it was cancelled, "Cancels on 12 March 2026". `trialDaysLeft` is the server's count when
 * it has one; otherwise it is counted from `trial_ends_at`.
 */
export function subscriptionBadges(
  subscription: Subscription,
  options: { now: Date; trialDaysLeft?: number | null; locale?: string; timeZone?: string },
): StatusBadge[] {
  const status = STATUS_BADGES[subscription.status]
  const badges: StatusBadge[] = []
  if (subscription.status === 'trialing') {
    const days =
      options.trialDaysLeft ??
      (subscription.trial_ends_at ? daysUntil(subscription.trial_ends_at, options.now) : null)
    badges.push({
      ...status,
      label: days === null ? status.label : `Trial — ${daysText(days)} left`,
    })
  } else {
    badges.push(status)
  }
  if (subscription.cancel_at_period_end && subscription.current_period_end) {
    badges.push({
      label: `Cancels on ${formatBillingDate(subscription.current_period_end, options.locale, options.timeZone)}`,
      tone: 'warn',
    })
  }
  return badges
}

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
}

/** "Visa •••• 4242, expires 12/2030". */
export function cardText(card: CardSummary): string {
  const brand =
    CARD_BRANDS[card.brand.toLowerCase()] ??
    card.brand.charAt(0).toUpperCase() + card.brand.slice(1)
  const month = String(card.exp_month).padStart(2, '0')
  return `${brand} •••• ${card.last4}, expires ${month}/${card.exp_year}`
}

export const INVOICE_STATUS_BADGES: Record<BillingInvoice['status'], StatusBadge> = {
  paid: { label: 'Paid', tone: 'success' },
  open: { label: 'Open', tone: 'warn' },
  draft: { label: 'Draft', tone: 'neutral' },
  uncollectible: { label: 'Uncollectible', tone: 'danger' },
  void: { label: 'Void', tone: 'neutral' },
}

/** The badge class of a tone (`p-badge--success` …). */
export function badgeClass(tone: BadgeTone): string {
  return tone === 'neutral' ? 'p-badge' : `p-badge p-badge--${tone}`
}

/** How many days before the trial ends the owner is reminded to choose a plan. */
export const TRIAL_REMINDER_DAYS = 3

export type BillingBanner =
  | { kind: 'paymentFailed'; message: string }
  | { kind: 'trialEnding'; message: string }

/**
 * What the owner is told at the top of every page: a failed payment (past due or unpaid), or a
 * trial that ends within three days. Nothing for admins and staff, who cannot act on it.
 */
export function billingBanner(
  subscription: Subscription | null | undefined,
  isOwner: boolean,
  now: Date,
): BillingBanner | null {
  if (!subscription || !isOwner) return null
  if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
    return {
      kind: 'paymentFailed',
      message: `Your last payment failed. Update your payment method to keep ${subscription.plan_name}.`,
    }
  }
  // A subscription bought during the trial (its period ends with it) is charged then: no
  // plan left to choose.
  if (
    subscription.status === 'trialing' &&
    subscription.trial_ends_at &&
    subscription.current_period_end === null
  ) {
    const days = daysUntil(subscription.trial_ends_at, now)
    if (days > TRIAL_REMINDER_DAYS) return null
    const when = days === 0 ? 'today' : `in ${daysText(days)}`
    return {
      kind: 'trialEnding',
      message: `Your ${subscription.plan_name} trial ends ${when} — choose a plan`,
    }
  }
  return null
}

/** `?plan=pro&interval=year` of a link to /checkout (from the team's limit notice). */
export function checkoutPreselection(search: string): {
  planId: string | null
  interval: BillingInterval | null
} {
  const params = new URLSearchParams(search)
  const interval = params.get('interval')
  return {
    planId: params.get('plan') || null,
    interval: interval === 'month' || interval === 'year' ? interval : null,
  }
}

/**
 * When a plan bought now is first charged, for the plans page: during the card-less trial,
 * the trial goes on and the card is charged at its end, unless less than the 48 hours Stripe
 * needs are left (`trialKeptAtCheckout`, the server's rule too); otherwise null (charged now).
 */
export function firstChargeText(
  subscription: Subscription | null,
  now: Date,
  options: { locale?: string; timeZone?: string } = {},
): string | null {
  if (
    subscription?.status !== 'trialing' ||
    !subscription.trial_ends_at ||
    subscription.current_period_end !== null
  ) {
    return null
  }
  const kept = trialKeptAtCheckout(new Date(subscription.trial_ends_at), now)
  if (!kept) return 'Your trial ends within two days, so your card is charged today.'
  const until = formatBillingDate(kept.toISOString(), options.locale, options.timeZone)
  return `Your trial continues until ${until}; your card is first charged then.`
}
