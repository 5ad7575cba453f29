import { describe, expect, it } from 'vitest'
import {
  formatMoney,
  majorToMinor,
  minorToMajor,
  minorUnitDigits,
} from '../../src/components/form/money'

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
