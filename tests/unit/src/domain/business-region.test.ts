import { describe, expect, it } from 'vitest'
import { currencyForLanguages } from '../../../../src/domain/business-region'

describe('currencyForLanguages', () => {
  it.each([
    [['en-US'], 'USD'],
    [['en-GB', 'en'], 'GBP'],
    [['de-AT'], 'EUR'],
    [['ja'], 'JPY'],
    [['pt-BR', 'en-US'], 'BRL'],
    [['xx-ZZ', 'fr-CH'], 'CHF'],
  ])('reads %o as %s', (languages, currency) => {
    expect(currencyForLanguages(languages)).toBe(currency)
  })

  it('starts with USD when no language names a known region', () => {
    expect(currencyForLanguages([])).toBe('USD')
    expect(currencyForLanguages(['not a tag'])).toBe('USD')
  })
})
