import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import {
  type CalendarEvent,
  feedCalendar,
  fold,
  invitationCalendar,
} from '../../server/notifications/ics.ts'

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
