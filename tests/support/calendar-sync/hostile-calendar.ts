import { Temporal } from 'temporal-polyfill'

/*
 * A calendar of hostile events for the sync tests (CalDAV servers, the engine): every case of
 * issue 25's "busy times, exactly" in a week that holds a daylight-saving change of the
 * member's zone, one VCALENDAR text per UID as a CalDAV server stores it, with the busy times
 * they must make. The busy times are written out case by case (each an explicit wall clock in
 * a named zone, converted by Temporal as RFC 5545 reads it), never produced by the expansion
 * under test.
 */

export interface HostileObject {
  uid: string
  /** One VCALENDAR: the event, or a series' master and its overrides. */
  text: string
  /** Not valid iCalendar on purpose: a server may refuse to store it. */
  malformed: boolean
}

export interface ExpectedBusy {
  uid: string
  start: number
  end: number
}

export interface HostileCalendar {
  memberZone: string
  /** The address the declined invitation is for: pass it as the owner's. */
  ownerEmail: string
  /** Monday 00:00 to the next Monday 00:00 in the member's zone, around the change. */
  window: { start: Date; end: Date }
  objects: HostileObject[]
  /** What the objects make busy within the window, by start. */
  busy: ExpectedBusy[]
  /** UIDs that must not make the member busy at all (free, cancelled, declined, ours, broken). */
  notBusy: string[]
}

const OWNER_EMAIL = 'member@example.com'

/**
 * The hostile calendar for `memberZone` in the week (Monday to Monday, member's time) of the
 * zone's first offset change on or after `from` (`YYYY-MM-DD`); the week of `from` itself for a
 * zone without changes.
 */
export function hostileCalendar(memberZone: string, from: string): HostileCalendar {
  const change = nextChangeDay(memberZone, Temporal.PlainDate.from(from))
  const monday = change.subtract({ days: change.dayOfWeek - 1 })
  const day = (offset: number) => monday.add({ days: offset })
  const at = (date: Temporal.PlainDate, time: string, zone = memberZone) =>
    date
      .toPlainDateTime(Temporal.PlainTime.from(time))
      .toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds
  const local = (date: Temporal.PlainDate, time: string) =>
    `${compact(date)}T${time.replace(':', '')}00`
  const inZone = (date: Temporal.PlainDate, time: string) =>
    `;TZID=${memberZone}:${local(date, time)}`
  const utcText = (instant: number) =>
    `${new Date(instant).toISOString().replace(/[-:]|\.\d{3}/g, '')}`
  const minutes = (count: number) => count * 60_000

  const objects: HostileObject[] = []
  const busy: ExpectedBusy[] = []
  const add = (uid: string, events: string[][], expected: [number, number][]) => {
    objects.push({
      uid,
      text: vcalendar(events.map((lines) => vevent(uid, lines))),
      malformed: uid === 'broken',
    })
    for (const [start, end] of expected) busy.push({ uid, start, end })
  }

  // Every day at 09:00 member time across the change; the Wednesday excluded by an EXDATE in UTC.
  add(
    'daily-nine',
    [
      [
        `DTSTART${inZone(day(-30), '09:00')}`,
        `DTEND${inZone(day(-30), '10:00')}`,
        'RRULE:FREQ=DAILY',
        `EXDATE:${utcText(at(day(2), '09:00'))}`,
      ],
    ],
    [0, 1, 3, 4, 5, 6].map((offset) => [at(day(offset), '09:00'), at(day(offset), '10:00')]),
  )
  // 02:30 on the change day: skipped in spring (moves on by the gap), repeated in autumn (the first).
  add(
    'change-night',
    [[`DTSTART${inZone(change, '02:30')}`, 'DURATION:PT1H']],
    [[at(change, '02:30'), at(change, '02:30') + minutes(60)]],
  )
  add(
    'all-day-change-day',
    [
      [
        `DTSTART;VALUE=DATE:${compact(change)}`,
        `DTEND;VALUE=DATE:${compact(change.add({ days: 1 }))}`,
      ],
    ],
    [[at(change, '00:00'), at(change.add({ days: 1 }), '00:00')]],
  )
  add(
    'floating',
    [[`DTSTART:${local(day(1), '11:00')}`, `DTEND:${local(day(1), '12:00')}`]],
    [[at(day(1), '11:00'), at(day(1), '12:00')]],
  )
  add(
    'utc-time',
    [[`DTSTART:${utcText(at(day(1), '15:00'))}`, 'DURATION:PT45M']],
    [[at(day(1), '15:00'), at(day(1), '15:00') + minutes(45)]],
  )
  add(
    'windows-zone',
    [
      [
        `DTSTART;TZID=W. Europe Standard Time:${local(day(2), '13:00')}`,
        `DTEND;TZID=W. Europe Standard Time:${local(day(2), '14:00')}`,
      ],
    ],
    [[at(day(2), '13:00', 'Europe/Berlin'), at(day(2), '14:00', 'Europe/Berlin')]],
  )
  add(
    'iana-without-vtimezone',
    [
      [
        `DTSTART;TZID=America/New_York:${local(day(3), '08:00')}`,
        `DTEND;TZID=America/New_York:${local(day(3), '08:30')}`,
      ],
    ],
    [[at(day(3), '08:00', 'America/New_York'), at(day(3), '08:30', 'America/New_York')]],
  )
  add(
    'duration-without-dtend',
    [[`DTSTART${inZone(day(3), '16:00')}`, 'DURATION:PT1H30M']],
    [[at(day(3), '16:00'), at(day(3), '16:00') + minutes(90)]],
  )
  add(
    'across-midnight',
    [[`DTSTART${inZone(day(4), '22:00')}`, `DTEND${inZone(day(5), '01:00')}`]],
    [[at(day(4), '22:00'), at(day(5), '01:00')]],
  )
  // A weekly series whose Monday is moved out of the week and whose previous Monday moves in.
  add(
    'moved-occurrences',
    [
      [
        `DTSTART${inZone(day(-14), '07:00')}`,
        `DTEND${inZone(day(-14), '08:00')}`,
        'RRULE:FREQ=WEEKLY',
      ],
      [
        `RECURRENCE-ID${inZone(day(0), '07:00')}`,
        `DTSTART${inZone(day(14), '07:00')}`,
        `DTEND${inZone(day(14), '08:00')}`,
      ],
      [
        `RECURRENCE-ID${inZone(day(-7), '07:00')}`,
        `DTSTART${inZone(day(5), '07:00')}`,
        `DTEND${inZone(day(5), '08:00')}`,
      ],
    ],
    [[at(day(5), '07:00'), at(day(5), '08:00')]],
  )
  // Daily at noon until Thursday's, exactly (UNTIL in UTC); Tuesday's cancelled by an override.
  add(
    'until-and-cancelled',
    [
      [
        `DTSTART${inZone(day(-3), '12:00')}`,
        `DTEND${inZone(day(-3), '13:00')}`,
        `RRULE:FREQ=DAILY;UNTIL=${utcText(at(day(3), '12:00'))}`,
      ],
      [
        `RECURRENCE-ID${inZone(day(1), '12:00')}`,
        `DTSTART${inZone(day(1), '12:00')}`,
        `DTEND${inZone(day(1), '13:00')}`,
        'STATUS:CANCELLED',
      ],
    ],
    [0, 2, 3].map((offset) => [at(day(offset), '12:00'), at(day(offset), '13:00')]),
  )
  add(
    'rdate',
    [
      [
        `DTSTART${inZone(day(6), '18:00')}`,
        `DTEND${inZone(day(6), '18:30')}`,
        `RDATE${inZone(day(2), '18:00')}`,
      ],
    ],
    [
      [at(day(2), '18:00'), at(day(2), '18:00') + minutes(30)],
      [at(day(6), '18:00'), at(day(6), '18:30')],
    ],
  )
  // A weekly rule without an end from 36 years ago.
  const longAgo = day(4).subtract({ weeks: 52 * 36 })
  add(
    'weekly-since-1990',
    [
      [
        `DTSTART${inZone(longAgo, '06:00')}`,
        `DTEND${inZone(longAgo, '06:30')}`,
        'RRULE:FREQ=WEEKLY',
      ],
    ],
    [[at(day(4), '06:00'), at(day(4), '06:30')]],
  )

  const notBusy: [string, string][] = [
    ['free', 'TRANSP:TRANSPARENT'],
    ['cancelled', 'STATUS:CANCELLED'],
    ['declined', `ATTENDEE;PARTSTAT=DECLINED:MAILTO:${OWNER_EMAIL.toUpperCase()}`],
    ['appointment-1@slotwise', 'DESCRIPTION:Written by Slotwise'],
  ]
  for (const [uid, line] of notBusy) {
    add(uid, [[`DTSTART${inZone(day(1), '09:30')}`, `DTEND${inZone(day(1), '10:30')}`, line]], [])
  }
  add('broken', [[`DTSTART:${compact(day(1))}T25:61:00`, 'DURATION:PT1H']], [])

  return {
    memberZone,
    ownerEmail: OWNER_EMAIL,
    window: { start: new Date(at(day(0), '00:00')), end: new Date(at(day(7), '00:00')) },
    objects,
    busy: busy.sort(
      (a, b) => a.start - b.start || a.end - b.end || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0),
    ),
    notBusy: [...notBusy.map(([uid]) => uid), 'broken'],
  }
}

function nextChangeDay(timeZone: string, from: Temporal.PlainDate): Temporal.PlainDate {
  const change = from.toZonedDateTime({ timeZone }).getTimeZoneTransition('next')
  if (!change || Temporal.PlainDate.compare(change.toPlainDate(), from.add({ years: 1 })) > 0)
    return from
  return change.toPlainDate()
}

function compact(date: Temporal.PlainDate): string {
  return date.toString().replace(/-/g, '')
}

function vevent(uid: string, lines: string[]): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    'SUMMARY:Hostile',
    ...lines,
    'END:VEVENT',
  ]
}

function vcalendar(events: string[][]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Slotwise tests//Hostile calendar//EN',
    ...events.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}
