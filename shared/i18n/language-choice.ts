import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../languages.ts'
import { en, type MessageKey } from './en.ts'

/** Each language by its own name, as a switcher or a settings select offers it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
}

/** `de-AT` → `de`; anything not one of ours → null. */
export function baseLanguage(tag: string): Language | null {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0]
  return isLanguage(base) ? base : null
}

/**
 * The language a public page is shown in. The business's default, unless it lets the page
 * follow the visitor: then the language the visitor picked on the switcher before, else the
 * first of their browser's languages (`navigator.languages`, in order of preference) that we
 * have, else the default.
 */
export function negotiateLanguage(choice: {
  defaultLanguage: string
  followVisitor: boolean
  visitorLanguages: readonly string[]
  remembered?: string | null | undefined
}): Language {
  const fallback = isLanguage(choice.defaultLanguage) ? choice.defaultLanguage : DEFAULT_LANGUAGE
  if (!choice.followVisitor) return fallback
  if (isLanguage(choice.remembered)) return choice.remembered
  for (const tag of choice.visitorLanguages) {
    const language = baseLanguage(tag)
    if (language) return language
  }
  return fallback
}

/**
 * The BCP 47 locale dates and prices are written in: the business's own locale when it is in
 * this language (`de-AT` keeps Austrian conventions), else the bare language.
 */
export function localeFor(language: Language, businessLocale: string): string {
  return baseLanguage(businessLocale) === language ? businessLocale : language
}

/** The key of a plural message for `count`, by the language's CLDR rules (`_one`, `_other`…). */
export function pluralKey(key: string, count: number, language: Language): MessageKey {
  const category = new Intl.PluralRules(language).select(count)
  return `${key}_${category === 'one' ? 'one' : 'other'}` as MessageKey
}

/** Whether a string names a catalogue message (the machines keep keys, the page says them). */
export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value)
}
