import type Stripe from 'stripe'
import {
  replaceDefaultCard,
  setCancelAtPeriodEnd,
  switchPrice,
} from '../billing/subscription-changes.ts'
import type { FormObject } from '../form-decoding.ts'
import { type HttpReply, htmlReply, redirectReply } from '../http-reply.ts'
import { onlyItem } from '../objects/subscription.ts'
import type { Scope } from '../scope.ts'
import { cardFields, errorAlert, formText, readCardForm } from './card-fields.ts'
import { escapeHtml, formatDate, formatMoney, page, priceLabel } from './layout.ts'

type Session = Stripe.BillingPortal.Session

/** The subscription the portal manages: the customer's newest one that has not ended. */
function currentSubscription(scope: Scope, customer: string): Stripe.Subscription | undefined {
  const subscriptions = Object.values(scope.state.subscriptions)
    .reverse()
    .filter((subscription) => subscription.customer === customer)
  return (
    subscriptions.find((subscription) => subscription.status !== 'canceled') ?? subscriptions[0]
  )
}

function productName(scope: Scope, price: Stripe.Price): string {
  const id = typeof price.product === 'string' ? price.product : price.product.id
  return scope.state.products[id]?.name ?? id
}

export function showPortal(scope: Scope, session: Session, view: string | undefined): HttpReply {
  if (session.flow?.type === 'subscription_update_confirm' && view !== 'home') {
    return htmlReply(200, renderConfirmation(scope, session))
  }
  if (view === 'card') return htmlReply(200, renderCardForm(scope, session, {}, undefined))
  return htmlReply(200, renderHome(scope, session))
}

/** The portal's actions; each is a form POST to `/portal/:id/<action>`. */
export function submitPortal(
  scope: Scope,
  session: Session,
  action: string,
  form: FormObject,
): HttpReply {
  const home = `/portal/${session.id}?view=home`
  const subscription = currentSubscription(scope, session.customer)
  const live = subscription && subscription.status !== 'canceled' ? subscription : undefined
  switch (action) {
    case 'cancel':
      if (live) setCancelAtPeriodEnd(scope, live, true)
      return redirectReply(home)
    case 'renew':
      if (live) setCancelAtPeriodEnd(scope, live, false)
      return redirectReply(home)
    case 'switch': {
      const price = formText(form, 'price')
      if (live && scope.state.prices[price]) switchPrice(scope, live, price)
      return redirectReply(home)
    }
    case 'card': {
      const reading = readCardForm(form)
      if ('error' in reading)
        return htmlReply(400, renderCardForm(scope, session, form, reading.error))
      // Saving a card checks it with the bank: a card declined on any use cannot be saved.
      if (reading.card.decline) {
        return htmlReply(402, renderCardForm(scope, session, form, reading.card.decline.message))
      }
      const customer = scope.state.customers[session.customer]
      if (customer) replaceDefaultCard(scope, customer, live, reading.card)
      return redirectReply(home)
    }
    case 'confirm': {
      const confirm = session.flow?.subscription_update_confirm
      const target = confirm ? scope.state.subscriptions[confirm.subscription] : undefined
      const price = confirm?.items[0]?.price
      if (target && price && target.status !== 'canceled') switchPrice(scope, target, price)
      const redirect = session.flow?.after_completion.redirect?.return_url
      return redirectReply(redirect ?? home)
    }
    default:
      return htmlReply(404, page('Not found', '<h1>Not found</h1>'))
  }
}

function returnLink(scope: Scope, session: Session): string {
  return session.return_url
    ? `<p><a href="${escapeHtml(session.return_url)}">← Return to ${escapeHtml(scope.accountName)}</a></p>`
    : ''
}

function actionForm(
  session: Session,
  action: string,
  label: string,
  extra = '',
  secondary = false,
) {
  return `<form method="post" action="/portal/${escapeHtml(session.id)}/${action}">${extra}<button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`
}

function renderHome(scope: Scope, session: Session): string {
  const { state } = scope
  const customer = state.customers[session.customer]
  const subscription = currentSubscription(scope, session.customer)
  const paymentMethodId = customer?.invoice_settings.default_payment_method
  const card =
    typeof paymentMethodId === 'string' ? state.paymentMethods[paymentMethodId]?.card : undefined
  const invoices = Object.values(state.invoices)
    .reverse()
    .filter((invoice) => invoice.customer === session.customer)

  let plan = '<p>You have no subscription.</p>'
  if (subscription) {
    const item = onlyItem(subscription)
    const renewal =
      subscription.status === 'canceled'
        ? `Ended on ${formatDate(subscription.ended_at ?? item.current_period_end)}`
        : subscription.cancel_at_period_end
          ? `Cancels on ${formatDate(item.current_period_end)}`
          : `Renews on ${formatDate(item.current_period_end)}`
    const statusNote =
      subscription.status === 'past_due' || subscription.status === 'unpaid'
        ? `<p role="status">Your last payment failed. Update your card to keep your plan.</p>`
        : ''
    const otherPrices = Object.values(state.prices).filter(
      (price) =>
        price.active &&
        price.recurring &&
        price.id !== item.price.id &&
        price.currency === item.price.currency,
    )
    const actions =
      subscription.status === 'canceled'
        ? ''
        : `${
            subscription.cancel_at_period_end
              ? actionForm(session, 'renew', "Don't cancel")
              : actionForm(session, 'cancel', 'Cancel plan', '', true)
          }
${
  otherPrices.length > 0
    ? `<h2>Switch plan</h2>${otherPrices
        .map((price) =>
          actionForm(
            session,
            'switch',
            `Switch to ${productName(scope, price)} (${priceLabel(price)})`,
            `<input type="hidden" name="price" value="${escapeHtml(price.id)}">`,
            true,
          ),
        )
        .join('\n')}`
    : ''
}`
    plan = `<p><strong>${escapeHtml(productName(scope, item.price))}</strong></p>
<p class="amount">${escapeHtml(priceLabel(item.price))}</p>
<p>${renewal}</p>
${statusNote}
${actions}`
  }

  const invoiceList =
    invoices.length === 0
      ? '<p>No invoices yet.</p>'
      : `<ul>${invoices
          .map(
            (invoice) =>
              `<li><a href="${escapeHtml(invoice.hosted_invoice_url ?? `/invoices/${invoice.id}`)}">${formatDate(invoice.created)} — ${escapeHtml(formatMoney(invoice.total, invoice.currency))}</a> <span class="muted">${escapeHtml(invoice.status ?? '')}</span></li>`,
          )
          .join('')}</ul>`

  return page(
    `Billing — ${scope.accountName}`,
    `${returnLink(scope, session)}<h1>Manage your billing</h1>
<section aria-labelledby="plan-heading"><h2 id="plan-heading">Current plan</h2>${plan}</section>
<section aria-labelledby="card-heading"><h2 id="card-heading">Payment method</h2>
<p>${card ? `Visa ending in ${escapeHtml(card.last4)}, expires ${card.exp_month}/${card.exp_year}` : 'No card on file.'}</p>
<p><a href="/portal/${escapeHtml(session.id)}?view=card">Update card</a></p>
</section>
<section aria-labelledby="invoices-heading"><h2 id="invoices-heading">Invoices</h2>${invoiceList}</section>`,
  )
}

function renderCardForm(
  scope: Scope,
  session: Session,
  form: FormObject,
  error: string | undefined,
): string {
  return page(
    `Update card — ${scope.accountName}`,
    `<p><a href="/portal/${escapeHtml(session.id)}?view=home">← Back</a></p>
<h1>Update card</h1>
<section>
${errorAlert(error)}
<form method="post" action="/portal/${escapeHtml(session.id)}/card">
${cardFields(form)}
<button type="submit">Update card</button>
</form>
</section>`,
  )
}

function renderConfirmation(scope: Scope, session: Session): string {
  const confirm = session.flow?.subscription_update_confirm
  const subscription = confirm ? scope.state.subscriptions[confirm.subscription] : undefined
  const newPrice = confirm?.items[0]?.price ? scope.state.prices[confirm.items[0].price] : undefined
  if (!subscription || !newPrice || subscription.status === 'canceled') {
    return page(
      `Billing — ${scope.accountName}`,
      `${returnLink(scope, session)}<h1>This change is no longer possible</h1><p>The subscription has ended.</p>`,
    )
  }
  const current = onlyItem(subscription).price
  return page(
    `Confirm your plan change — ${scope.accountName}`,
    `${returnLink(scope, session)}<h1>Confirm your plan change</h1>
<section>
<p>Current plan: <strong>${escapeHtml(productName(scope, current))}</strong>, ${escapeHtml(priceLabel(current))}</p>
<p>New plan: <strong>${escapeHtml(productName(scope, newPrice))}</strong>, ${escapeHtml(priceLabel(newPrice))}</p>
<p class="muted">The change takes effect now; the new price applies from your next renewal on ${formatDate(onlyItem(subscription).current_period_end)}.</p>
${actionForm(session, 'confirm', 'Confirm')}
</section>`,
  )
}
