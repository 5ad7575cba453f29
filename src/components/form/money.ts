/**
 * Money in minor units (cents), shown in the business currency. Pure: the digits of a currency
 * come from Intl, so JPY (0 digits) and KWD (3 digits) work like USD.
 */

/** How many minor-unit digits a currency has (USD 2, JPY 0, KWD 3). */
export function minorUnitDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    )
  } catch {
    return 2
  }
}

export function minorToMajor(amountMinor: number, currency: string): number {
  return amountMinor / 10 ** minorUnitDigits(currency)
}

/** Rounds to the nearest minor unit, so 19.999 never becomes a fraction of a cent. */
export function majorToMinor(amountMajor: number, currency: string): number {
  return Math.round(amountMajor * 10 ** minorUnitDigits(currency))
}

/** "$25.00", "25,00 €", "¥2,500" — in the user's locale unless one is given. */
export function formatMoney(amountMinor: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
      minorToMajor(amountMinor, currency),
    )
  } catch {
    return `${(amountMinor / 100).toFixed(2)} ${currency}`
  }
}
