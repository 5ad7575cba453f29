import { describe, expect, it } from 'vitest'
import {
  customerSearchTerms,
  escapeLike,
  phoneDigits,
} from '../../../../server/domain/customer-search.ts'

/** What SQL's `translate(phone, …) like pattern` decides, in JavaScript. */
const phoneMatches = (search: string, phone: string) => {
  const pattern = customerSearchTerms(search)?.phoneDigitsPattern
  return pattern ? phoneDigits(phone).includes(pattern.slice(1, -1)) : false
}

describe('customerSearchTerms', () => {
  it('has nothing to search for in an empty or blank box', () => {
    expect(customerSearchTerms(undefined)).toBeNull()
    expect(customerSearchTerms('')).toBeNull()
    expect(customerSearchTerms('   ')).toBeNull()
  })

  it('looks for the trimmed text anywhere, with LIKE wildcards taken literally', () => {
    expect(customerSearchTerms('  anna ')?.pattern).toBe('%anna%')
    expect(customerSearchTerms('100%_off\\')?.pattern).toBe('%100\\%\\_off\\\\%')
  })

  it('matches a phone by its digits, whatever the spacing and punctuation', () => {
    expect(phoneMatches('555 0100', '+1 (555) 010-0')).toBe(true)
    expect(phoneMatches('(030) 1234', '+49 30 1234567')).toBe(true)
    expect(phoneMatches('+49-30-12', '+49 (30) 12 34')).toBe(true)
    expect(phoneMatches('555 0199', '+1 (555) 010-0')).toBe(false)
  })

  it('does not treat names or e-mails with a digit, or too few digits, as a phone search', () => {
    expect(customerSearchTerms('anna 2')?.phoneDigitsPattern).toBeNull()
    expect(customerSearchTerms('c42@example.com')?.phoneDigitsPattern).toBeNull()
    expect(customerSearchTerms('12')?.phoneDigitsPattern).toBeNull()
    expect(customerSearchTerms('0012')?.phoneDigitsPattern).toBeNull()
    expect(customerSearchTerms('(0123)')?.phoneDigitsPattern).toBe('%123%')
  })
})

describe('phoneDigits', () => {
  it('keeps the digits of any phone the contract allows', () => {
    expect(phoneDigits('+49 (30) 1234-567')).toBe('49301234567')
    expect(phoneDigits('030/123.45')).toBe('03012345')
  })
})

describe('escapeLike', () => {
  it('escapes exactly the backslash, percent and underscore', () => {
    expect(escapeLike('a%b_c\\d.e*f')).toBe('a\\%b\\_c\\\\d.e*f')
  })
})
