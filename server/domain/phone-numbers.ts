import {
  type CountryCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max'

export type PhoneReading = { ok: true; e164: string } | { ok: false; message: string }

/**
 * A phone number as written by a person (spaces, brackets, a leading 0, "00" or "+") in E.164.
 * Numbers without a country code are read in `defaultRegion`; without one they cannot be read.
 * The full metadata (`/max`) checks a number is one the country actually hands out, not just
 * of a plausible length: a number that is wrong by a digit is refused, not stored.
 */
export function toE164(written: string, defaultRegion: string | null): PhoneReading {
  const text = written.trim()
  const international = text.startsWith('+') || text.startsWith('00')
  const region = defaultRegion && isRegion(defaultRegion) ? defaultRegion : undefined
  if (!international && !region) {
    return { ok: false, message: 'has no country code (start it with + and the code)' }
  }
  const parsed = parsePhoneNumberFromString(
    text.startsWith('00') ? `+${text.slice(2)}` : text,
    region,
  )
  if (!parsed?.isValid()) {
    return {
      ok: false,
      message: region
        ? `is not a valid phone number (read as a number in ${region} unless it starts with +)`
        : 'is not a valid phone number',
    }
  }
  return { ok: true, e164: parsed.number }
}

/** Whether the phone-number library knows the country (ISO 3166-1 alpha-2, upper case). */
export function isRegion(code: string): code is CountryCode {
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code)
}

/**
 * The country a business's phone numbers are written in when they carry no country code: the
 * country of the business's own number when it is written internationally (where the business
 * actually is), else the region of its locale (en-GB → GB), else none.
 */
export function businessRegion(business: { phone: string; locale: string }): string | null {
  const own = business.phone.trim()
  if (own.startsWith('+')) {
    const country = parsePhoneNumberFromString(own)?.country
    if (country) return country
  }
  try {
    const region = new Intl.Locale(business.locale).maximize().region
    return region && isRegion(region) ? region : null
  } catch {
    return null
  }
}
