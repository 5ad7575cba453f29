import { describe, expect, it } from 'vitest'
import { readImportRow } from '../../../../server/domain/customer-import-rows'
import { businessRegion, isRegion, toE164 } from '../../../../server/domain/phone-numbers'

describe('toE164', () => {
  it.each([
    ['(415) 555-2671', 'US', '+14155552671'],
    ['415.555.2671', 'US', '+14155552671'],
    ['+44 20 7946 0958', 'US', '+442079460958'],
    ['0044 20 7946 0958', null, '+442079460958'],
    ['020 7946 0958', 'GB', '+442079460958'],
    ['030 1234567', 'DE', '+49301234567'],
  ])('%s in %s is %s', (written, region, e164) => {
    expect(toE164(written, region)).toEqual({ ok: true, e164 })
  })

  it('refuses numbers that are not real ones, or have no country to read them in', () => {
    expect(toE164('12345', 'US')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a valid phone number/),
    })
    expect(toE164('+1 415 555 267', 'US').ok).toBe(false)
    // The right length, but no US area code starts with 1: a typo, not a number.
    expect(toE164('(123) 456-7890', 'US').ok).toBe(false)
    expect(toE164('415 555 2671', null)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no country code/),
    })
    expect(toE164('415 555 2671', 'ZZ')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no country code/),
    })
  })
})

describe('businessRegion', () => {
  it('takes the country of the business’s own international number, else its locale’s', () => {
    expect(businessRegion({ phone: '+44 20 7946 0958', locale: 'en-US' })).toBe('GB')
    expect(businessRegion({ phone: '020 7946 0958', locale: 'en-GB' })).toBe('GB')
    expect(businessRegion({ phone: '', locale: 'de' })).toBe('DE')
    expect(businessRegion({ phone: '', locale: 'not a locale!' })).toBeNull()
    expect(isRegion('US')).toBe(true)
    expect(isRegion('us')).toBe(false)
  })
})

describe('readImportRow', () => {
  it('reads consent in the usual spellings and refuses others', () => {
    const consent = (cell: string) => {
      const read = readImportRow({ row: 2, name: 'A', marketing_consent: cell }, 'US')
      return read.ok ? read.values.marketingConsent : 'error'
    }
    expect(['Yes', 'TRUE', '1', 'Subscribed', 'opted in'].map(consent)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ])
    expect(['no', 'false', '0', 'Unsubscribed', 'never subscribed'].map(consent)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
    expect(consent('')).toBeUndefined()
    expect(consent('maybe')).toBe('error')
  })

  it('joins first and last names, splits tags, and names every problem of a row', () => {
    const read = readImportRow(
      { row: 7, first_name: ' Ana ', last_name: 'Silva', tags: 'vip; colour,vip , ' },
      'US',
    )
    expect(read).toMatchObject({ ok: true, values: { name: 'Ana Silva', tags: ['vip', 'colour'] } })
    const bad = readImportRow({ row: 8, email: 'nope', phone: '1', tags: 'x'.repeat(41) }, 'US')
    expect(bad.ok ? [] : bad.errors.map((error) => error.field)).toEqual([
      'name',
      'email',
      'phone',
      'tags',
    ])
  })
})
