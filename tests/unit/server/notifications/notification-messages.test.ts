import { describe, expect, it } from 'vitest'
import {
  type AppointmentFacts,
  customerMessage,
  describeTimeRange,
  teamMemberMessage,
} from '../../../../server/notifications/messages.ts'

const facts: AppointmentFacts = {
  businessName: 'Harbor Street Studio',
  businessAddress: '12 Harbor Street, Berlin',
  businessPhone: '+49 30 123456',
  businessTimeZone: 'Europe/Berlin',
  locale: 'en-US',
  customerLanguage: 'en',
  serviceName: 'Haircut',
  teamMemberName: 'Sam Staff',
  teamMemberTimeZone: 'Europe/London',
  customerName: 'Ana Lopez',
  customerTimeZone: 'America/New_York',
  // Sunday 29 March 2026: Berlin and London have just moved their clocks forward.
  startsAt: new Date('2026-03-29T08:00:00Z'),
  endsAt: new Date('2026-03-29T08:45:00Z'),
  cancelReason: null,
  manageUrl: 'https://book.example.test/booking/event/abc?token=secret',
  bookingUrl: 'https://book.example.test/booking?business=harbor-street',
}

describe('describeTimeRange', () => {
  it('uses the offset in force that day, on either side of a DST change', () => {
    expect(
      describeTimeRange(
        new Date('2026-03-28T09:00:00Z'),
        new Date('2026-03-28T09:45:00Z'),
        'Europe/Berlin',
        'en-US',
      ),
    ).toBe('Saturday, March 28, 2026, 10:00 AM – 10:45 AM (Europe/Berlin, GMT+1)')
    expect(describeTimeRange(facts.startsAt, facts.endsAt, 'Europe/Berlin', 'en-US')).toBe(
      'Sunday, March 29, 2026, 10:00 AM – 10:45 AM (Europe/Berlin, GMT+2)',
    )
  })

  it('writes the date the way the business locale reads it', () => {
    expect(describeTimeRange(facts.startsAt, facts.endsAt, 'Europe/Berlin', 'de-DE')).toBe(
      'Sonntag, 29. März 2026, 10:00 – 10:45 (Europe/Berlin, GMT+2)',
    )
  })
})

describe('customer messages', () => {
  it('give the time in the zone the customer booked in, with the manage link', () => {
    const message = customerMessage('confirmation', facts)
    expect(message.subject).toBe('Booked: Haircut with Sam Staff — Mar 29, 2026, 4:00 AM')
    expect(message.text).toContain(
      'Sunday, March 29, 2026, 4:00 AM – 4:45 AM (America/New_York, GMT-4)',
    )
    expect(message.text).toContain(`To reschedule or cancel: ${facts.manageUrl}`)
    expect(message.text).toContain('12 Harbor Street, Berlin')
  })

  it("fall back to the business's zone for a customer booked by staff", () => {
    const message = customerMessage('reminder', { ...facts, customerTimeZone: null })
    expect(message.subject).toMatch(/^Reminder: /)
    expect(message.text).toContain('10:00 AM – 10:45 AM (Europe/Berlin, GMT+2)')
  })

  it('tell the reason of a cancellation and offer to book again instead of the manage link', () => {
    const message = customerMessage('cancellation', { ...facts, cancelReason: 'Stylist is ill' })
    expect(message.subject).toMatch(/^Cancelled: /)
    expect(message.text).toContain('Reason: Stylist is ill')
    expect(message.text).toContain(`To book again: ${facts.bookingUrl}`)
    expect(message.text).not.toContain(facts.manageUrl)
  })

  it('give the new details of a changed appointment', () => {
    const message = customerMessage('reschedule', facts)
    expect(message.subject).toMatch(/^Changed: Haircut with Sam Staff/)
    expect(message.text).toContain('has changed. The new details:')
    expect(message.text).toContain(facts.manageUrl)
  })
})

describe('team member messages', () => {
  it("give the time in the member's zone and never the customer's manage link", () => {
    const message = teamMemberMessage('confirmation', facts)
    expect(message.subject).toBe('New: Haircut for Ana Lopez — Mar 29, 2026, 9:00 AM')
    expect(message.text).toContain('9:00 AM – 9:45 AM (Europe/London, GMT+1)')
    expect(message.text).not.toContain('token=')
  })
})

describe('customer messages in the customer language', () => {
  it('write a German confirmation with German dates, in the business region when it matches', () => {
    const message = customerMessage('confirmation', {
      ...facts,
      customerLanguage: 'de',
      locale: 'de-AT',
    })
    expect(message.subject).toBe('Gebucht: Haircut mit Sam Staff — 29.03.2026, 04:00')
    expect(message.text).toContain('Guten Tag Ana Lopez,')
    expect(message.text).toContain('Ihr Termin bei Harbor Street Studio ist gebucht.')
    expect(message.text).toContain('Sonntag, 29. März 2026, 04:00 – 04:45 (America/New_York')
    expect(message.text).toContain(`Verschieben oder absagen: ${facts.manageUrl}`)
  })

  it('write Spanish and French cancellations with the reason and the way to book again', () => {
    const cancelled = { ...facts, cancelReason: 'Fermé' }
    const es = customerMessage('cancellation', { ...cancelled, customerLanguage: 'es' })
    expect(es.subject.startsWith('Cancelada: Haircut con Sam Staff — ')).toBe(true)
    expect(es.text).toContain('domingo, 29 de marzo de 2026')
    expect(es.text).toContain(`Para volver a reservar: ${facts.bookingUrl}`)
    const fr = customerMessage('cancellation', { ...cancelled, customerLanguage: 'fr' })
    expect(fr.text).toContain('Bonjour Ana Lopez,')
    expect(fr.text).toContain('Motif\u202f: Fermé')
    expect(fr.text).toContain('dimanche 29 mars 2026')
  })

  it('put typed text in as it is, never read as a placeholder', () => {
    const message = customerMessage('reminder', {
      ...facts,
      customerLanguage: 'fr',
      customerName: '{{business}} <b>&',
      serviceName: '{{date}}',
    })
    expect(message.text).toContain('Bonjour {{business}} <b>&,')
    expect(message.subject.startsWith('Rappel\u202f: {{date}} avec Sam Staff — ')).toBe(true)
  })

  it('leave the team member e-mail in English whatever the customer language', () => {
    const message = teamMemberMessage('confirmation', { ...facts, customerLanguage: 'de' })
    expect(message.subject.startsWith('New: Haircut for Ana Lopez')).toBe(true)
  })
})
