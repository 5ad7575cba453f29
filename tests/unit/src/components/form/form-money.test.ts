import { describe, expect, it } from 'vitest'
import { minorUnitDigits } from '../../../../../shared/currency-digits.ts'
import {
  formatMoney,
  majorToMinor,
  minorToMajor,
  recordFormattedMoney,
  seedFormattedMoney,
} from '../../../../../src/components/form/money'

describe('money in minor units', () => {
  it('knows each currency’s minor-unit digits', () => {
    expect(minorUnitDigits('USD')).toBe(2)
    expect(minorUnitDigits('JPY')).toBe(0)
    expect(minorUnitDigits('KWD')).toBe(3)
  })

  it('converts both ways, rounding to a whole minor unit', () => {
    expect(minorToMajor(2550, 'USD')).toBe(25.5)
    expect(majorToMinor(25.5, 'USD')).toBe(2550)
    expect(majorToMinor(19.999, 'EUR')).toBe(2000)
    expect(majorToMinor(0.1 + 0.2, 'USD')).toBe(30)
    expect(majorToMinor(2500, 'JPY')).toBe(2500)
    expect(minorToMajor(1234, 'KWD')).toBe(1.234)
  })

  it('formats in the business currency', () => {
    expect(formatMoney(2500, 'USD', 'en-US')).toBe('$25.00')
    expect(formatMoney(2500, 'JPY', 'en-US')).toBe('¥2,500')
    expect(formatMoney(1999, 'EUR', 'de-DE')).toBe('19,99\u00a0€')
  })
})

describe('amounts a server-rendered page brings', () => {
  it('records the amounts a render formats with an explicit locale', () => {
    const { result, formatted } = recordFormattedMoney(() => [
      formatMoney(4500, 'USD', 'en-US'),
      formatMoney(4500, 'USD'),
      formatMoney(1999, 'EUR', 'de-DE'),
    ])
    expect(result[0]).toBe('$45.00')
    // Without a locale the server's default is not the visitor's: not handed over.
    expect(formatted).toEqual({ 'en-US|USD|4500': '$45.00', 'de-DE|EUR|1999': '19,99\u00a0€' })
  })

  it('records an amount formatted before, and only within the render', () => {
    formatMoney(700, 'GBP', 'en-GB')
    expect(recordFormattedMoney(() => formatMoney(700, 'GBP', 'en-GB')).formatted).toEqual({
      'en-GB|GBP|700': '£7.00',
    })
    expect(recordFormattedMoney(() => null).formatted).toEqual({})
  })

  it('shows a seeded amount as the server wrote it', () => {
    seedFormattedMoney({ 'fr-FR|EUR|12345': '123,45 € (server)' })
    expect(formatMoney(12345, 'EUR', 'fr-FR')).toBe('123,45 € (server)')
    expect(formatMoney(12345, 'EUR', 'fr-CA')).not.toContain('(server)')
  })
})
