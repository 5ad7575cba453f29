import type Stripe from 'stripe'
import { completeCheckout } from '../billing/checkout-completion.ts'
import type { FormObject } from '../form-decoding.ts'
import { type HttpReply, htmlReply, redirectReply } from '../http-reply.ts'
import type { Scope } from '../scope.ts'
import { cardFields, errorAlert, formText, readCardForm } from './card-fields.ts'
import { escapeHtml, page, priceLabel } from './layout.ts'

export function showCheckout(scope: Scope, session: Stripe.Checkout.Session): HttpReply {
  return htmlReply(200, renderCheckout(scope, session, {}, undefined))
}

/** Pays the session with the typed card: a declined or mistyped card changes nothing. */
export function submitCheckout(
  scope: Scope,
  session: Stripe.Checkout.Session,
  form: FormObject,
): HttpReply {
  if (session.status !== 'open')
    return htmlReply(409, renderCheckout(scope, session, form, undefined))
  const email = formText(form, 'email').trim()
  if (!session.customer && !/^\S+@\S+\.\S+$/.test(email)) {
    return htmlReply(400, renderCheckout(scope, session, form, 'Your email address is incomplete.'))
  }
  const reading = readCardForm(form)
  if ('error' in reading) return htmlReply(400, renderCheckout(scope, session, form, reading.error))
  if (reading.card.declinesCharges) {
    return htmlReply(402, renderCheckout(scope, session, form, 'Your card was declined.'))
  }
  completeCheckout(scope, session, reading.card, email || null)
  const successUrl = (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id)
  return redirectReply(successUrl)
}

function renderCheckout(
  scope: Scope,
  session: Stripe.Checkout.Session,
  form: FormObject,
  error: string | undefined,
): string {
  const { state } = scope
  const purchase = state.checkoutPurchases[session.id]
  const price = purchase?.price ? state.prices[purchase.price] : undefined
  const productId = typeof price?.product === 'string' ? price.product : price?.product.id
  const product = productId ? state.products[productId] : undefined
  const customer =
    typeof session.customer === 'string' ? state.customers[session.customer] : undefined
  const back = session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">← Back</a></p>`
    : ''
  const summary = `<section aria-label="Order summary">
<p class="muted">Subscribe to ${escapeHtml(product?.name ?? 'a plan')}</p>
<p class="amount">${price ? escapeHtml(priceLabel(price)) : ''}</p>
${product?.description ? `<p class="muted">${escapeHtml(product.description)}</p>` : ''}
</section>`

  if (session.status !== 'open') {
    const message =
      session.status === 'complete'
        ? 'This checkout is already complete. Your subscription is active.'
        : 'This checkout session has expired. Start again from the app.'
    return page(
      `Checkout — ${scope.accountName}`,
      `${back}<h1>${session.status === 'complete' ? 'Payment complete' : 'Checkout expired'}</h1>
<p>${message}</p>
${session.status === 'complete' && session.success_url ? `<p><a href="${escapeHtml(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id))}">Continue</a></p>` : ''}`,
    )
  }

  const emailField = customer
    ? `<p>Email: <strong>${escapeHtml(customer.email ?? '')}</strong></p>`
    : `<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(formText(form, 'email'))}" required>`
  return page(
    `Subscribe — ${scope.accountName}`,
    `${back}<h1>Subscribe to ${escapeHtml(product?.name ?? 'a plan')}</h1>
${summary}
<section aria-label="Payment">
${errorAlert(error)}
<form method="post" action="/checkout/${escapeHtml(session.id)}">
${emailField}
<h2>Card information</h2>
${cardFields(form)}
<button type="submit">Subscribe</button>
</form>
</section>`,
  )
}
