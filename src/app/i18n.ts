import { createElement, Fragment, type ReactNode, useSyncExternalStore } from 'react'
import rosetta from 'rosetta'
import type { Catalogue, MessageKey } from '../../shared/i18n/en'
import { en } from '../../shared/i18n/en'
import {
  isMessageKey,
  localeFor,
  negotiateLanguage,
  pluralKey,
} from '../../shared/i18n/language-choice'
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages'
import { readBookingLanguage, storeBookingLanguage } from './storage'

/*
 * The booking pages' language. English is in the bundle (the fallback and most businesses'
 * default); another language's catalogue is fetched only when the page is shown in it, so the
 * first load carries one catalogue, never four. The state is a tiny external store that
 * React reads with useSyncExternalStore.
 */

const i18n = rosetta<Catalogue>({ en })

const loaders: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('../../shared/i18n/es').then((module) => module.es),
  de: () => import('../../shared/i18n/de').then((module) => module.de),
  fr: () => import('../../shared/i18n/fr').then((module) => module.fr),
}

interface LanguageState {
  language: Language
  /** Whether the business lets the visitor switch (it follows the visitor's language). */
  switchable: boolean
  /** The business's own locale (`en-US`, `de-AT`), for `Intl` when the page is in its language. */
  businessLocale: string | null
}

let state: LanguageState = { language: DEFAULT_LANGUAGE, switchable: false, businessLocale: null }
const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Brings a language's catalogue in (once); English is always there. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.table(language)) i18n.set(language, await loaders[language]())
}

async function show(
  language: Language,
  switchable: boolean,
  businessLocale: string | null,
): Promise<void> {
  await loadLanguage(language)
  // Already so (a page the server rendered in this language): a new state object would make
  // every text on the page render again, synchronously, for nothing.
  if (
    state.language === language &&
    state.switchable === switchable &&
    state.businessLocale === businessLocale
  ) {
    return
  }
  state = { language, switchable, businessLocale }
  document.documentElement.lang = language
  for (const listener of listeners) listener()
}

/**
 * The language of the render about to happen, without telling anyone: before React hydrates
 * a page the server rendered (its first render must speak the server's language), and in the
 * server renderer, which renders one page at a time, synchronously, after `loadLanguage`.
 */
export function renderInLanguage(
  language: Language,
  switchable: boolean,
  businessLocale: string | null,
): void {
  state = { language, switchable, businessLocale }
}

let decided: Promise<void> | null = null

/** What the business says about its pages' language (from its public business). */
export interface PageLanguageSettings {
  default_language: Language
  follow_visitor_language: boolean
  /** The business's locale: dates and prices keep its regional conventions in its language. */
  locale?: string
}

/**
 * Decides the page's language once per page load from the business's settings (the public
 * business the booking layout already loaded), the visitor's remembered choice and
 * `navigator.languages`. Until it is known the page speaks English; a catalogue that fails to
 * load keeps English rather than breaking the page.
 */
export function decidePageLanguage(settings: PageLanguageSettings): Promise<void> {
  decided ??= (async () => {
    const language = negotiateLanguage({
      defaultLanguage: settings.default_language,
      followVisitor: settings.follow_visitor_language,
      visitorLanguages: navigator.languages ?? [navigator.language],
      remembered: readBookingLanguage(),
    })
    await show(language, settings.follow_visitor_language, settings.locale ?? null)
  })().catch(() => undefined)
  return decided
}

/** The visitor picked a language on the switcher: shown now and remembered. */
export async function chooseLanguage(language: Language): Promise<void> {
  storeBookingLanguage(language)
  await show(language, state.switchable, state.businessLocale)
}

/** The language the page is shown in now (for what leaves the page, e.g. a booking). */
export function currentLanguage(): Language {
  return state.language
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string

const PLACEHOLDER = /{{\s*(\w+)\s*}}/

/** The page's language, `t` in it, plurals and the locale for `Intl` (given the business's). */
export function useTranslation() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  )
  const { language } = current
  const t: Translate = (key, params) => i18n.t(key, params, language)
  return {
    language,
    switchable: current.switchable,
    t,
    /** A plural message for `count` (`{{count}}` in it), by the language's rules. */
    tp: (key: string, count: number, params: Record<string, string | number> = {}) =>
      i18n.t(pluralKey(key, count, language), { ...params, count }, language),
    /**
     * A message with elements in some placeholders ("What would you like to book with
     * <strong>Ann</strong>?"): each language puts the element where its grammar wants it.
     */
    tn: (key: MessageKey, nodes: Record<string, ReactNode>): ReactNode => {
      const kept = Object.fromEntries(Object.keys(nodes).map((name) => [name, `{{${name}}}`]))
      const parts = i18n.t(key, kept, language).split(PLACEHOLDER)
      // split() with a group alternates text and placeholder names: odd places are names.
      return createElement(
        Fragment,
        null,
        ...parts.map((part, index) => (index % 2 === 1 ? nodes[part] : part)),
      )
    },
    /** A message of the machine's (a catalogue key) in this language; the server's words as they are. */
    say: (message: string): string => (isMessageKey(message) ? t(message) : message),
    locale: (businessLocale: string) => localeFor(language, businessLocale),
    /** The locale for `Intl` on this page: its language, in the business's regional flavour. */
    intl: localeFor(language, current.businessLocale ?? language),
  }
}
