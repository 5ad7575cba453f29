import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import {
  appointmentInvitation,
  type InvitationDetails,
} from '../../server/routes/public-invitation.ts'

const details: InvitationDetails = {
  appointmentId: '5b0f3c1e-7d7a-4c55-9d59-0d8f1f1b2a10',
  sequence: 2,
  cancelled: false,
  startsAt: new Date('2026-12-01T09:30:00Z'),
  endsAt: new Date('2026-12-01T10:15:00Z'),
  stampedAt: new Date('2026-11-26T08:00:00Z'),
  summary: 'Haircut with Ana; Harbor Street, Berlin',
  description: `Line one\nLine two, with ${'a long note '.repeat(12)}`,
  location: 'Hafenstraße 1, Berlin',
  organizer: { name: 'Harbor "Street"', email: 'hello@harbor.test' },
  attendee: { name: 'Mia Public', email: 'mia@example.test' },
}

describe('the appointment invitation file', () => {
  it('parses as one event with a stable UID, the sequence and UTC times', () => {
    const text = appointmentInvitation(details)
    const calendar = new ICAL.Component(ICAL.parse(text))
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') as ICAL.Component)
    expect(event.uid).toBe(`${details.appointmentId}@slotwise`)
    expect(event.sequence).toBe(2)
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T09:30:00.000Z')
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-01T10:15:00.000Z')
    expect(event.summary).toBe(details.summary)
    expect(event.description).toBe(details.description)
    expect(event.location).toBe(details.location)
    expect(text).toContain('DTSTART:20261201T093000Z')
  })

  it('ends lines in CRLF and folds them at 75 octets', () => {
    const lines = appointmentInvitation(details).split('\r\n')
    expect(lines.at(-1)).toBe('')
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    expect(lines.some((line) => line.startsWith(' '))).toBe(true)
  })

  it('is a CANCEL with a cancelled status once cancelled', () => {
    const text = appointmentInvitation({ ...details, cancelled: true, sequence: 3 })
    const calendar = new ICAL.Component(ICAL.parse(text))
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL')
    const event = calendar.getFirstSubcomponent('vevent')
    expect(event?.getFirstPropertyValue('status')).toBe('CANCELLED')
    expect(event?.getFirstPropertyValue('sequence')).toBe(3)
  })
})
