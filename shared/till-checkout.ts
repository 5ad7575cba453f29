/*
 * The sums of a checkout at the till, in integer minor units of the business's currency. Pure:
 * the server refuses and records with them, the till form shows them as it is filled in.
 */

/** An extra item sold at checkout (a product, an add-on), as the receipt lists it. */
export interface CheckoutExtra {
  name: string
  quantity: number
  unitPriceMinor: number
}

/** How a discount was given: an amount, or a whole percentage of the service and extras. */
export type DiscountInput = { amountMinor: number } | { percent: number }

export interface TillFigures {
  serviceMinor: number
  extrasMinor: number
  discountMinor: number
  /** Service and extras less the discount. */
  totalMinor: number
  paidBeforeMinor: number
  /** What is still to pay: the total less what was paid online, never below 0. */
  dueMinor: number
  tipMinor: number
  /** Taken now: what was due and the tip. */
  paidNowMinor: number
}

export const extrasTotal = (extras: readonly CheckoutExtra[]): number =>
  extras.reduce((sum, extra) => sum + extra.quantity * extra.unitPriceMinor, 0)

/** A percentage of an amount in minor units, rounded half up to a whole minor unit. */
export const percentOf = (amountMinor: number, percent: number): number =>
  Math.round((amountMinor * percent) / 100)

/**
 * The checkout's figures. The discount is capped by nobody here: `discountMinor` above the
 * service and extras is the caller's refusal to make (`tillFigures` then says so by a negative
 * total), so the server can name the field.
 */
export function tillFigures(sale: {
  serviceMinor: number
  extras: readonly CheckoutExtra[]
  discount: DiscountInput
  paidBeforeMinor: number
  tipMinor: number
}): TillFigures {
  const extrasMinor = extrasTotal(sale.extras)
  const subtotal = sale.serviceMinor + extrasMinor
  const discountMinor =
    'percent' in sale.discount
      ? percentOf(subtotal, sale.discount.percent)
      : sale.discount.amountMinor
  const totalMinor = subtotal - discountMinor
  const dueMinor = Math.max(0, totalMinor - sale.paidBeforeMinor)
  return {
    serviceMinor: sale.serviceMinor,
    extrasMinor,
    discountMinor,
    totalMinor,
    paidBeforeMinor: sale.paidBeforeMinor,
    dueMinor,
    tipMinor: sale.tipMinor,
    paidNowMinor: dueMinor + sale.tipMinor,
  }
}
