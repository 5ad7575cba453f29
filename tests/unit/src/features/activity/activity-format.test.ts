import { parseDate } from '@internationalized/date'
import { describe, expect, it } from 'vitest'
import { dayRangeToInstants } from '../../../../../src/domain/day-range'
import {
  actorLabel,
  fieldLabel,
  formatChangeValue,
  formatOccurredAt,
  isBlockValue,
} from '../../../../../src/features/activity/activity-format'

describe('formatOccurredAt', () => {
  it('reads the stored UTC instant on the business clock, not the browser’s', () => {
    // 23:30 UTC on 1 March is already 2 March, 12:30, in Auckland (UTC+13 in March).
    const text = formatOccurredAt('2026-03-01T23:30:00Z', 'Pacific/Auckland', 'en-GB')
    expect(text).toContain('2 Mar 2026')
    expect(text).toContain('12:30')
    const berlin = formatOccurredAt('2026-03-01T23:30:00Z', 'Europe/Berlin', 'en-GB')
    expect(berlin).toContain('2 Mar 2026')
    expect(berlin).toContain('00:30')
  })

  it('falls back to the ISO instant for an unknown zone instead of throwing', () => {
    expect(formatOccurredAt('2026-03-01T23:30:00Z', 'Mars/Olympus', 'en-GB')).toBe(
      '2026-03-01T23:30:00.000Z',
    )
  })
})

describe('dayRangeToInstants', () => {
  it('covers whole days in the business zone, the last day included', () => {
    const range = { start: parseDate('2026-06-01'), end: parseDate('2026-06-03') }
    expect(dayRangeToInstants(range, 'America/New_York')).toEqual({
      from: '2026-06-01T04:00:00.000Z',
      to: '2026-06-04T04:00:00.000Z',
    })
  })

  it('follows a daylight-saving change inside the range', () => {
    // Berlin moves to summer time on 29 March 2026: the range starts at UTC+1, ends at UTC+2.
    const range = { start: parseDate('2026-03-28'), end: parseDate('2026-03-29') }
    expect(dayRangeToInstants(range, 'Europe/Berlin')).toEqual({
      from: '2026-03-27T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
    })
  })
})

describe('formatChangeValue', () => {
  it('says "(empty)" for a missing side rather than leaving a blank', () => {
    expect(formatChangeValue(null)).toBe('(empty)')
    expect(formatChangeValue(undefined)).toBe('(empty)')
    expect(formatChangeValue('')).toBe('(empty)')
    expect(formatChangeValue([])).toBe('(empty)')
  })

  it('reads booleans, numbers and lists as words', () => {
    expect(formatChangeValue(true)).toBe('Yes')
    expect(formatChangeValue(false)).toBe('No')
    expect(formatChangeValue(1440, 'en-US')).toBe('1,440')
    expect(formatChangeValue(['vip', 'late'])).toBe('vip, late')
  })

  it('shows money in its currency, minor units converted', () => {
    expect(formatChangeValue({ amount_minor: 2550, currency: 'EUR' }, 'en-US')).toBe('€25.50')
    expect(formatChangeValue({ amount_minor: 2500, currency: 'JPY' }, 'en-US')).toBe('¥2,500')
  })

  it('prints structured values as indented JSON, shown as a block', () => {
    const hours = { monday: [{ start: '09:00', end: '17:00' }] }
    expect(formatChangeValue(hours)).toBe(JSON.stringify(hours, null, 2))
    expect(isBlockValue(hours)).toBe(true)
    expect(isBlockValue('09:00')).toBe(false)
  })
})

describe('labels', () => {
  it('turns API field names into words', () => {
    expect(fieldLabel('min_notice_minutes')).toBe('Min notice minutes')
    expect(fieldLabel('logo_url')).toBe('Logo URL')
    expect(fieldLabel('email')).toBe('E-mail')
    expect(fieldLabel('service_ids')).toBe('Service IDs')
  })

  it('names the actor by name, then e-mail, then uid; no actor is the system', () => {
    expect(actorLabel({ uid: 'u1', name: 'Ada', email: 'ada@example.test' })).toBe('Ada')
    expect(actorLabel({ uid: 'u1', name: null, email: 'ada@example.test' })).toBe(
      'ada@example.test',
    )
    expect(actorLabel({ uid: 'u1', name: null, email: null })).toBe('u1')
    expect(actorLabel(null)).toBe('System')
  })
})
