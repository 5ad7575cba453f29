/**
 * How many digits a currency's minor unit has (USD 2, JPY 0, KWD 3), from Intl: the server's
 * CSV amounts and the browser's money fields read a currency alike. An unknown code counts 2.
 */
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
