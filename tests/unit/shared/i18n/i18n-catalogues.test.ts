import { describe, expect, it } from 'vitest'
import { CATALOGUES } from '../../../../shared/i18n/catalogues.ts'
import { en } from '../../../../shared/i18n/en.ts'
import {
  baseLanguage,
  LANGUAGE_NAMES,
  localeFor,
  negotiateLanguage,
  pluralKey,
} from '../../../../shared/i18n/language-choice.ts'
import { LANGUAGES } from '../../../../shared/languages.ts'

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort()

describe('catalogues', () => {
  it('exist for every language, named in their own language', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort())
    expect(LANGUAGE_NAMES).toEqual({ en: 'English', es: 'Español', de: 'Deutsch', fr: 'Français' })
  })

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    const catalogue = CATALOGUES[language]
    it(`${language} has exactly the keys of English`, () => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort())
    })
    it(`${language} uses the same placeholders as English in every message`, () => {
      for (const [key, text] of Object.entries(en)) {
        expect({ key, placeholders: placeholders(catalogue[key as keyof typeof en]) }).toEqual({
          key,
          placeholders: placeholders(text),
        })
      }
    })
    it(`${language} has no empty message`, () => {
      for (const [key, text] of Object.entries(catalogue))
        expect({ key, text }).not.toEqual({ key, text: '' })
    })
  }
})

describe('negotiateLanguage', () => {
  const business = { defaultLanguage: 'en', followVisitor: true }

  it("takes the visitor's first browser language we have, region ignored", () => {
    expect(negotiateLanguage({ ...business, visitorLanguages: ['it-IT', 'de-AT', 'fr'] })).toBe(
      'de',
    )
    expect(negotiateLanguage({ ...business, visitorLanguages: ['FR_ca'] })).toBe('fr')
  })

  it('keeps the business default when nothing matches, or when it does not follow visitors', () => {
    expect(negotiateLanguage({ ...business, visitorLanguages: ['it', 'pt-BR'] })).toBe('en')
    expect(
      negotiateLanguage({ defaultLanguage: 'es', followVisitor: false, visitorLanguages: ['de'] }),
    ).toBe('es')
    expect(
      negotiateLanguage({
        defaultLanguage: 'es',
        followVisitor: false,
        visitorLanguages: ['de'],
        remembered: 'fr',
      }),
    ).toBe('es')
  })

  it("prefers the visitor's remembered choice over the browser, ignoring junk", () => {
    expect(negotiateLanguage({ ...business, visitorLanguages: ['de'], remembered: 'fr' })).toBe(
      'fr',
    )
    expect(negotiateLanguage({ ...business, visitorLanguages: ['de'], remembered: 'xx' })).toBe(
      'de',
    )
  })

  it('falls back to English for a default that is not ours', () => {
    expect(
      negotiateLanguage({ defaultLanguage: 'it', followVisitor: false, visitorLanguages: [] }),
    ).toBe('en')
  })
})

describe('locale and plural helpers', () => {
  it("keep the business's regional locale only when it is in the language", () => {
    expect(localeFor('de', 'de-AT')).toBe('de-AT')
    expect(localeFor('fr', 'en-US')).toBe('fr')
    expect(baseLanguage('pt-BR')).toBeNull()
  })

  it("pick the plural form by the language's rules", () => {
    expect(pluralKey('duration_minutes', 1, 'en')).toBe('duration_minutes_one')
    expect(pluralKey('duration_minutes', 0, 'en')).toBe('duration_minutes_other')
    // French counts 0 as singular; English does not.
    expect(pluralKey('duration_minutes', 0, 'fr')).toBe('duration_minutes_one')
    // French "many" (a million) has no form of its own here: it falls back to "other".
    expect(pluralKey('duration_minutes', 1_000_000, 'fr')).toBe('duration_minutes_other')
  })
})
