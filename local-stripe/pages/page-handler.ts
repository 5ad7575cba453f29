import type { FormObject } from '../form-decoding.ts'
import { type HttpReply, htmlReply } from '../http-reply.ts'
import type { Scope } from '../scope.ts'
import { showCheckout, submitCheckout } from './checkout-page.ts'
import { showInvoice } from './invoice-page.ts'
import { page } from './layout.ts'
import { showPortal, submitPortal } from './portal-page.ts'

/**
 * The pages a browser opens: `/checkout/:id`, `/portal/:id` (+ `/portal/:id/<action>`),
 * `/invoices/:id`. Undefined when the path is none of them.
 */
export function handlePage(
  scope: Scope,
  method: string,
  url: URL,
  form: FormObject,
): HttpReply | undefined {
  const [, area, id, action] = url.pathname.split('/')
  if (!id) return undefined
  const { state } = scope
  if (area === 'checkout' && !action) {
    const session = state.checkoutSessions[id]
    if (!session) return notFound('checkout session')
    return method === 'POST' ? submitCheckout(scope, session, form) : showCheckout(scope, session)
  }
  if (area === 'portal') {
    const session = state.portalSessions[id]
    if (!session) return notFound('billing portal session')
    if (method === 'POST' && action) return submitPortal(scope, session, action, form)
    if (!action) return showPortal(scope, session, url.searchParams.get('view') ?? undefined)
  }
  if (area === 'invoices' && !action && method === 'GET') {
    const invoice = state.invoices[id]
    return invoice ? showInvoice(invoice) : notFound('invoice')
  }
  return undefined
}

function notFound(what: string): HttpReply {
  return htmlReply(404, page('Not found', `<h1>Not found</h1><p>There is no such ${what}.</p>`))
}
