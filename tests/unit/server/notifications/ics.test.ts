import fc from 'fast-check'
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import {
  type CalendarEvent,
  feedCalendar,
  fold,
  invitationCalendar,
  publishedEventCalendar,
} from '../../../../server/notifications/ics.ts'
import { singleAddress } from '../../../../server/notifications/mail-headers.ts'
import {
  asIcsParameter,
  asIcsText,
  hostileText,
  PROPERTY_TIMEOUT_MS,
} from '../../../support/unit/hostile-text.ts'

// X-WR-CALNAME is TEXT (Apple's extension); told so, the parser unescapes it like SUMMARY.
ICAL.design.icalendar.property['x-wr-calname'] = { defaultType: 'text' }

const event: CalendarEvent = {
  uid: '6d7b3df6-0c3a-4b22-885b-76a3eafdbd76@slotwise',
  sequence: 2,
  stamp: new Date('2026-03-20T09:00:00Z'),
  start: new Date('2026-03-29T08:00:00Z'),
  end: new Date('2026-03-29T08:45:00Z'),
  summary: 'Haircut at Harbor Street Studio',
  description:
    'Haircut with Ana.\nReschedule or cancel: https://example.test/booking/event/x?token=y',
  location: '12 Harbor Street, Portsmouth',
  url: 'https://example.test/booking/event/x?token=y',
  organizer: { name: 'Harbor Street Studio, Ltd.', email: 'hello@harbor.test' },
  attendee: { name: 'Lopez, Ana', email: 'ana@example.test' },
  status: 'CONFIRMED',
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const vevent = calendar.getFirstSubcomponent('vevent')
  if (!vevent) throw new Error('no VEVENT')
  return { calendar, vevent, event: new ICAL.Event(vevent) }
}

describe('invitation calendar', () => {
  it('parses as one event with a stable uid, its sequence, UTC times and the people', () => {
    const { calendar, vevent, event: parsed } = parse(invitationCalendar('REQUEST', event))
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Slotwise//Appointments//EN')
    expect(parsed.uid).toBe(event.uid)
    expect(parsed.sequence).toBe(2)
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2026-03-29T08:00:00.000Z')
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2026-03-29T08:45:00.000Z')
    expect(parsed.summary).toBe(event.summary)
    expect(parsed.description).toBe(event.description)
    expect(parsed.location).toBe(event.location)
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
    const organizer = vevent.getFirstProperty('organizer')
    expect(organizer?.getFirstValue()).toBe('mailto:hello@harbor.test')
    expect(organizer?.getParameter('cn')).toBe('Harbor Street Studio, Ltd.')
    const attendee = vevent.getFirstProperty('attendee')
    expect(attendee?.getFirstValue()).toBe('mailto:ana@example.test')
    expect(attendee?.getParameter('cn')).toBe('Lopez, Ana')
  })

  it('says CANCEL and CANCELLED for a cancellation', () => {
    const { calendar, vevent } = parse(
      invitationCalendar('CANCEL', { ...event, status: 'CANCELLED', sequence: 3 }),
    )
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL')
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(vevent.getFirstPropertyValue('sequence')).toBe(3)
  })

  it('escapes commas, semicolons, backslashes and line breaks so the text comes back as written', () => {
    const tricky = 'Notes; bring: a, b\\c\r\nsecond line\nthird'
    const { event: parsed } = parse(
      invitationCalendar('REQUEST', { ...event, description: tricky, summary: 'A;B,C' }),
    )
    expect(parsed.description).toBe(tricky.replace('\r\n', '\n'))
    expect(parsed.summary).toBe('A;B,C')
  })

  it('ends every line with CRLF and folds long unicode lines at 75 octets without splitting a character', () => {
    const long = `Café crème für Zoë — ${'日本語のテキスト😀'.repeat(12)} end`
    const text = invitationCalendar('REQUEST', { ...event, description: long })
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const lines = text.split('\r\n').slice(0, -1)
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(3)
    expect(parse(text).event.description).toBe(long)
  })
})

describe('fold', () => {
  it('leaves short lines alone and gives continuation lines a leading space', () => {
    expect(fold('SUMMARY:short')).toBe('SUMMARY:short')
    const folded = fold(`DESCRIPTION:${'x'.repeat(200)}`)
    const [first, ...rest] = folded.split('\r\n')
    expect(first).toHaveLength(75)
    for (const line of rest) expect(line.startsWith(' ')).toBe(true)
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'x'.repeat(200)}`)
  })
})

describe('feed calendar', () => {
  it('publishes several events without a METHOD, named for the subscriber', () => {
    const second = { ...event, uid: 'other@slotwise', start: new Date('2026-03-30T08:00:00Z') }
    const calendar = new ICAL.Component(
      ICAL.parse(feedCalendar('Ana Lopez — Harbor Street', [event, second])),
    )
    expect(calendar.getFirstPropertyValue('method')).toBeNull()
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Ana Lopez — Harbor Street')
    expect(
      calendar.getAllSubcomponents('vevent').map((vevent) => vevent.getFirstPropertyValue('uid')),
    ).toEqual([event.uid, 'other@slotwise'])
  })
})

describe('published event calendar', () => {
  it('holds one event with no METHOD and nobody to invite, so no server sends invitations', () => {
    const { calendar, vevent, event: parsed } = parse(publishedEventCalendar(event))
    expect(calendar.getAllProperties().map((property) => property.name)).toEqual([
      'prodid',
      'version',
      'calscale',
    ])
    expect(vevent.getAllProperties().map((property) => property.name)).toEqual([
      'uid',
      'sequence',
      'dtstamp',
      'dtstart',
      'dtend',
      'summary',
      'description',
      'location',
      'status',
    ])
    expect(parsed.uid).toBe(event.uid)
    expect(parsed.sequence).toBe(2)
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2026-03-29T08:00:00.000Z')
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED')
  })
})

/** The physical lines of a calendar: CRLF-terminated, none over 75 octets, no other CR or LF. */
function expectWellFormedLines(text: string) {
  expect(text.endsWith('\r\n')).toBe(true)
  const lines = text.slice(0, -2).split('\r\n')
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/)
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
  }
  return text.replace(/\r\n /g, '').split('\r\n').slice(0, -1)
}

const hostileEvent: fc.Arbitrary<CalendarEvent> = fc.record({
  uid: hostileText(),
  sequence: fc.oneof(fc.nat(), fc.constantFrom(-1, 1.5, Number.NaN)),
  stamp: fc.constant(event.stamp),
  start: fc.constant(event.start),
  end: fc.constant(event.end),
  summary: hostileText(120),
  description: hostileText(300),
  location: hostileText(),
  url: fc.option(
    fc.oneof(
      hostileText(),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      hostileText().map((text) => `https://example.test/a?b=${text}`),
    ),
    { nil: undefined },
  ),
  organizer: fc.record({ name: hostileText(), email: fc.oneof(hostileText(), fc.emailAddress()) }),
  attendee: fc.option(
    fc.record({ name: hostileText(), email: fc.oneof(hostileText(), fc.emailAddress()) }),
    { nil: undefined },
  ),
  status: fc.constantFrom('CONFIRMED' as const, 'CANCELLED' as const),
})

describe('hostile values', () => {
  it(
    'cannot add a property, a parameter or an event to an invitation, and read back as written',
    () => {
      fc.assert(
        fc.property(
          hostileEvent,
          fc.constantFrom('REQUEST' as const, 'CANCEL' as const),
          (input, method) => {
            const text = invitationCalendar(method, input)
            const lines = expectWellFormedLines(text)
            const { calendar, vevent } = parse(text)

            expect(calendar.getAllProperties().map((property) => property.name)).toEqual([
              'prodid',
              'version',
              'calscale',
              'method',
            ])
            expect(calendar.getAllSubcomponents().map((component) => component.name)).toEqual([
              'vevent',
            ])
            const organizer = singleAddress(input.organizer.email)
            const attendee = input.attendee ? singleAddress(input.attendee.email) : null
            const url = input.url && URL.canParse(input.url) ? new URL(input.url) : null
            const webUrl = url && /^https?:$/.test(url.protocol) ? url : null
            expect(vevent.getAllProperties().map((property) => property.name)).toEqual([
              'uid',
              'sequence',
              'dtstamp',
              'dtstart',
              'dtend',
              'summary',
              'description',
              'location',
              'status',
              ...(organizer ? ['organizer'] : []),
              ...(webUrl ? ['url'] : []),
              ...(attendee ? ['attendee'] : []),
            ])
            // The calendar's BEGIN, END and 4 properties, the event's BEGIN, END and properties:
            // each on a content line of its own, none more.
            expect(lines).toHaveLength(6 + 2 + vevent.getAllProperties().length)

            expect(vevent.getFirstPropertyValue('uid')).toBe(asIcsText(input.uid))
            expect(vevent.getFirstPropertyValue('summary')).toBe(asIcsText(input.summary))
            expect(vevent.getFirstPropertyValue('description')).toBe(asIcsText(input.description))
            expect(vevent.getFirstPropertyValue('location')).toBe(asIcsText(input.location))
            const sequence = vevent.getFirstPropertyValue('sequence')
            expect(
              typeof sequence === 'number' && Number.isInteger(sequence) && sequence >= 0,
            ).toBe(true)
            expect(vevent.getFirstPropertyValue('status')).toBe(input.status)

            const person = (name: 'organizer' | 'attendee') => vevent.getFirstProperty(name)
            if (organizer) {
              const property = person('organizer')
              expect(property?.getParameter('cn')).toBe(asIcsParameter(input.organizer.name))
              const uri = String(property?.getFirstValue())
              expect(uri).toMatch(/^mailto:[A-Za-z0-9!$'()*+,;:@._~%-]+$/)
              expect(decodeURIComponent(uri.slice('mailto:'.length))).toBe(organizer)
            }
            if (attendee && input.attendee) {
              const property = person('attendee')
              expect(property?.getParameter('cn')).toBe(asIcsParameter(input.attendee.name))
              expect(property?.getParameter('partstat')).toBe(
                input.status === 'CANCELLED' ? 'DECLINED' : 'ACCEPTED',
              )
              const uri = String(property?.getFirstValue())
              expect(decodeURIComponent(uri.slice('mailto:'.length))).toBe(attendee)
            }
            if (webUrl) {
              const written = String(vevent.getFirstPropertyValue('url'))
              // Printable ASCII only: no space, quote, control or anything wider.
              expect(written).toMatch(/^[!#-~]+$/)
              expect(new URL(written).href).toBe(webUrl.href)
            }
          },
        ),
        { numRuns: 400 },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )

  it(
    'cannot add a property or an event to a published event, and read back as written',
    () => {
      fc.assert(
        fc.property(hostileEvent, (input) => {
          const text = publishedEventCalendar(input)
          const lines = expectWellFormedLines(text)
          const { calendar, vevent } = parse(text)
          expect(calendar.getAllSubcomponents().map((component) => component.name)).toEqual([
            'vevent',
          ])
          // The calendar's BEGIN, END and 3 properties, the event's BEGIN, END and 9 properties.
          expect(lines).toHaveLength(5 + 2 + 9)
          expect(vevent.getFirstPropertyValue('uid')).toBe(asIcsText(input.uid))
          expect(vevent.getFirstPropertyValue('summary')).toBe(asIcsText(input.summary))
          expect(vevent.getFirstPropertyValue('description')).toBe(asIcsText(input.description))
          expect(vevent.getFirstPropertyValue('location')).toBe(asIcsText(input.location))
        }),
        { numRuns: 200 },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )

  it(
    'cannot add anything to a feed through its name or its events',
    () => {
      fc.assert(
        fc.property(hostileText(), fc.array(hostileEvent, { maxLength: 3 }), (name, events) => {
          const text = feedCalendar(name, events)
          expectWellFormedLines(text)
          const calendar = new ICAL.Component(ICAL.parse(text))
          expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(asIcsText(name))
          expect(calendar.getAllProperties().map((property) => property.name)).toEqual([
            'prodid',
            'version',
            'calscale',
            'x-wr-calname',
          ])
          expect(
            calendar
              .getAllSubcomponents('vevent')
              .map((vevent) => vevent.getFirstPropertyValue('uid')),
          ).toEqual(events.map((input) => asIcsText(input.uid)))
        }),
        { numRuns: 200 },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )

  it.each([
    ['a line break and a property', 'evil@x.test\r\nATTENDEE:mailto:victim@y.test'],
    ['a list', 'a@x.test, b@y.test'],
    ['a display name', 'Eve <eve@x.test>'],
    ['a parameter', 'eve@x.test;RSVP=TRUE'],
  ])('leaves out an attendee whose address holds %s', (_what, email) => {
    const text = invitationCalendar('REQUEST', { ...event, attendee: { name: 'Eve', email } })
    const { vevent } = parse(text)
    expect(vevent.getAllProperties('attendee')).toHaveLength(0)
    expect(text).not.toContain('victim@')
  })

  it('writes a CN with quotes, line breaks and separators as one quoted value', () => {
    const name = 'Eve "the boss"\r\nATTENDEE:mailto:x@y.test;ROLE=CHAIR, \\n ^n^\''
    const text = invitationCalendar('REQUEST', {
      ...event,
      attendee: { name, email: 'eve@x.test' },
    })
    const { vevent } = parse(text)
    const attendees = vevent.getAllProperties('attendee')
    expect(attendees).toHaveLength(1)
    expect(attendees[0]?.getParameter('cn')).toBe(
      "Eve the boss ATTENDEE:mailto:x@y.test;ROLE=CHAIR, n ^n^'",
    )
    expect(attendees[0]?.getParameter('role')).toBe('REQ-PARTICIPANT')
    expect(attendees[0]?.getFirstValue()).toBe('mailto:eve@x.test')
  })

  it('percent-encodes what a mailto: URI may not hold bare, and leaves out a URL that is no web address', () => {
    const text = invitationCalendar('REQUEST', {
      ...event,
      url: 'javascript:alert(1)',
      attendee: { name: 'Odd', email: "o'd&d%x/y=z?{w}@example.test" },
    })
    const { vevent } = parse(text)
    expect(vevent.getFirstPropertyValue('attendee')).toBe(
      "mailto:o'd%26d%25x%2Fy%3Dz%3F%7Bw%7D@example.test",
    )
    expect(vevent.getFirstProperty('url')).toBeNull()
  })
})
