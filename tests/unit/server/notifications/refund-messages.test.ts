import { describe, expect, it } from 'vitest'
import { customerHtml } from '../../../../server/notifications/customer-html.ts'
import {
  type AppointmentFacts,
  customerMessage,
  refundMessage,
} from '../../../../server/notifications/messages.ts'
import { LANGUAGES } from '../../../../shared/languages.ts'

const facts: AppointmentFacts = {
  businessName: 'Harbor <Street> & Co',
  businessAddress: '',
  businessPhone: '',
  businessTimeZone: 'Europe/Berlin',
  locale: 'en-US',
  customerLanguage: 'en',
  serviceName: 'Haircut',
  teamMemberName: 'Sam Staff',
  teamMemberTimeZone: 'Europe/Berlin',
  customerName: 'Ana "<b>" Lopez',
  customerTimeZone: 'Europe/Berlin',
  startsAt: new Date('2026-06-10T08:00:00Z'),
  endsAt: new Date('2026-06-10T08:45:00Z'),
  cancelReason: 'Ill',
  manageUrl: 'https://book.example.test/booking/event/abc?token=secret',
  bookingUrl: 'https://book.example.test/booking?business=harbor-street',
}

describe('the cancellation e-mail of a paid booking', () => {
  it('states the amount refunded, in every language', () => {
    const money = { refundMinor: 4550, keptMinor: 0, currency: 'EUR' }
    const said = {
      en: /The €45\.50 you paid is being refunded to your card/u,
      de: /Die gezahlten 45,50\s€ werden auf Ihre Karte erstattet/u,
      es: /Los 45,50\s€ que pagaste se están reembolsando/u,
      fr: /Les 45,50\s€ que vous avez payés sont remboursés/u,
    }
    for (const language of LANGUAGES) {
      const text = customerMessage('cancellation', {
        ...facts,
        customerLanguage: language,
        cancellationMoney: money,
      }).text
      expect(text, language).toMatch(said[language])
      expect(text, language).not.toMatch(/kept|einbehalten|conservan|conservés/)
    }
  })

  it('states that the payment was kept after the deadline', () => {
    const text = customerMessage('cancellation', {
      ...facts,
      cancellationMoney: { refundMinor: 0, keptMinor: 900, currency: 'EUR' },
    }).text
    expect(text).toContain(
      'As the appointment was cancelled after the cancellation deadline, the €9.00 you paid is kept.',
    )
    expect(text).not.toContain('refunded to your card')
  })

  it('says nothing of money for a booking without payment', () => {
    const text = customerMessage('cancellation', facts).text
    expect(text).not.toMatch(/refund|kept/i)
  })
})

describe('the e-mail of a staff refund', () => {
  it('states the amount in every language, and its HTML part escapes what people typed', () => {
    for (const language of LANGUAGES) {
      const message = refundMessage(
        { ...facts, customerLanguage: language },
        { amountMinor: 1250, currency: 'EUR' },
      )
      expect(message.text, language).toMatch(/12[.,]50/u)
      expect(message.subject, language).toContain('Haircut')
    }
    const en = refundMessage(facts, { amountMinor: 1250, currency: 'EUR' })
    expect(en.subject).toMatch(/^Refund: Haircut with Sam Staff — /u)
    expect(en.text).toContain('Harbor <Street> & Co has refunded €12.50 of your payment')
    const html = customerHtml(
      en,
      { businessName: facts.businessName, brandColor: '#4f46e5', logo: null, language: 'en' },
      'https://book.example.test',
    )
    expect(html).not.toContain('<Street>')
    expect(html).not.toContain('"<b>"')
    expect(html).toContain('Harbor &lt;Street&gt; &amp; Co')
  })
})
