/**
 * Links that let a customer act on a business's contact details: call it, write to it, find it.
 * Pure, so the booking pages and their tests share them.
 */

/**
 * A `tel:` address for a phone number as the business typed it. A number written
 * internationally ("+1 (555) 010-0199", "0044 20 7946 0000") becomes E.164, `+` and digits,
 * which every phone dials from anywhere; a national one keeps its digits, which phones dial in
 * that country. Null when there are no digits to dial.
 */
export function telHref(phone: string): string | null {
  const trimmed = phone.trim()
  const digits = trimmed.replace(/\D/g, '')
  if (digits.length < 3) return null
  if (trimmed.startsWith('+')) return `tel:+${digits}`
  if (digits.startsWith('00') && digits.length > 4) return `tel:+${digits.slice(2)}`
  return `tel:${digits}`
}

/**
 * A map search for the business's address. Google Maps' documented search URL needs no key,
 * opens the Maps app on Android and iOS when it is installed (else the web map), and finds a
 * free-form address as the owner wrote it; its line breaks become commas.
 */
export function mapHref(address: string): string | null {
  const query = address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ')
  if (query === '') return null
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
}

/** A `mailto:` address, with the address percent-encoded where it must be. */
export function mailtoHref(email: string): string | null {
  const trimmed = email.trim()
  if (!trimmed.includes('@')) return null
  return `mailto:${encodeURI(trimmed).replaceAll('?', '%3F').replaceAll('#', '%23')}`
}
