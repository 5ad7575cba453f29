import type Stripe from 'stripe'
import type { FormObject } from '../form-decoding.ts'
import { type HttpReply, htmlReply, redirectReply } from '../http-reply.ts'
import { attemptCheckout } from '../payments/checkout-attempt.ts'
import type { Scope } from '../scope.ts'
import { cardFieldNames, cardFields, errorAlert, formText } from './card-fields.ts'
import { escapeHtml, formatMoney, page, priceLabel } from './layout.ts'

const oneOffNote =
  'Test mode: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds; 4000 0000 0000 0341 pays now but every later charge on it is declined.'

export function showCheckout(scope: Scope, session: Stripe.Checkout.Session): HttpReply {
  return htmlReply(200, renderCheckout(scope, session, {}, undefined))
}

/** Pays the session with the typed card: a declined or mistyped card completes nothing. */
export function submitCheckout(
  scope: Scope,
  session: Stripe.Checkout.Session,
  form: FormObject,
): HttpReply {
  const attempt = attemptCheckout(scope, session, {
    email: formText(form, 'email'),
    number: formText(form, cardFieldNames.number),
    expiry: formText(form, cardFieldNames.expiry),
    cvc: formText(form, cardFieldNames.cvc),
    name: formText(form, cardFieldNames.name),
  })
  if (attempt.done) return redirectReply(attempt.redirect)
  const error = attempt.status === 409 ? undefined : attempt.message
  return htmlReply(attempt.status, renderCheckout(scope, session, form, error))
}

/** What the session sells, and the words its page uses for it. */
function wordsFor(scope: Scope, session: Stripe.Checkout.Session) {
  const { state } = scope
  const purchase = state.checkoutPurchases[session.id]
  const price = purchase?.price ? state.prices[purchase.price] : undefined
  const productId = typeof price?.product === 'string' ? price.product : price?.product.id
  const product = productId ? state.products[productId] : undefined
  const merchant = escapeHtml(scope.accountName)
  if (session.mode === 'subscription') {
    const name = escapeHtml(product?.name ?? 'a plan')
    return {
      title: `Subscribe — ${scope.accountName}`,
      heading: `Subscribe to ${name}`,
      summary: `<p class="muted">Subscribe to ${name}</p>
<p class="amount">${price ? escapeHtml(priceLabel(price)) : ''}</p>
${product?.description ? `<p class="muted">${escapeHtml(product.description)}</p>` : ''}`,
      button: 'Subscribe',
      done: 'This checkout is already complete. Your subscription is active.',
    }
  }
  if (session.mode === 'payment') {
    const amount = escapeHtml(formatMoney(session.amount_total, session.currency ?? 'usd'))
    const quantity = purchase && purchase.quantity > 1 ? ` × ${purchase.quantity}` : ''
    return {
      title: `Pay ${scope.accountName}`,
      heading: `Pay ${merchant}`,
      summary: `<p class="muted">${escapeHtml(product?.name ?? 'Payment')}${quantity}</p>
<p class="amount">${amount}</p>
${product?.description ? `<p class="muted">${escapeHtml(product.description)}</p>` : ''}`,
      button: `Pay ${amount}`,
      done: 'This checkout is already complete. Your payment was received.',
    }
  }
  return {
    title: `Save your card — ${scope.accountName}`,
    heading: `Save your card with ${merchant}`,
    summary: `<p>${merchant} keeps this card on file and may charge it later under its terms. Nothing is charged now.</p>`,
    button: 'Save card',
    done: 'This checkout is already complete. Your card is saved.',
  }
}

function renderCheckout(
  scope: Scope,
  session: Stripe.Checkout.Session,
  form: FormObject,
  error: string | undefined,
): string {
  const { state } = scope
  const words = wordsFor(scope, session)
  const customer =
    typeof session.customer === 'string' ? state.customers[session.customer] : undefined
  const back = session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">← Back</a></p>`
    : ''
  const summary = `<section aria-label="Order summary">
<p class="muted">${escapeHtml(scope.accountName)}</p>
${words.summary}
</section>`

  if (session.status !== 'open') {
    const message =
      session.status === 'complete'
        ? words.done
        : 'This checkout session has expired. Start again from the app.'
    return page(
      `Checkout — ${scope.accountName}`,
      `${back}<h1>${session.status === 'complete' ? 'Payment complete' : 'Checkout expired'}</h1>
<p role="status">${message}</p>
${session.status === 'complete' && session.success_url ? `<p><a href="${escapeHtml(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id))}">Continue</a></p>` : ''}`,
    )
  }

  const fixedEmail = customer?.email ?? session.customer_email
  const emailField = fixedEmail
    ? `<p>Email: <strong>${escapeHtml(fixedEmail)}</strong></p>`
    : `<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(formText(form, 'email'))}" required>`
  return page(
    words.title,
    `${back}<h1>${words.heading}</h1>
${summary}
<section aria-label="Payment">
${errorAlert(error)}
<form method="post" action="/checkout/${escapeHtml(session.id)}">
${emailField}
<h2>Card information</h2>
${session.mode === 'subscription' ? cardFields(form) : cardFields(form, oneOffNote)}
<button type="submit">${words.button}</button>
</form>
</section>`,
  )
}
