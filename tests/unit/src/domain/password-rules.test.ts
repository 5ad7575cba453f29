import { describe, expect, it } from 'vitest'
import { checkPassword, meetsPasswordRules } from '../../../../src/domain/password-rules'

const unmet = (password: string) =>
  checkPassword(password)
    .filter((rule) => !rule.met)
    .map((rule) => rule.id)

describe('password rules', () => {
  it('accepts a password with every kind of character and 8+ characters', () => {
    expect(meetsPasswordRules('Slotwise-Test-2026!')).toBe(true)
    expect(unmet('Aa1!aaaa')).toEqual([])
  })

  it('names each missing rule', () => {
    expect(unmet('')).toEqual(['length', 'lowercase', 'uppercase', 'digit', 'symbol'])
    expect(unmet('abc')).toEqual(['length', 'uppercase', 'digit', 'symbol'])
    expect(unmet('Aa1!aaa')).toEqual(['length'])
    expect(unmet('AAAA1111!')).toEqual(['lowercase'])
    expect(unmet('aaaa1111!')).toEqual(['uppercase'])
    expect(unmet('Aaaaaaaa!')).toEqual(['digit'])
    expect(unmet('Aaaaaaaa1')).toEqual(['symbol'])
  })

  it('does not count a space as a symbol', () => {
    expect(unmet('Aaaa aaa1')).toEqual(['symbol'])
  })

  it('counts letters as the identity provider does (ASCII)', () => {
    expect(unmet('ÉÉÉÉ1111!')).toEqual(['lowercase', 'uppercase'])
  })

  it('keeps the labels users see', () => {
    expect(checkPassword('').map((rule) => rule.label)[0]).toBe('At least 8 characters')
  })
})
