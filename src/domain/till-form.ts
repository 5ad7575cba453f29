import type { components } from '../../shared/contract/schema'
import { percentOf, type TillFigures, tillFigures } from '../../shared/till-checkout'

type CheckoutInput = components['schemas']['CheckoutInput']
export type TillMethod = components['schemas']['TillMethod']

/** The tip quick picks, in percent of what the visit came to. */
export const TIP_PERCENTS = [10, 15, 20] as const
export type TipChoice = 'none' | `${(typeof TIP_PERCENTS)[number]}` | 'custom'

export interface TillExtra {
  /** A stable key for the list's rows (not sent). */
  key: string
  name: string
  quantity: number | null
  unitPriceMinor: number | null
}

/** The till form's fields; amounts in minor units of the business currency. */
export interface TillValues {
  method: TillMethod
  tip: TipChoice
  customTipMinor: number | null
  discountKind: 'amount' | 'percent'
  discountMinor: number | null
  discountPercent: number | null
  extras: TillExtra[]
  sendReceipt: boolean
}

export const INITIAL_TILL_VALUES: TillValues = {
  method: 'card_terminal',
  tip: 'none',
  customTipMinor: null,
  discountKind: 'amount',
  discountMinor: null,
  discountPercent: null,
  extras: [],
  sendReceipt: true,
}

/** What the visit has to go on: its price and what was paid online before, net of refunds. */
export interface TillVisit {
  serviceMinor: number
  paidBeforeMinor: number
}

const filledExtras = (values: TillValues) =>
  values.extras.map((extra) => ({
    name: extra.name.trim(),
    quantity: extra.quantity ?? 0,
    unitPriceMinor: extra.unitPriceMinor ?? 0,
  }))

/** The tip in minor units: a quick pick is a percentage of the total after the discount. */
export function tipMinorOf(values: TillValues, totalMinor: number): number {
  if (values.tip === 'none') return 0
  if (values.tip === 'custom') return values.customTipMinor ?? 0
  return percentOf(Math.max(0, totalMinor), Number(values.tip))
}

/**
 * The figures as the server will compute them (the same `tillFigures`), shown live as the form
 * is filled in: total, what is still due after the online payment, the tip, what to take now.
 */
export function tillFiguresOf(values: TillValues, visit: TillVisit): TillFigures {
  const base = {
    serviceMinor: visit.serviceMinor,
    extras: filledExtras(values),
    discount:
      values.discountKind === 'percent'
        ? { percent: values.discountPercent ?? 0 }
        : { amountMinor: values.discountMinor ?? 0 },
    paidBeforeMinor: visit.paidBeforeMinor,
  }
  const untipped = tillFigures({ ...base, tipMinor: 0 })
  return tillFigures({ ...base, tipMinor: tipMinorOf(values, untipped.totalMinor) })
}

/** The checks the server makes too, said at their fields before sending. */
export function validateTill(values: TillValues, visit: TillVisit): Record<string, string> {
  const errors: Record<string, string> = {}
  const figures = tillFiguresOf(values, visit)
  if (figures.totalMinor < 0) {
    errors[values.discountKind === 'percent' ? 'discount_percent' : 'discount_minor'] =
      'The discount cannot be more than the service and extras.'
  }
  if (values.tip === 'custom' && values.customTipMinor === null) {
    errors.tip_minor = 'Enter the tip, or choose "No tip".'
  }
  values.extras.forEach((extra, index) => {
    if (extra.name.trim() === '') errors[`extras.${index}.name`] = 'Name the item sold.'
    if (extra.quantity === null || extra.quantity < 1) {
      errors[`extras.${index}.quantity`] = 'At least 1.'
    }
    if (extra.unitPriceMinor === null) errors[`extras.${index}.unit_price_minor`] = 'Enter a price.'
  })
  return errors
}

/** The request body for the figures shown. */
export function checkoutInputOf(values: TillValues, visit: TillVisit): CheckoutInput {
  const figures = tillFiguresOf(values, visit)
  return {
    method: values.method,
    tip_minor: figures.tipMinor,
    ...(values.discountKind === 'percent'
      ? { discount_percent: values.discountPercent ?? 0 }
      : { discount_minor: values.discountMinor ?? 0 }),
    extras: filledExtras(values).map((extra) => ({
      name: extra.name,
      quantity: extra.quantity,
      unit_price_minor: extra.unitPriceMinor,
    })),
    send_receipt: values.sendReceipt,
  }
}
