/** What a customer search looks for, ready for SQL `LIKE`. */
export interface CustomerSearchTerms {
  /** `%text%` with LIKE's wildcards escaped, for name and e-mail (compared in lower case). */
  pattern: string
  /**
   * `%digits%` for matching phone numbers by their digits alone (see `phoneDigits`), so
   * "030 1234" finds "+49 (30) 1234-567"; null unless the search looks like a phone number.
   */
  phoneDigitsPattern: string | null
}

/**
 * Everything but digits that the contract lets a phone number contain. SQL's
 * `translate(phone, PHONE_PUNCTUATION, '')` leaves the digits: as cheap per row as one regex
 * match, and unlike one it is an expression a trigram index can be built on.
 */
export const PHONE_PUNCTUATION = '+ ()./-'

const PHONE_LIKE = /^[+0-9 ()./-]+$/
const MIN_PHONE_DIGITS = 3

/** The digits of a phone number, as SQL's translate with PHONE_PUNCTUATION leaves them. */
export function phoneDigits(phone: string): string {
  return [...phone].filter((character) => !PHONE_PUNCTUATION.includes(character)).join('')
}

/** Terms for a search box's text; null when there is nothing to search for. */
export function customerSearchTerms(search: string | undefined): CustomerSearchTerms | null {
  const text = search?.trim() ?? ''
  if (text === '') return null
  // A leading 0 is a trunk prefix people type but rarely store after a country code.
  const significant = phoneDigits(text).replace(/^0+/, '')
  const phoneDigitsPattern =
    PHONE_LIKE.test(text) && significant.length >= MIN_PHONE_DIGITS ? `%${significant}%` : null
  return { pattern: `%${escapeLike(text)}%`, phoneDigitsPattern }
}

/** Escapes LIKE's wildcards with its default escape character, the backslash. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}
