/**
 * A service's payment rule: what a booking of it charges, and the checks every rule must pass.
 * Pure and shared: the server refuses with `paymentRuleProblems` (the database's CHECK
 * `services_payment_rule_shape` is the last word), the service form checks before sending,
 * and `chargeAtBooking` is the one sum the booking page shows and the payment will charge.
 * Amounts are integer minor units of the service's currency.
 */

export const PAYMENT_RULE_KINDS = [
  'none',
  'full',
  'deposit_fixed',
  'deposit_percent',
  'card_on_file',
] as const
export type PaymentRuleKind = (typeof PAYMENT_RULE_KINDS)[number]

/** A rule as the contract carries it: each amount only on its own kind, null otherwise. */
export interface PaymentRule {
  kind: PaymentRuleKind
  deposit_amount_minor: number | null
  deposit_percent: number | null
  no_show_fee_minor: number | null
}

export const NO_PAYMENT_RULE: PaymentRule = {
  kind: 'none',
  deposit_amount_minor: null,
  deposit_percent: null,
  no_show_fee_minor: null,
}

/** The amount fields, by the kind that alone may carry each. */
const AMOUNT_FIELDS = {
  deposit_amount_minor: 'deposit_fixed',
  deposit_percent: 'deposit_percent',
  no_show_fee_minor: 'card_on_file',
} as const satisfies Record<string, PaymentRuleKind>

export type PaymentRuleField = keyof typeof AMOUNT_FIELDS | 'kind'

export interface PaymentRuleProblem {
  /** The rule's field at fault; `price` when the price is what no longer fits the rule. */
  field: PaymentRuleField | 'price'
  message: string
}

/**
 * Stripe's smallest charge in a currency, in its minor units (Stripe's "minimum charge
 * amounts"); 50 for a currency not listed. A rule charging less would fail at booking.
 */
const STRIPE_MINIMUM_CHARGE: Record<string, number> = {
  USD: 50,
  EUR: 50,
  GBP: 30,
  AUD: 50,
  CAD: 50,
  CHF: 50,
  NZD: 50,
  SGD: 50,
  BRL: 50,
  INR: 50,
  JPY: 50,
  DKK: 250,
  NOK: 300,
  SEK: 300,
  PLN: 200,
  CZK: 1500,
  HUF: 17500,
  HKD: 400,
  MXN: 1000,
  AED: 200,
  RON: 200,
  BGN: 100,
  THB: 1000,
  MYR: 200,
}

export function minimumChargeMinor(currency: string): number {
  return STRIPE_MINIMUM_CHARGE[currency.toUpperCase()] ?? 50
}

/** "$0.50", "¥50": an amount in a currency's own decimals, for a message. */
function money(amountMinor: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency })
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2
    return format.format(amountMinor / 10 ** digits)
  } catch {
    return `${amountMinor} ${currency}`
  }
}

/**
 * What the rule asks for at booking, given amounts typed as numbers or left out (null). With
 * the service's `currency`, what a rule charges must also reach Stripe's smallest charge (a
 * percentage deposit judged by what it takes of the price).
 */
export function paymentRuleProblems(
  rule: { kind: PaymentRuleKind } & Partial<Omit<PaymentRule, 'kind'>>,
  priceMinor: number,
  currency?: string,
): PaymentRuleProblem[] {
  const problems: PaymentRuleProblem[] = []
  for (const [field, owner] of Object.entries(AMOUNT_FIELDS) as [
    keyof typeof AMOUNT_FIELDS,
    PaymentRuleKind,
  ][]) {
    const value = rule[field]
    if (rule.kind !== owner && value !== undefined && value !== null) {
      problems.push({ field, message: `is only for the ${owner} rule` })
    }
  }
  const needs = (field: keyof typeof AMOUNT_FIELDS, check: (value: number) => string | null) => {
    const value = rule[field]
    if (value === undefined || value === null) {
      problems.push({ field, message: `is required for the ${rule.kind} rule` })
      return
    }
    const message = Number.isInteger(value) ? check(value) : 'must be a whole number'
    if (message) problems.push({ field, message })
  }
  switch (rule.kind) {
    case 'none':
      break
    case 'card_on_file':
      needs('no_show_fee_minor', (fee) => (fee >= 1 ? null : 'must be at least 1'))
      break
    case 'full':
      if (priceMinor <= 0) problems.push({ field: 'price', message: 'must be above 0 to be paid' })
      break
    case 'deposit_fixed':
      needs('deposit_amount_minor', (amount) => {
        if (amount < 1) return 'must be at least 1'
        return amount > priceMinor ? 'must not be above the price' : null
      })
      break
    case 'deposit_percent':
      needs('deposit_percent', (percent) =>
        percent < 1 || percent > 100 ? 'must be between 1 and 100' : null,
      )
      if (priceMinor <= 0) {
        problems.push({ field: 'price', message: 'must be above 0 for a percentage deposit' })
      }
      break
  }
  if (currency !== undefined && problems.length === 0) {
    const minimum = minimumChargeMinor(currency)
    const least = `must be at least ${money(minimum, currency)}, Stripe's smallest charge`
    const charge = chargeAtBooking(
      {
        kind: rule.kind,
        deposit_amount_minor: rule.deposit_amount_minor ?? null,
        deposit_percent: rule.deposit_percent ?? null,
        no_show_fee_minor: rule.no_show_fee_minor ?? null,
      },
      priceMinor,
    )
    const charged =
      charge?.kind === 'card_on_file' ? charge.no_show_fee_minor : charge?.amount_minor
    if (charged !== undefined && charged !== null && charged < minimum) {
      switch (rule.kind) {
        case 'full':
          problems.push({ field: 'price', message: `${least} to be paid online` })
          break
        case 'deposit_fixed':
          problems.push({ field: 'deposit_amount_minor', message: least })
          break
        case 'deposit_percent':
          problems.push({
            field: 'deposit_percent',
            message: `takes ${money(charged, currency)} of the price; a deposit ${least}`,
          })
          break
        case 'card_on_file':
          problems.push({ field: 'no_show_fee_minor', message: least })
          break
      }
    }
  }
  return problems
}

/**
 * What the rule would charge at this price that Stripe cannot take in this currency, or null
 * when every charge reaches Stripe's smallest charge: the payment at booking, or the no-show
 * fee of a card kept on file. Rules are refused this way when they are set; a service saved
 * before that check (or priced since in a currency with a higher minimum) can still carry one,
 * and the booking page then charges nothing rather than offer a booking Stripe would refuse.
 */
export function chargeBelowStripeMinimum(
  rule: PaymentRule,
  priceMinor: number,
  currency: string,
): { chargedMinor: number; minimumMinor: number; what: string; message: string } | null {
  const charge = chargeAtBooking(rule, priceMinor)
  if (!charge) return null
  const chargedMinor =
    charge.kind === 'card_on_file' ? (charge.no_show_fee_minor ?? 0) : charge.amount_minor
  const minimumMinor = minimumChargeMinor(currency)
  if (chargedMinor >= minimumMinor) return null
  const what = charge.kind === 'card_on_file' ? 'no-show fee' : charge.kind
  return {
    chargedMinor,
    minimumMinor,
    what,
    message: `the ${what} of ${money(chargedMinor, currency)} is below ${money(minimumMinor, currency)}, Stripe's smallest charge`,
  }
}

/**
 * Why a new price (in `currency`) no longer suits the rule the service keeps, phrased for the
 * price field, or null. A lower price can shrink a percentage deposit or a full prepayment
 * below Stripe's smallest charge, or fall under a fixed deposit.
 */
export function priceProblemForKeptRule(
  rule: PaymentRule,
  priceMinor: number,
  currency: string,
): string | null {
  const basic = paymentRuleProblems(rule, priceMinor)
  if (basic.length > 0) {
    const [first] = basic
    if (rule.kind === 'deposit_fixed') return 'must not be below the fixed deposit'
    return `${first?.message ?? 'does not suit'} with the ${rule.kind} payment rule`
  }
  const below = chargeBelowStripeMinimum(rule, priceMinor, currency)
  if (!below) return null
  const least = `${money(below.minimumMinor, currency)}, Stripe's smallest charge`
  switch (rule.kind) {
    case 'full':
      return `must be at least ${least}, to be paid online`
    case 'deposit_percent': {
      // The smallest price whose deposit, rounded half up, reaches the minimum.
      const percent = rule.deposit_percent ?? 100
      const lowest = Math.ceil((below.minimumMinor * 100 - 50) / percent)
      return `would make the ${percent} % deposit ${money(below.chargedMinor, currency)}, below ${least}: the price must be at least ${money(lowest, currency)}`
    }
    default:
      return `would make the ${below.what} ${money(below.chargedMinor, currency)} in ${currency}, below ${least}`
  }
}

/** What is taken when the customer books: a payment now, or a card kept for a no-show fee. */
export type ChargeKind = 'prepayment' | 'deposit' | 'card_on_file'

export interface ChargeAtBooking {
  kind: ChargeKind
  /** Charged now, in minor units; 0 when only the card is kept. */
  amount_minor: number
  /** Charged later if the customer does not come (card on file only). */
  no_show_fee_minor: number | null
}

/**
 * What a booking of a service at this price charges now, or null when nothing is asked. A
 * percentage deposit is rounded to the nearest minor unit (half up), never below 1.
 */
export function chargeAtBooking(rule: PaymentRule, priceMinor: number): ChargeAtBooking | null {
  switch (rule.kind) {
    case 'none':
      return null
    case 'full':
      return { kind: 'prepayment', amount_minor: priceMinor, no_show_fee_minor: null }
    case 'deposit_fixed':
      return {
        kind: 'deposit',
        amount_minor: rule.deposit_amount_minor ?? 0,
        no_show_fee_minor: null,
      }
    case 'deposit_percent':
      return {
        kind: 'deposit',
        amount_minor: Math.max(
          1,
          Math.floor((priceMinor * (rule.deposit_percent ?? 0) + 50) / 100),
        ),
        no_show_fee_minor: null,
      }
    case 'card_on_file':
      return { kind: 'card_on_file', amount_minor: 0, no_show_fee_minor: rule.no_show_fee_minor }
  }
}

/** Whether two rules are the same rule with the same amounts. */
export function samePaymentRule(a: PaymentRule, b: PaymentRule): boolean {
  return (
    a.kind === b.kind &&
    a.deposit_amount_minor === b.deposit_amount_minor &&
    a.deposit_percent === b.deposit_percent &&
    a.no_show_fee_minor === b.no_show_fee_minor
  )
}
