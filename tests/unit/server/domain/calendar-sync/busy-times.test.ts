import { describe, expect, it } from 'vitest'
import { expandBusyTimes } from '../../../../../server/domain/calendar-sync/busy-times.ts'
import type { ExternalEvent } from '../../../../../server/domain/calendar-sync/external-event.ts'
import {
  date,
  externalEvent,
  floating,
  spans,
  spansOf,
  utc,
  window,
  zoned,
} from '../../../../support/calendar-sync/external-events.ts'

// Every expected time below is computed by hand and written with its offset: Berlin is +01:00
// until 2026-03-29 02:00 and +02:00 after, until 2026-10-25 03:00; New York is −05:00 until
// 2026-03-08 02:00, −04:00 after, until 2026-11-01 02:00.

const BERLIN = 'Europe/Berlin'
const NEW_YORK = 'America/New_York'

function busy(events: ExternalEvent[], from: string, to: string, memberZone = BERLIN) {
  return spansOf(expandBusyTimes(events, window(from, to), memberZone))
}

describe('wall-clock time across daylight-saving changes', () => {
  it('keeps a weekly 09:00 in Berlin at 09:00 over the spring change', () => {
    const weekly = externalEvent({
      start: zoned('2026-03-16T09:00:00', BERLIN),
      end: zoned('2026-03-16T10:00:00', BERLIN),
      rrule: 'FREQ=WEEKLY',
    })
    expect(busy([weekly], '2026-03-22T00:00Z', '2026-04-06T00:00Z')).toEqual(
      spans(
        ['2026-03-23T09:00+01:00', '2026-03-23T10:00+01:00'],
        ['2026-03-30T09:00+02:00', '2026-03-30T10:00+02:00'],
      ),
    )
  })

  it('keeps a daily 08:30 in New York at 08:30 over its spring change', () => {
    const daily = externalEvent({
      start: zoned('2026-03-05T08:30:00', NEW_YORK),
      end: zoned('2026-03-05T09:15:00', NEW_YORK),
      rrule: 'FREQ=DAILY',
    })
    expect(busy([daily], '2026-03-07T00:00Z', '2026-03-10T00:00Z')).toEqual(
      spans(
        ['2026-03-07T08:30-05:00', '2026-03-07T09:15-05:00'],
        ['2026-03-08T08:30-04:00', '2026-03-08T09:15-04:00'],
        ['2026-03-09T08:30-04:00', '2026-03-09T09:15-04:00'],
      ),
    )
  })

  it('moves a time the spring change skips forward by the gap, and keeps its length', () => {
    const daily = externalEvent({
      start: zoned('2026-03-06T02:30:00', NEW_YORK),
      end: zoned('2026-03-06T03:00:00', NEW_YORK),
      rrule: 'FREQ=DAILY',
    })
    expect(busy([daily], '2026-03-07T00:00Z', '2026-03-10T00:00Z')).toEqual(
      spans(
        ['2026-03-07T02:30-05:00', '2026-03-07T03:00-05:00'],
        ['2026-03-08T03:30-04:00', '2026-03-08T04:00-04:00'],
        ['2026-03-09T02:30-04:00', '2026-03-09T03:00-04:00'],
      ),
    )
  })

  it('reads a time the autumn change repeats as its first occurrence', () => {
    const daily = externalEvent({
      start: zoned('2026-10-30T01:30:00', NEW_YORK),
      end: zoned('2026-10-30T02:30:00', NEW_YORK),
      rrule: 'FREQ=DAILY',
    })
    expect(busy([daily], '2026-10-31T12:00Z', '2026-11-02T12:00Z')).toEqual(
      spans(
        ['2026-11-01T01:30-04:00', '2026-11-01T01:30-05:00'],
        ['2026-11-02T01:30-05:00', '2026-11-02T02:30-05:00'],
      ),
    )
  })

  it('holds an event across midnight and the change by its exact length', () => {
    const night = externalEvent({
      start: zoned('2026-03-28T22:00:00', BERLIN),
      end: zoned('2026-03-29T04:00:00', BERLIN),
    })
    expect(busy([night], '2026-03-29T00:00Z', '2026-03-30T00:00Z')).toEqual(
      spans(['2026-03-28T22:00+01:00', '2026-03-29T04:00+02:00']),
    )
  })

  it('keeps an occurrence that began before the window and ends in it', () => {
    const lateShift = externalEvent({
      start: utc('2026-03-15T23:00:00Z'),
      end: utc('2026-03-16T01:00:00Z'),
      rrule: 'FREQ=WEEKLY',
    })
    expect(busy([lateShift], '2026-03-23T00:00Z', '2026-03-23T12:00Z')).toEqual(
      spans(['2026-03-22T23:00Z', '2026-03-23T01:00Z']),
    )
  })
})

describe('dates and floating times in the member zone', () => {
  it('makes an all-day date the member’s whole local day: 23 hours on the spring change', () => {
    const allDay = externalEvent({ start: date('2026-03-29'), end: date('2026-03-30') })
    expect(busy([allDay], '2026-03-28T00:00Z', '2026-04-01T00:00Z')).toEqual(
      spans(['2026-03-29T00:00+01:00', '2026-03-30T00:00+02:00']),
    )
  })

  it('makes an all-day date 25 hours on the autumn change, in New York', () => {
    const allDay = externalEvent({
      start: date('2026-11-01'),
      end: date('2026-11-02'),
      rrule: 'FREQ=YEARLY',
    })
    expect(busy([allDay], '2026-10-31T00:00Z', '2026-11-03T00:00Z', NEW_YORK)).toEqual(
      spans(['2026-11-01T00:00-04:00', '2026-11-02T00:00-05:00']),
    )
  })

  it('reads a floating time on the member’s clock', () => {
    const meeting = externalEvent({
      start: floating('2026-03-30T09:00:00'),
      end: floating('2026-03-30T10:00:00'),
    })
    expect(busy([meeting], '2026-03-30T00:00Z', '2026-03-31T00:00Z')).toEqual(
      spans(['2026-03-30T09:00+02:00', '2026-03-30T10:00+02:00']),
    )
    expect(busy([meeting], '2026-03-30T00:00Z', '2026-03-31T00:00Z', NEW_YORK)).toEqual(
      spans(['2026-03-30T09:00-04:00', '2026-03-30T10:00-04:00']),
    )
  })
})

describe('what does not make the member busy', () => {
  it('leaves out free, cancelled, declined and Slotwise’s own events', () => {
    const at = { start: utc('2026-03-30T09:00:00Z'), end: utc('2026-03-30T10:00:00Z') }
    const events = [
      externalEvent({ ...at, uid: 'free', transparent: true }),
      externalEvent({ ...at, uid: 'cancelled', cancelled: true }),
      externalEvent({ ...at, uid: 'declined', declinedByOwner: true }),
      externalEvent({ ...at, uid: 'appointment-7@slotwise' }),
      externalEvent({ ...at, uid: 'busy' }),
    ]
    const found = expandBusyTimes(events, window('2026-03-30T00:00Z', '2026-03-31T00:00Z'), BERLIN)
    expect(found.map((time) => time.uid)).toEqual(['busy'])
    expect(found[0]?.summary).toBe('Dentist')
  })

  it('leaves out an event whose time is none, and keeps the others', () => {
    const broken = externalEvent({
      uid: 'broken',
      start: zoned('2026-03-30Tlate', BERLIN),
      end: zoned('2026-03-30T10:00:00', BERLIN),
      rrule: 'FREQ=DAILY',
    })
    const fine = externalEvent({
      uid: 'fine',
      start: utc('2026-03-30T09:00:00Z'),
      end: utc('2026-03-30T10:00:00Z'),
    })
    const found = expandBusyTimes(
      [broken, fine],
      window('2026-03-30T00:00Z', '2026-03-31T00:00Z'),
      BERLIN,
    )
    expect(found.map((time) => time.uid)).toEqual(['fine'])
  })

  it('keeps a zero-minute event as a point in time', () => {
    const reminder = externalEvent({
      start: utc('2026-03-30T09:00:00Z'),
      end: utc('2026-03-30T09:00:00Z'),
    })
    expect(busy([reminder], '2026-03-30T00:00Z', '2026-03-31T00:00Z')).toEqual(
      spans(['2026-03-30T09:00Z', '2026-03-30T09:00Z']),
    )
  })
})

describe('overrides, EXDATE and RDATE', () => {
  const mondays = externalEvent({
    uid: 'standup',
    start: utc('2026-03-02T10:00:00Z'),
    end: utc('2026-03-02T11:00:00Z'),
    rrule: 'FREQ=WEEKLY',
  })

  it('drops an occurrence whose override moved it out of the window', () => {
    const moved = externalEvent({
      uid: 'standup',
      recurrenceId: utc('2026-03-16T10:00:00Z'),
      start: utc('2026-04-21T15:00:00Z'),
      end: utc('2026-04-21T16:00:00Z'),
    })
    expect(busy([mondays, moved], '2026-03-15T00:00Z', '2026-03-22T00:00Z')).toEqual([])
    expect(busy([mondays, moved], '2026-04-20T00:00Z', '2026-04-22T00:00Z')).toEqual(
      spans(['2026-04-20T10:00Z', '2026-04-20T11:00Z'], ['2026-04-21T15:00Z', '2026-04-21T16:00Z']),
    )
  })

  it('adds an occurrence an override moved into the window', () => {
    const moved = externalEvent({
      uid: 'standup',
      recurrenceId: utc('2026-04-06T10:00:00Z'),
      start: utc('2026-03-18T15:00:00Z'),
      end: utc('2026-03-18T15:30:00Z'),
    })
    expect(busy([mondays, moved], '2026-03-16T12:00Z', '2026-03-20T00:00Z')).toEqual(
      spans(['2026-03-18T15:00Z', '2026-03-18T15:30Z']),
    )
  })

  it('removes an occurrence its override cancels', () => {
    const cancelled = externalEvent({
      uid: 'standup',
      recurrenceId: utc('2026-03-23T10:00:00Z'),
      start: utc('2026-03-23T10:00:00Z'),
      end: utc('2026-03-23T11:00:00Z'),
      cancelled: true,
    })
    expect(busy([cancelled, mondays], '2026-03-22T00:00Z', '2026-03-31T00:00Z')).toEqual(
      spans(['2026-03-30T10:00Z', '2026-03-30T11:00Z']),
    )
  })

  it('matches an EXDATE written in another zone than DTSTART, and an EXDATE date', () => {
    const daily = externalEvent({
      start: zoned('2026-03-26T09:00:00', BERLIN),
      end: zoned('2026-03-26T09:30:00', BERLIN),
      rrule: 'FREQ=DAILY',
      exdates: [
        utc('2026-03-30T07:00:00Z'),
        zoned('2026-03-28T04:00:00', NEW_YORK),
        date('2026-03-31'),
      ],
    })
    expect(busy([daily], '2026-03-27T00:00Z', '2026-04-01T00:00Z')).toEqual(
      spans(
        ['2026-03-27T09:00+01:00', '2026-03-27T09:30+01:00'],
        ['2026-03-29T09:00+02:00', '2026-03-29T09:30+02:00'],
      ),
    )
  })

  it('adds RDATEs, once each, in any zone', () => {
    const single = externalEvent({
      start: utc('2026-03-23T10:00:00Z'),
      end: utc('2026-03-23T11:00:00Z'),
      rdates: [utc('2026-03-25T14:00:00Z'), zoned('2026-03-23T11:00:00', BERLIN)],
    })
    expect(busy([single], '2026-03-23T00:00Z', '2026-03-26T00:00Z')).toEqual(
      spans(['2026-03-23T10:00Z', '2026-03-23T11:00Z'], ['2026-03-25T14:00Z', '2026-03-25T15:00Z']),
    )
  })
})

describe('rule parts', () => {
  function starts(rrule: string, start: string, from: string, to: string, memberZone = 'UTC') {
    const event = externalEvent({ start: utc(start), end: utc(start), rrule })
    return expandBusyTimes([event], window(from, to), memberZone).map((time) =>
      new Date(time.start).toISOString().slice(0, 16),
    )
  }

  it('includes the occurrence UNTIL names exactly, and none after', () => {
    const weekly = (until: string) =>
      externalEvent({
        start: zoned('2026-03-16T09:00:00', BERLIN),
        end: zoned('2026-03-16T10:00:00', BERLIN),
        rrule: `FREQ=WEEKLY;UNTIL=${until}`,
      })
    const mondays = (until: string) =>
      expandBusyTimes(
        [weekly(until)],
        window('2026-03-15T00:00Z', '2026-04-15T00:00Z'),
        BERLIN,
      ).map((time) => new Date(time.start).toISOString().slice(0, 10))
    expect(mondays('20260330T070000Z')).toEqual(['2026-03-16', '2026-03-23', '2026-03-30'])
    expect(mondays('20260330T065959Z')).toEqual(['2026-03-16', '2026-03-23'])
    expect(mondays('20260330')).toEqual(['2026-03-16', '2026-03-23', '2026-03-30'])
  })

  it('takes the last weekday of each month with BYSETPOS=-1', () => {
    expect(
      starts(
        'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
        '2026-01-30T12:00:00Z',
        '2026-03-01T00:00Z',
        '2026-05-01T00:00Z',
      ),
    ).toEqual(['2026-03-31T12:00', '2026-04-30T12:00'])
  })

  it('counts BYDAY ordinals from the start and the end of the month', () => {
    expect(
      starts(
        'FREQ=MONTHLY;BYDAY=2TU,-1FR',
        '2026-01-13T12:00:00Z',
        '2026-03-01T00:00Z',
        '2026-05-01T00:00Z',
      ),
    ).toEqual(['2026-03-10T12:00', '2026-03-27T12:00', '2026-04-14T12:00', '2026-04-24T12:00'])
  })

  it('counts BYMONTHDAY from the end when negative, and skips months without the day', () => {
    expect(
      starts(
        'FREQ=MONTHLY;BYMONTHDAY=-1',
        '2026-01-31T12:00:00Z',
        '2026-03-01T00:00Z',
        '2026-05-01T00:00Z',
      ),
    ).toEqual(['2026-03-31T12:00', '2026-04-30T12:00'])
    expect(
      starts('FREQ=MONTHLY', '2026-01-31T12:00:00Z', '2026-02-01T00:00Z', '2026-06-01T00:00Z'),
    ).toEqual(['2026-03-31T12:00', '2026-05-31T12:00'])
  })

  it('finds the last Sunday of March every year with BYMONTH and BYDAY=-1SU', () => {
    expect(
      starts(
        'FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
        '2020-03-29T01:00:00Z',
        '2026-03-01T00:00Z',
        '2026-04-01T00:00Z',
      ),
    ).toEqual(['2026-03-29T01:00'])
  })

  it('groups weeks by WKST when INTERVAL skips weeks (RFC 5545’s own example)', () => {
    const rule = 'FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU'
    const days = (weekStart: string) =>
      expandBusyTimes(
        [
          externalEvent({
            start: zoned('1997-08-05T09:00:00', NEW_YORK),
            end: zoned('1997-08-05T10:00:00', NEW_YORK),
            rrule: `${rule};WKST=${weekStart}`,
          }),
        ],
        window('1997-08-01T00:00Z', '1997-09-15T00:00Z'),
        NEW_YORK,
      ).map((time) => new Date(time.start).toISOString().slice(0, 16))
    expect(days('MO')).toEqual([
      '1997-08-05T13:00',
      '1997-08-10T13:00',
      '1997-08-19T13:00',
      '1997-08-24T13:00',
    ])
    expect(days('SU')).toEqual([
      '1997-08-05T13:00',
      '1997-08-17T13:00',
      '1997-08-19T13:00',
      '1997-08-31T13:00',
    ])
  })

  it('stops after COUNT occurrences, DTSTART the first', () => {
    expect(
      starts(
        'FREQ=DAILY;COUNT=3',
        '2026-03-27T08:00:00Z',
        '2026-03-01T00:00Z',
        '2026-05-01T00:00Z',
      ),
    ).toEqual(['2026-03-27T08:00', '2026-03-28T08:00', '2026-03-29T08:00'])
  })

  it('jumps a rule without an end from 1990 to the window, keeping its INTERVAL', () => {
    // 1990-01-01 to 2026-03-23 is 13,230 days, a multiple of 3.
    expect(
      starts(
        'FREQ=DAILY;INTERVAL=3',
        '1990-01-01T09:00:00Z',
        '2026-03-23T00:00Z',
        '2026-03-27T00:00Z',
      ),
    ).toEqual(['2026-03-23T09:00', '2026-03-26T09:00'])
  })

  it('counts only DTSTART for a rule it does not expand (FREQ=HOURLY)', () => {
    expect(
      starts('FREQ=HOURLY', '2026-03-23T09:00:00Z', '2026-03-23T00:00Z', '2026-03-24T00:00Z'),
    ).toEqual(['2026-03-23T09:00'])
  })
})
