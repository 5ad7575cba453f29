/**
 * The languages the public booking pages and customer e-mails are written in. Shared: the
 * server stores and validates a business's default language and an appointment's language,
 * the page picks its catalogue from the same list.
 */
export const LANGUAGES = ['en', 'es', 'de', 'fr'] as const

export type Language = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'en'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}
