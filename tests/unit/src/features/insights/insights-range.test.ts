import { CalendarDate } from '@internationalized/date'
import { describe, expect, it } from 'vitest'
import {
  deltaOf,
  formatRange,
  parseRange,
  presetOf,
  presetRange,
} from '../../../../../src/features/insights/insights-range'

// Wednesday 4 March 2026.
const wednesday = new CalendarDate(2026, 3, 4)
const days = (range: { start: CalendarDate; end: CalendarDate }) => [
  range.start.toString(),
  range.end.toString(),
]

describe('the presets', () => {
  it('count weeks from Monday and months whole, from today', () => {
    expect(days(presetRange('this_week', wednesday))).toEqual(['2026-03-02', '2026-03-08'])
    expect(days(presetRange('last_week', wednesday))).toEqual(['2026-02-23', '2026-03-01'])
    expect(days(presetRange('last_30_days', wednesday))).toEqual(['2026-02-03', '2026-03-04'])
    expect(days(presetRange('this_month', wednesday))).toEqual(['2026-03-01', '2026-03-31'])
    expect(days(presetRange('last_month', wednesday))).toEqual(['2026-02-01', '2026-02-28'])
  })

  it('takes a Monday and a Sunday as days of their own week', () => {
    expect(days(presetRange('this_week', new CalendarDate(2026, 3, 2)))).toEqual([
      '2026-03-02',
      '2026-03-08',
    ])
    expect(days(presetRange('this_week', new CalendarDate(2026, 3, 8)))).toEqual([
      '2026-03-02',
      '2026-03-08',
    ])
  })

  it('names the preset a range is, and none for a picked one', () => {
    expect(presetOf(presetRange('last_month', wednesday), wednesday)).toBe('last_month')
    const picked = { start: new CalendarDate(2026, 2, 2), end: new CalendarDate(2026, 2, 3) }
    expect(presetOf(picked, wednesday)).toBeNull()
  })
})

describe('the range in the address', () => {
  it('reads back what it wrote', () => {
    const range = { start: new CalendarDate(2026, 1, 5), end: new CalendarDate(2026, 2, 1) }
    expect(days(parseRange(formatRange(range), wednesday))).toEqual(['2026-01-05', '2026-02-01'])
  })

  it('falls back to last week for a missing, reversed, too long or mistyped range', () => {
    const lastWeek = ['2026-02-23', '2026-03-01']
    for (const search of [
      '',
      'start=2026-03-04&end=2026-03-01',
      'start=2025-01-01&end=2026-01-03',
      'start=yesterday&end=2026-03-01',
    ]) {
      expect(days(parseRange(search, wednesday)), search).toEqual(lastWeek)
    }
    expect(days(parseRange('start=2025-01-01&end=2026-01-02', wednesday))).toEqual([
      '2025-01-01',
      '2026-01-02',
    ])
  })
})

describe('how a figure moved', () => {
  it('gives counts in percent and rates in points, good or bad by the figure', () => {
    expect(deltaOf(150, 100, { kind: 'count' })).toEqual({
      text: '+50%',
      direction: 'up',
      tone: 'good',
    })
    expect(deltaOf(0.3, 0.25, { kind: 'rate', higherIsBetter: false })).toEqual({
      text: '+5 pts',
      direction: 'up',
      tone: 'bad',
    })
    expect(deltaOf(2, 3, { kind: 'count', higherIsBetter: false })).toEqual({
      text: '−33%',
      direction: 'down',
      tone: 'good',
    })
    expect(deltaOf(4, 4, { kind: 'count' })).toEqual({
      text: 'No change',
      direction: 'same',
      tone: 'neutral',
    })
    expect(deltaOf(3, 0, { kind: 'count' })).toEqual({ text: 'New', direction: 'up', tone: 'good' })
    expect(deltaOf(null, 0.5, { kind: 'rate' })).toBeNull()
  })
})
