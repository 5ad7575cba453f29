import { describe, expect, it } from 'vitest'
import { acceptedLanguages } from '../../../../server/http/accept-language.ts'

describe('acceptedLanguages', () => {
  it('orders the tags by quality, then as the browser listed them', () => {
    expect(acceptedLanguages('fr;q=0.5, de-DE, de;q=0.9, en;q=0.5')).toEqual([
      'de-DE',
      'de',
      'fr',
      'en',
    ])
  })

  it('leaves out refused tags, the wildcard and malformed parts', () => {
    expect(acceptedLanguages('es;q=0, *;q=0.1, <script>, fr-CA;q=abc, it')).toEqual(['it'])
  })

  it('is empty without a header', () => {
    expect(acceptedLanguages(undefined)).toEqual([])
    expect(acceptedLanguages('')).toEqual([])
  })
})
