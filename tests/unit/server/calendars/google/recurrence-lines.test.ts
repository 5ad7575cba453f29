import { describe, expect, it } from 'vitest'
import { toExternalEvent } from '../../../../../server/calendars/google/google-events.ts'
import { writtenEventId } from '../../../../../server/calendars/google/written-event-id.ts'

/** A weekly Google series starting in `timeZone` (none: an instant), with these lines. */
function series(recurrence: string[], timeZone?: string) {
  return toExternalEvent({
    id: 'series1',
    iCalUID: 'series1@google.com',
    start: { dateTime: '2027-01-04T09:00:00+01:00', ...(timeZone ? { timeZone } : {}) },
    end: { dateTime: '2027-01-04T10:00:00+01:00', ...(timeZone ? { timeZone } : {}) },
    recurrence,
  })
}

describe("a Google event's recurrence lines", () => {
  it('reads the rule, and dates in the zone they name, UTC, a day, or the series zone', () => {
    const parts = series(
      [
        'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270301T000000Z',
        'EXDATE;TZID=America/New_York:20270104T090000,20270106T090000',
        'EXDATE:20270111T140000Z',
        'RDATE;VALUE=DATE:20270220',
        'RDATE;VALUE=PERIOD:20270222T100000/20270222T120000',
      ],
      'Europe/Berlin',
    )
    expect(parts.rrule).toBe('FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270301T000000Z')
    expect(parts.exdates).toEqual([
      { kind: 'zoned', dateTime: '2027-01-04T09:00:00', timeZone: 'America/New_York' },
      { kind: 'zoned', dateTime: '2027-01-06T09:00:00', timeZone: 'America/New_York' },
      { kind: 'utc', instant: Date.parse('2027-01-11T14:00:00Z') },
    ])
    expect(parts.rdates).toEqual([
      { kind: 'date', date: '2027-02-20' },
      { kind: 'zoned', dateTime: '2027-02-22T10:00:00', timeZone: 'Europe/Berlin' },
    ])
  })

  it('keeps a time without zone floating when the series has none', () => {
    expect(series(['EXDATE:20270104T090000']).exdates).toEqual([
      { kind: 'floating', dateTime: '2027-01-04T09:00:00' },
    ])
  })
})

describe('the id of a written event', () => {
  it("is the UID in RFC 4648's base32hex, lower case, without padding", () => {
    // RFC 4648, section 10: BASE32-HEX("foobar") = "CPNMUOJ1E8======"
    expect(writtenEventId('foobar')).toBe('cpnmuoj1e8')
    expect(writtenEventId('f')).toBe('co')
    expect(writtenEventId('3f2c9a10-77b1-4c1e-9d2a-0c5e8f7a6b21@slotwise')).toMatch(
      /^[0-9a-v]{5,1024}$/,
    )
  })
})
