import { describe, expect, it } from 'vitest'
import type { ExternalEvent } from '../../../../../server/domain/calendar-sync/external-event.ts'
import {
  MAX_DATES_PER_EVENT,
  MAX_EVENTS_PER_TEXT,
  readCalendarText,
  readRecurrenceLines,
} from '../../../../../server/domain/calendar-sync/ics-events.ts'
import { WINDOWS_ZONE_TARGETS } from '../../../../../server/domain/calendar-sync/windows-zones.ts'
import { isTimeZone } from '../../../../../server/domain/time-zones.ts'
import { date, floating, utc, zoned } from '../../../../support/calendar-sync/external-events.ts'

const OWNER = { ownerEmails: ['Owner@Example.com'] }

/** A VCALENDAR around the given lines (VEVENTs, VTIMEZONEs), CRLF as RFC 5545 writes it. */
function calendar(...lines: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...lines,
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

function vevent(...lines: string[]): string {
  return ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n')
}

function readOne(...lines: string[]) {
  const { events, skipped } = readCalendarText(calendar(vevent('UID:one', ...lines)), OWNER)
  expect(skipped).toBe(0)
  expect(events).toHaveLength(1)
  return events[0] as ExternalEvent
}

const BERLIN_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:STANDARD',
  'DTSTART:19701025T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700329T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
].join('\r\n')

describe('times and zones', () => {
  it('reads a TZID with its VTIMEZONE as the IANA zone', () => {
    const text = calendar(
      BERLIN_VTIMEZONE,
      vevent(
        'UID:a',
        'DTSTART;TZID=Europe/Berlin:20260330T090000',
        'DTEND;TZID=Europe/Berlin:20260330T100000',
      ),
    )
    const [event] = readCalendarText(text, OWNER).events
    expect(event?.start).toEqual(zoned('2026-03-30T09:00:00', 'Europe/Berlin'))
    expect(event?.end).toEqual(zoned('2026-03-30T10:00:00', 'Europe/Berlin'))
  })

  it('maps Windows names without a VTIMEZONE through CLDR’s table', () => {
    expect(readOne('DTSTART;TZID=W. Europe Standard Time:20260330T090000').start).toEqual(
      zoned('2026-03-30T09:00:00', 'Europe/Berlin'),
    )
    expect(readOne('DTSTART;TZID="Eastern Standard Time":20260330T090000').start).toEqual(
      zoned('2026-03-30T09:00:00', 'America/New_York'),
    )
  })

  it('maps every Windows name to a zone this server knows', () => {
    expect(WINDOWS_ZONE_TARGETS.filter((zone) => !isTimeZone(zone))).toEqual([])
  })

  it('finds the IANA name at the end of a path-like TZID', () => {
    expect(
      readOne('DTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20260330T090000').start,
    ).toEqual(zoned('2026-03-30T09:00:00', 'Europe/Berlin'))
  })

  it('reads an unknown TZID without a VTIMEZONE as floating (the member’s zone)', () => {
    expect(readOne('DTSTART;TZID=Somewhere Else:20260330T090000').start).toEqual(
      floating('2026-03-30T09:00:00'),
    )
  })

  it('reads an unknown TZID through its VTIMEZONE as an instant', () => {
    const text = calendar(
      [
        'BEGIN:VTIMEZONE',
        'TZID:Clinic Time',
        'BEGIN:STANDARD',
        'DTSTART:19700101T000000',
        'TZOFFSETFROM:+0530',
        'TZOFFSETTO:+0530',
        'END:STANDARD',
        'END:VTIMEZONE',
      ].join('\r\n'),
      vevent('UID:a', 'DTSTART;TZID=Clinic Time:20260330T090000', 'DURATION:PT1H'),
    )
    const [event] = readCalendarText(text, OWNER).events
    expect(event?.start).toEqual(utc('2026-03-30T03:30:00Z'))
    expect(event?.end).toEqual(utc('2026-03-30T04:30:00Z'))
  })

  it('reads Z times as instants and times without a zone as floating', () => {
    expect(readOne('DTSTART:20260330T090000Z').start).toEqual(utc('2026-03-30T09:00:00Z'))
    expect(readOne('DTSTART:20260330T090000').start).toEqual(floating('2026-03-30T09:00:00'))
  })

  it('ends an event by DTEND, by DURATION, or by its kind when it has neither', () => {
    expect(readOne('DTSTART;VALUE=DATE:20260330', 'DTEND;VALUE=DATE:20260401').end).toEqual(
      date('2026-04-01'),
    )
    expect(readOne('DTSTART;VALUE=DATE:20260330').end).toEqual(date('2026-03-31'))
    expect(readOne('DTSTART;VALUE=DATE:20260330', 'DURATION:P2D').end).toEqual(date('2026-04-01'))
    expect(readOne('DTSTART:20260330T090000Z').end).toEqual(utc('2026-03-30T09:00:00Z'))
    expect(readOne('DTSTART:20260330T090000Z', 'DURATION:PT1H30M').end).toEqual(
      utc('2026-03-30T10:30:00Z'),
    )
    expect(readOne('DTSTART:20260330T230000', 'DURATION:P1DT2H').end).toEqual(
      floating('2026-04-01T01:00:00'),
    )
  })

  it('counts DURATION hours exactly across a daylight-saving change', () => {
    // 01:00 CET + 3 h = 05:00 CEST on the spring change.
    expect(readOne('DTSTART;TZID=Europe/Berlin:20260329T010000', 'DURATION:PT3H').end).toEqual(
      utc('2026-03-29T03:00:00Z'),
    )
  })
})

describe('recurrence', () => {
  it('keeps the RRULE as written, and reads RDATE and EXDATE values of several lines', () => {
    const event = readOne(
      'DTSTART;TZID=Europe/Berlin:20260302T090000',
      'DTEND;TZID=Europe/Berlin:20260302T100000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270101T000000Z;WKST=SU',
      'RDATE;TZID=America/New_York:20260305T080000,20260306T080000',
      'RDATE;VALUE=DATE:20260310',
      'EXDATE:20260304T080000Z,20260309T080000Z',
      'EXDATE;TZID=Europe/Berlin:20260311T090000',
      'EXDATE;VALUE=DATE:20260316,20260318',
    )
    expect(event?.rrule).toBe('FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270101T000000Z;WKST=SU')
    expect(event?.rdates).toEqual([
      zoned('2026-03-05T08:00:00', 'America/New_York'),
      zoned('2026-03-06T08:00:00', 'America/New_York'),
      date('2026-03-10'),
    ])
    expect(event?.exdates).toEqual([
      utc('2026-03-04T08:00:00Z'),
      utc('2026-03-09T08:00:00Z'),
      zoned('2026-03-11T09:00:00', 'Europe/Berlin'),
      date('2026-03-16'),
      date('2026-03-18'),
    ])
  })

  it(`reads at most ${MAX_DATES_PER_EVENT} EXDATEs of one event`, () => {
    const days = Array.from({ length: MAX_DATES_PER_EVENT + 1 }, (_, index) =>
      new Date(Date.UTC(2026, 0, 1) + index * 86_400_000)
        .toISOString()
        .slice(0, 10)
        .replace(/-/g, ''),
    )
    const event = readOne(
      'DTSTART;VALUE=DATE:20260101',
      'RRULE:FREQ=DAILY',
      `EXDATE;VALUE=DATE:${days.join(',')}`,
    )
    expect(event.exdates).toHaveLength(MAX_DATES_PER_EVENT)
  })

  it('reads a master and its overrides', () => {
    const text = calendar(
      vevent('UID:series', 'DTSTART:20260302T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY'),
      vevent(
        'UID:series',
        'RECURRENCE-ID:20260304T090000Z',
        'DTSTART:20260304T150000Z',
        'DURATION:PT1H',
        'SUMMARY:Moved',
      ),
    )
    const { events } = readCalendarText(text, OWNER)
    expect(events.map((event) => [event.uid, event.recurrenceId])).toEqual([
      ['series', undefined],
      ['series', utc('2026-03-04T09:00:00Z')],
    ])
  })
})

describe('recurrence lines on their own (Google Calendar’s `recurrence`)', () => {
  it('reads RRULE, EXDATE and RDATE lines as in a VEVENT', () => {
    expect(
      readRecurrenceLines([
        'RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231T230000Z',
        'EXDATE;TZID=Europe/Berlin:20260330T090000,20260406T090000',
        'RDATE;VALUE=DATE:20260401',
      ]),
    ).toEqual({
      rrule: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20261231T230000Z',
      exdates: [
        zoned('2026-03-30T09:00:00', 'Europe/Berlin'),
        zoned('2026-04-06T09:00:00', 'Europe/Berlin'),
      ],
      rdates: [date('2026-04-01')],
    })
    expect(readRecurrenceLines([])).toEqual({ rrule: undefined, rdates: [], exdates: [] })
  })

  it('refuses lines it cannot read', () => {
    expect(readRecurrenceLines(['RRULE:FREQ=SOMETIMES'])).toBeNull()
    expect(readRecurrenceLines(['EXDATE:someday'])).toBeNull()
    expect(readRecurrenceLines(['no colon here'])).toBeNull()
  })
})

describe('whether the event makes its owner busy', () => {
  it('reads TRANSP, STATUS and the owner’s own PARTSTAT, the address in any case', () => {
    expect(readOne('DTSTART:20260330T090000Z', 'TRANSP:TRANSPARENT').transparent).toBe(true)
    expect(readOne('DTSTART:20260330T090000Z', 'TRANSP:OPAQUE').transparent).toBe(false)
    expect(readOne('DTSTART:20260330T090000Z', 'STATUS:CANCELLED').cancelled).toBe(true)
    expect(readOne('DTSTART:20260330T090000Z', 'STATUS:CONFIRMED').cancelled).toBe(false)
    expect(
      readOne('DTSTART:20260330T090000Z', 'ATTENDEE;PARTSTAT=DECLINED:MAILTO:OWNER@example.COM')
        .declinedByOwner,
    ).toBe(true)
    expect(
      readOne('DTSTART:20260330T090000Z', 'ATTENDEE;PARTSTAT=ACCEPTED:mailto:owner@example.com')
        .declinedByOwner,
    ).toBe(false)
    expect(
      readOne('DTSTART:20260330T090000Z', 'ATTENDEE;PARTSTAT=DECLINED:mailto:someone@example.com')
        .declinedByOwner,
    ).toBe(false)
  })

  it('keeps the summary, cut to a sane length', () => {
    expect(readOne('DTSTART:20260330T090000Z', 'SUMMARY:Dentist\\, upstairs').summary).toBe(
      'Dentist, upstairs',
    )
    expect(readOne('DTSTART:20260330T090000Z', `SUMMARY:${'x'.repeat(2000)}`).summary).toHaveLength(
      500,
    )
    expect(readOne('DTSTART:20260330T090000Z').summary).toBe('')
  })
})

describe('malformed text', () => {
  const good = (uid: string) => vevent(`UID:${uid}`, 'DTSTART:20260330T090000Z')

  it('leaves out and counts an event with a broken value, reading the rest', () => {
    const text = calendar(
      good('a'),
      vevent('UID:bad-date', 'DTSTART:20261341T090000Z'),
      vevent('UID:no-start'),
      vevent('DTSTART:20260330T090000Z'),
      vevent('UID:bad-rule', 'DTSTART:20260330T090000Z', 'RRULE:FREQ=WEEKLY;COUNT=0'),
      vevent('UID:bad-exdate', 'DTSTART:20260330T090000Z', 'RRULE:FREQ=DAILY', 'EXDATE:yesterday'),
      vevent('UID:backwards', 'DTSTART:20260330T090000Z', 'DURATION:-PT1H'),
      good('b'),
    )
    const reading = readCalendarText(text, OWNER)
    expect(reading.events.map((event) => event.uid)).toEqual(['a', 'b'])
    expect(reading.skipped).toBe(6)
  })

  it('reads the other events of text the parser refuses as a whole', () => {
    const text = calendar(
      good('a'),
      vevent('UID:broken', 'this line has no colon'),
      vevent('UID:odd', 'DTSTART:20260330T090000Z', 'RRULE:FREQ=SOMETIMES'),
      good('b'),
    )
    const reading = readCalendarText(text, OWNER)
    expect(reading.events.map((event) => event.uid)).toEqual(['a', 'b'])
    expect(reading.skipped).toBe(2)
  })

  it('never throws on text that is no calendar at all', () => {
    expect(readCalendarText('<html>Sign in</html>', OWNER)).toEqual({ events: [], skipped: 1 })
    expect(readCalendarText('', OWNER)).toEqual({ events: [], skipped: 0 })
  })

  it(`reads at most ${MAX_EVENTS_PER_TEXT} events of one text and counts the rest`, () => {
    const many = Array.from({ length: MAX_EVENTS_PER_TEXT + 2 }, (_, index) => good(`e${index}`))
    const reading = readCalendarText(calendar(...many), OWNER)
    expect(reading.events).toHaveLength(MAX_EVENTS_PER_TEXT)
    expect(reading.skipped).toBe(2)
  })
})
