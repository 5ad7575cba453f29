import { describe, expect, it } from 'vitest'
import {
  compareBySoonest,
  describeTimeOffSpan,
  isCurrentOrUpcoming,
  parseTimeOffInput,
  type TimeOffSpan,
  timeOffSummary,
} from '../../../../server/domain/time-off.ts'

const days = (startDate: string, endDate: string): TimeOffSpan => ({
  allDay: true,
  startDate,
  endDate,
})
const span = (startsAt: string, endsAt: string): TimeOffSpan => ({
  allDay: false,
  startsAt: new Date(startsAt),
  endsAt: new Date(endsAt),
})

describe('parseTimeOffInput', () => {
  it('reads a pair of dates, a single day included', () => {
    expect(parseTimeOffInput({ start_date: '2026-12-24', end_date: '2026-12-26' })).toEqual({
      span: days('2026-12-24', '2026-12-26'),
      errors: [],
    })
    expect(parseTimeOffInput({ start_date: '2026-12-24', end_date: '2026-12-24' }).span).toEqual(
      days('2026-12-24', '2026-12-24'),
    )
  })

  it('reads a pair of instants, whatever their offsets', () => {
    expect(
      parseTimeOffInput({
        starts_at: '2026-03-02T13:00:00+01:00',
        ends_at: '2026-03-02T12:30:00Z',
      }).span,
    ).toEqual(span('2026-03-02T12:00:00Z', '2026-03-02T12:30:00Z'))
  })

  it.each([
    ['nothing', {}, 'body.start_date', /is required/],
    ['only a reason', { reason: 'Holiday' }, 'body.start_date', /is required/],
    ['a start date alone', { start_date: '2026-01-01' }, 'body.end_date', /is required/],
    ['an end date alone', { end_date: '2026-01-01' }, 'body.start_date', /is required/],
    ['an end instant alone', { ends_at: '2026-01-01T10:00:00Z' }, 'body.starts_at', /is required/],
    [
      'a date with an instant',
      { start_date: '2026-01-01', ends_at: '2026-01-01T10:00:00Z' },
      'body.ends_at',
      /cannot be combined/,
    ],
    [
      'both complete pairs',
      {
        start_date: '2026-01-01',
        end_date: '2026-01-01',
        starts_at: '2026-01-01T10:00:00Z',
        ends_at: '2026-01-01T11:00:00Z',
      },
      'body.starts_at',
      /cannot be combined/,
    ],
    [
      'an end date before the start',
      { start_date: '2026-01-02', end_date: '2026-01-01' },
      'body.end_date',
      /on or after start_date \(2026-01-02\)/,
    ],
    [
      'an end instant before the start',
      { starts_at: '2026-01-01T10:00:00Z', ends_at: '2026-01-01T09:00:00Z' },
      'body.ends_at',
      /later than starts_at/,
    ],
    [
      'an empty span written with two offsets',
      { starts_at: '2026-01-01T10:00:00Z', ends_at: '2026-01-01T11:00:00+01:00' },
      'body.ends_at',
      /later than starts_at/,
    ],
  ])('refuses %s, naming the field', (_, input, path, message) => {
    const parsed = parseTimeOffInput(input)

    expect(parsed.span).toBeNull()
    expect(parsed.errors).toHaveLength(1)
    expect(parsed.errors[0]?.path).toBe(path)
    expect(parsed.errors[0]?.message).toMatch(message)
  })
})

describe('isCurrentOrUpcoming', () => {
  // 23:30 on 1 March in New York is already 2 March in UTC.
  const now = new Date('2026-03-02T04:30:00Z')

  it('keeps whole days until the member’s own midnight', () => {
    expect(isCurrentOrUpcoming(days('2026-03-01', '2026-03-01'), now, 'America/New_York')).toBe(
      true,
    )
    expect(isCurrentOrUpcoming(days('2026-03-01', '2026-03-01'), now, 'UTC')).toBe(false)
    expect(isCurrentOrUpcoming(days('2026-02-20', '2026-02-28'), now, 'America/New_York')).toBe(
      false,
    )
    expect(isCurrentOrUpcoming(days('2026-04-01', '2026-04-02'), now, 'UTC')).toBe(true)
  })

  it('keeps an exact span until its last instant', () => {
    expect(
      isCurrentOrUpcoming(span('2026-03-02T04:00:00Z', '2026-03-02T05:00:00Z'), now, 'UTC'),
    ).toBe(true)
    expect(
      isCurrentOrUpcoming(span('2026-03-02T03:00:00Z', '2026-03-02T04:30:00Z'), now, 'UTC'),
    ).toBe(false)
  })
})

describe('compareBySoonest', () => {
  it('orders whole days from local midnight among exact spans', () => {
    const entries = [
      span('2026-03-03T09:00:00Z', '2026-03-03T10:00:00Z'),
      days('2026-03-03', '2026-03-04'),
      span('2026-03-02T23:00:00Z', '2026-03-02T23:30:00Z'),
      days('2026-03-01', '2026-03-05'),
    ]

    const sorted = [...entries].sort(compareBySoonest('Europe/Berlin'))

    // 23:00 UTC on 2 March is already 00:00 on 3 March in Berlin: level with the whole day.
    expect(sorted).toEqual([entries[3], entries[1], entries[2], entries[0]])
  })
})

describe('describeTimeOffSpan and timeOffSummary', () => {
  const context = { timeZone: 'Europe/Madrid', now: new Date('2026-06-01T12:00:00Z') }

  it.each([
    [days('2026-12-24', '2026-12-24'), '24 Dec'],
    [days('2026-12-24', '2026-12-26'), '24–26 Dec'],
    [days('2026-11-30', '2026-12-02'), '30 Nov – 2 Dec'],
    [days('2026-12-30', '2027-01-02'), '30 Dec 2026 – 2 Jan 2027'],
    [days('2027-05-01', '2027-05-03'), '1–3 May 2027'],
    [days('2027-05-30', '2027-06-02'), '30 May – 2 Jun 2027'],
    [span('2026-12-24T12:00:00Z', '2026-12-24T14:30:00Z'), '24 Dec, 13:00–15:30'],
    [span('2026-12-24T12:00:00Z', '2026-12-25T08:00:00Z'), '24 Dec 13:00 – 25 Dec 09:00'],
    [span('2027-01-04T08:00:00Z', '2027-01-04T09:00:00Z'), '4 Jan 2027, 09:00–10:00'],
  ])('describes %o as "%s"', (timeOff, text) => {
    expect(describeTimeOffSpan(timeOff, context)).toBe(text)
  })

  it('reads instants in the member’s zone', () => {
    const lateEvening = span('2026-07-01T22:30:00Z', '2026-07-01T23:30:00Z')

    expect(describeTimeOffSpan(lateEvening, { ...context, timeZone: 'UTC' })).toBe(
      '1 Jul, 22:30–23:30',
    )
    expect(describeTimeOffSpan(lateEvening, { ...context, timeZone: 'Asia/Tokyo' })).toBe(
      '2 Jul, 07:30–08:30',
    )
  })

  it('writes the activity-log line with the reason in brackets, when there is one', () => {
    expect(
      timeOffSummary('Added', 'Ana Ruiz', days('2026-12-24', '2026-12-26'), 'Holiday', context),
    ).toBe('Added time off for Ana Ruiz, 24–26 Dec (Holiday)')
    expect(
      timeOffSummary('Removed', 'Ana Ruiz', days('2026-12-24', '2026-12-24'), '  ', context),
    ).toBe('Removed time off for Ana Ruiz, 24 Dec')
  })
})
