/**
 * The currency of the region a browser's languages name, for a new business's first guess
 * ("en-GB" → GBP, "de-AT" → EUR). `Intl` has no region-to-currency table, so this is one for
 * the regions businesses sign up from most; anything else starts as USD and the owner picks.
 */
const CURRENCY_BY_REGION: Readonly<Record<string, string>> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  IE: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  FR: 'EUR',
  BE: 'EUR',
  NL: 'EUR',
  LU: 'EUR',
  ES: 'EUR',
  PT: 'EUR',
  IT: 'EUR',
  FI: 'EUR',
  GR: 'EUR',
  EE: 'EUR',
  LV: 'EUR',
  LT: 'EUR',
  SK: 'EUR',
  SI: 'EUR',
  HR: 'EUR',
  MT: 'EUR',
  CY: 'EUR',
  CH: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  IS: 'ISK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
  BG: 'BGN',
  TR: 'TRY',
  IL: 'ILS',
  AE: 'AED',
  SA: 'SAR',
  ZA: 'ZAR',
  NG: 'NGN',
  KE: 'KES',
  IN: 'INR',
  JP: 'JPY',
  KR: 'KRW',
  CN: 'CNY',
  HK: 'HKD',
  SG: 'SGD',
  MY: 'MYR',
  TH: 'THB',
  PH: 'PHP',
  ID: 'IDR',
  MX: 'MXN',
  BR: 'BRL',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  PE: 'PEN',
}

export const FALLBACK_CURRENCY = 'USD'

/** The region of a language tag, with likely subtags added ("ja" → JP); null when unknown. */
function regionOf(tag: string): string | null {
  try {
    return new Intl.Locale(tag).maximize().region ?? null
  } catch {
    return null
  }
}

/** The currency for the first of `languages` (the browser's, best first) with a known region. */
export function currencyForLanguages(languages: readonly string[]): string {
  for (const tag of languages) {
    const region = regionOf(tag)
    const currency = region ? CURRENCY_BY_REGION[region] : undefined
    if (currency) return currency
  }
  return FALLBACK_CURRENCY
}

/** Every ISO 4217 currency this browser knows, with the current one kept. */
export function currencyOptions(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : []
  const list = known.length > 0 ? known : ['USD', 'EUR', 'GBP']
  return current && !list.includes(current) ? [current, ...list] : list
}
