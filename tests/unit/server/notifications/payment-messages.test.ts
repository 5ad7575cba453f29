import { describe, expect, it } from 'vitest'
import { customerHtml } from '../../../../server/notifications/customer-html.ts'
import {
  type AppointmentFacts,
  customerMessage,
  formatMoney,
  latePaymentMessage,
  teamMemberMessage,
} from '../../../../server/notifications/messages.ts'
import { paymentReturnUrl } from '../../../../shared/booking-links.ts'
import { expectOnlyOurTags, visibleParagraphs } from '../../../support/unit/email-html.ts'

const facts: AppointmentFacts = {
  businessName: 'Harbor Street Studio',
  businessAddress: '',
  businessPhone: '',
  businessTimeZone: 'Europe/Berlin',
  locale: 'en-US',
  customerLanguage: 'en',
  serviceName: 'Haircut',
  teamMemberName: 'Sam Staff',
  teamMemberTimeZone: 'Europe/Berlin',
  customerName: 'Ana Lopez',
  customerTimeZone: 'Europe/Berlin',
  startsAt: new Date('2026-06-10T08:00:00Z'),
  endsAt: new Date('2026-06-10T08:45:00Z'),
  cancelReason: null,
  manageUrl: 'https://book.example.test/booking/event/abc?token=secret',
  bookingUrl: 'https://book.example.test/booking?business=harbor-street',
}

const deposit = {
  kind: 'deposit' as const,
  amountMinor: 900,
  currency: 'EUR',
  noShowFeeMinor: null,
  cancellationCutoffMinutes: 1440,
}

describe('formatMoney', () => {
  it('reads minor units in the currency’s own decimals', () => {
    expect(formatMoney(4550, 'EUR', 'en-US')).toBe('€45.50')
    expect(formatMoney(4550, 'EUR', 'de-DE')).toMatch(/^45,50\s€$/u)
    expect(formatMoney(500, 'JPY', 'en-US')).toBe('¥500')
    expect(formatMoney(1234, 'KWD', 'en-US')).toMatch(/^KWD\s1\.234$/u)
  })
})

describe('the confirmation of a booking paid at booking', () => {
  it('states the deposit paid and the refund rule, in the customer’s language', () => {
    const en = customerMessage('confirmation', { ...facts, payment: deposit }).text
    expect(en).toContain('Deposit paid: €9.00.')
    expect(en).toContain(
      'Cancel before Jun 9, 2026, 10:00 AM and the payment is refunded in full; after that, €9.00 is kept.',
    )
    const de = customerMessage('confirmation', {
      ...facts,
      customerLanguage: 'de',
      payment: { ...deposit, kind: 'prepayment' },
    }).text
    expect(de).toMatch(/Bezahlt: 9,00\s€\./u)
  })

  it('says a kept card’s no-show fee, and the team member sees what was paid', () => {
    const card = { ...deposit, kind: 'card_on_file' as const, amountMinor: 0, noShowFeeMinor: 2500 }
    expect(customerMessage('confirmation', { ...facts, payment: card }).text).toContain(
      'a no-show fee of €25.00 is charged',
    )
    expect(teamMemberMessage('confirmation', { ...facts, payment: deposit }).text).toContain(
      'Deposit paid online: €9.00.',
    )
    expect(customerMessage('confirmation', facts).text).not.toContain('paid')
  })

  it('tells of a late payment refunded for a time that was taken', () => {
    const message = latePaymentMessage({ ...facts, payment: deposit }, 900)
    expect(message.subject).toMatch(/^Not booked: Haircut with Sam Staff/)
    expect(message.text).toContain('Your payment of €9.00 has been refunded in full.')
    expect(latePaymentMessage({ ...facts, payment: deposit }, 0).text).not.toContain('refunded')
  })
})

describe('the payment lines of a confirmation in every language', () => {
  // What each language says of a deposit of €9.00 and of a card kept for €25.00.
  const expected = {
    en: {
      paid: 'Deposit paid: €9.00.',
      kept: 'no-show fee of €25.00',
      rule: /after that, €9\.00 is kept\./u,
    },
    es: { paid: /Depósito pagado: 9,00\s€\./u, kept: /25,00\s€/u, rule: /9,00\s€/u },
    de: { paid: /Anzahlung bezahlt: 9,00\s€\./u, kept: /25,00\s€/u, rule: /9,00\s€/u },
    fr: { paid: /Acompte payé\s?: 9,00\s€\./u, kept: /25,00\s€/u, rule: /9,00\s€/u },
  } as const

  for (const [language, words] of Object.entries(expected)) {
    it(`states the amount paid and the refund rule in ${language}`, () => {
      const customerLanguage = language as keyof typeof expected
      const text = customerMessage('confirmation', {
        ...facts,
        customerLanguage,
        payment: deposit,
      }).text
      const lines = text.split('\n')
      const paid = lines.findIndex((line) =>
        typeof words.paid === 'string' ? line === words.paid : words.paid.test(line),
      )
      expect(paid, text).toBeGreaterThan(0)
      // The refund rule follows on its own line, with the deadline and what is kept.
      expect(lines[paid + 1], text).toMatch(words.rule)
      expect(lines[paid + 1], text).toMatch(/2026/)
      const card = customerMessage('confirmation', {
        ...facts,
        customerLanguage,
        payment: { ...deposit, kind: 'card_on_file', amountMinor: 0, noShowFeeMinor: 2500 },
      }).text
      expect(card).toMatch(words.kept)
      // Nothing was paid for a kept card: no amount paid, no refund of it.
      expect(card).not.toMatch(words.paid)
      expect(card).not.toMatch(/9,00|9\.00/u)
    })
  }

  it('is plain text, and escaped in the HTML part with the rest of the e-mail', () => {
    const message = customerMessage('confirmation', {
      ...facts,
      businessName: 'Studio <b>"A&B"</b>',
      payment: deposit,
    })
    expect(message.text).toContain('Deposit paid: €9.00.')
    const html = customerHtml(
      message,
      { businessName: 'Studio <b>"A&B"</b>', brandColor: '#0e7490', logo: null, language: 'en' },
      'https://book.example.test',
    )
    expectOnlyOurTags(html)
    expect(html).toContain('Studio &lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;')
    expect(html).toContain('Deposit paid: €9.00.')
    expect(visibleParagraphs(html)).toBe(message.text)
  })
})

describe('paymentReturnUrl', () => {
  it('leaves Stripe’s placeholder unencoded on the success address only', () => {
    expect(paymentReturnUrl('a1', 'tok', 'salon', 'paid')).toBe(
      '/booking/payment/a1?business=salon&token=tok&outcome=paid&session_id={CHECKOUT_SESSION_ID}',
    )
    expect(paymentReturnUrl('a1', 'tok', null, 'cancelled')).toBe(
      '/booking/payment/a1?token=tok&outcome=cancelled',
    )
  })
})
