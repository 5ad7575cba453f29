import { localeFor } from '../../shared/i18n/language-choice.ts'
import type { CheckoutExtra, TillFigures } from '../../shared/till-checkout.ts'
import { translatorFor } from './i18n.ts'
import { type AppointmentFacts, describeTimeRange, formatMoney, type Message } from './messages.ts'

export type ReceiptMethod = 'cash' | 'card_terminal' | 'other'

/** What the receipt itemises: the checkout's figures, the extras sold, how it was paid. */
export interface ReceiptFacts {
  figures: TillFigures
  extras: readonly CheckoutExtra[]
  method: ReceiptMethod | null
  currency: string
}

/**
 * Text typed by people (a customer's name, an extra's name) on one line: line breaks and other
 * control characters become spaces, so nothing typed can pose as a line of the receipt (a
 * total, a link). The HTML part escapes the rest when it is sent.
 */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim()
}

/**
 * The customer's receipt of a visit checked out at the till, in their language: the service,
 * each extra, the discount, the total, what was paid online before, the tip, and what was paid
 * now and how. Lines with nothing to say (no discount, no tip) are left out.
 */
export function receiptMessage(facts: AppointmentFacts, receipt: ReceiptFacts): Message {
  const t = translatorFor(facts.customerLanguage)
  const locale = localeFor(facts.customerLanguage, facts.locale)
  const zone = facts.customerTimeZone ?? facts.businessTimeZone
  const amount = (minor: number) => formatMoney(minor, receipt.currency, locale)
  const { figures } = receipt
  const what = t('email_what', { service: facts.serviceName, member: facts.teamMemberName })
  const items = [`${oneLine(facts.serviceName)}: ${amount(figures.serviceMinor)}`]
  for (const extra of receipt.extras) {
    const label = t('email_receipt_extra', { name: oneLine(extra.name), quantity: extra.quantity })
    items.push(`${label}: ${amount(extra.quantity * extra.unitPriceMinor)}`)
  }
  if (figures.discountMinor > 0) {
    items.push(`${t('email_receipt_discount')}: −${amount(figures.discountMinor)}`)
  }
  items.push(`${t('email_receipt_total')}: ${amount(figures.totalMinor)}`)
  const payments: string[] = []
  if (figures.paidBeforeMinor > 0) {
    payments.push(`${t('email_receipt_paid_before')}: ${amount(figures.paidBeforeMinor)}`)
  }
  if (figures.tipMinor > 0) payments.push(`${t('email_receipt_tip')}: ${amount(figures.tipMinor)}`)
  if (receipt.method && figures.paidNowMinor > 0) {
    const method = t(`email_receipt_method_${receipt.method}`)
    payments.push(`${t('email_receipt_paid_now', { method })}: ${amount(figures.paidNowMinor)}`)
  }
  const lines = [
    t('email_greeting', { name: oneLine(facts.customerName) }),
    '',
    t('email_opening_receipt', { business: oneLine(facts.businessName) }),
    '',
    what,
    describeTimeRange(facts.startsAt, facts.endsAt, zone, locale),
    '',
    ...items,
  ]
  if (payments.length > 0) lines.push('', ...payments)
  lines.push('', t('email_book_again', { url: facts.bookingUrl }), '', signature(facts))
  return {
    subject: oneLine(
      t('email_subject_receipt', {
        what,
        date: new Intl.DateTimeFormat(locale, {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: zone,
        }).format(facts.startsAt),
      }),
    ),
    text: lines.join('\n'),
  }
}

function signature(facts: AppointmentFacts): string {
  return [facts.businessName, facts.businessPhone].filter(Boolean).join(' · ')
}
