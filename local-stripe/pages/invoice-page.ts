import type Stripe from 'stripe'
import { type HttpReply, htmlReply } from '../http-reply.ts'
import { escapeHtml, formatDate, formatMoney, page } from './layout.ts'

/** Stripe's hosted invoice page, reduced to what a customer reads; `?pdf` gets the same page. */
export function showInvoice(invoice: Stripe.Invoice): HttpReply {
  const lines = invoice.lines.data
    .map(
      (line) =>
        `<li>${escapeHtml(line.description ?? '')}: ${escapeHtml(formatMoney(line.amount, line.currency))} (${formatDate(line.period.start)} – ${formatDate(line.period.end)})</li>`,
    )
    .join('')
  return htmlReply(
    200,
    page(
      `Invoice ${invoice.number ?? invoice.id}`,
      `<h1>Invoice ${escapeHtml(invoice.number ?? invoice.id)}</h1>
<section>
<p>From ${escapeHtml(invoice.account_name ?? '')} to ${escapeHtml(invoice.customer_email ?? '')}</p>
<p class="amount">${escapeHtml(formatMoney(invoice.total, invoice.currency))}</p>
<p>Status: <strong>${escapeHtml(invoice.status ?? 'draft')}</strong>${invoice.status_transitions.paid_at ? `, paid on ${formatDate(invoice.status_transitions.paid_at)}` : ''}</p>
<ul>${lines}</ul>
</section>`,
    ),
  )
}
