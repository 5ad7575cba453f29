/**
 * Money in minor units (cents), shown in the business currency. Pure: the digits of a currency
 * come from Intl, so JPY (0 digits) and KWD (3 digits) work like USD.
 */

import { minorUnitDigits } from '../../../shared/currency-digits'

export function minorToMajor(amountMinor: number, currency: string): number {
  return amountMinor / 10 ** minorUnitDigits(currency)
}

/** Rounds to the nearest minor unit, so 19.999 never becomes a fraction of a cent. */
export function majorToMinor(amountMajor: number, currency: string): number {
  return Math.round(amountMajor * 10 ** minorUnitDigits(currency))
}

/*
 * Formatted amounts, by locale, currency and amount. A page's first currency format makes the
 * browser load its currency data: about 20 ms on a laptop and four times that on a phone, in
 * the middle of hydrating a booking page. So a page the server rendered brings the amounts it
 * shows (recordFormattedMoney on the server, seedFormattedMoney in the browser), and hydrating
 * it formats none. Only amounts with an explicit locale are kept: without one, the server's
 * default locale is not the visitor's.
 */
const formatted = new Map<string, string>()
/** Enough for every amount a session shows; past it the oldest are forgotten. */
const MAX_FORMATTED = 500
let recording: Map<string, string> | null = null

/** "$25.00", "25,00 €", "¥2,500" — in the user's locale unless one is given. */
export function formatMoney(amountMinor: number, currency: string, locale?: string): string {
  const key = locale === undefined ? null : `${locale}|${currency}|${amountMinor}`
  const known = key === null ? undefined : formatted.get(key)
  const text = known ?? formatWithIntl(amountMinor, currency, locale)
  if (key !== null) {
    if (known === undefined) remember(key, text)
    recording?.set(key, text)
  }
  return text
}

function formatWithIntl(amountMinor: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
      minorToMajor(amountMinor, currency),
    )
  } catch {
    return `${(amountMinor / 100).toFixed(2)} ${currency}`
  }
}

function remember(key: string, text: string): void {
  if (formatted.size >= MAX_FORMATTED) {
    const oldest = formatted.keys().next().value
    if (oldest !== undefined) formatted.delete(oldest)
  }
  formatted.set(key, text)
}

/**
 * Runs a (synchronous) render and returns what it returned with every amount it formatted, for
 * the page to carry to the browser's seedFormattedMoney.
 */
export function recordFormattedMoney<T>(render: () => T): {
  result: T
  formatted: Record<string, string>
} {
  const outer = recording
  recording = new Map()
  try {
    const result = render()
    return { result, formatted: Object.fromEntries(recording) }
  } finally {
    recording = outer
  }
}

/** The amounts a server-rendered page carries, formatted as the server formatted them. */
export function seedFormattedMoney(entries: Record<string, string>): void {
  for (const [key, text] of Object.entries(entries)) {
    if (typeof text === 'string') remember(key, text)
  }
}
