import type { FormObject } from '../form-decoding.ts'
import { type HttpReply, htmlReply } from '../http-reply.ts'
import type { Scope } from '../scope.ts'
import { locate } from '../state.ts'
import { showCheckout, submitCheckout } from './checkout-page.ts'
import { showInvoice } from './invoice-page.ts'
import { page } from './layout.ts'
import { handleOnboarding } from './onboarding-page.ts'
import { showPortal, submitPortal } from './portal-page.ts'

/**
 * The pages a browser opens: `/checkout/:id`, `/portal/:id` (+ `/portal/:id/<action>`),
 * `/invoices/:id`, `/connect/onboarding/:link`. Undefined when the path is none of them.
 */
export function handlePage(
  scopeFor: (account: string | null) => Scope,
  method: string,
  url: URL,
  form: FormObject,
): HttpReply | undefined {
  const [, area, id, action] = url.pathname.split('/')
  if (!id) return undefined
  // Every page acts for the account that owns its object, found without any header.
  const { platform } = scopeFor(null)
  if (area === 'checkout' && !action) {
    const found = locate(platform, 'checkoutSessions', id)
    if (!found) return notFound('checkout session')
    const scope = scopeFor(found.account)
    return method === 'POST'
      ? submitCheckout(scope, found.object, form)
      : showCheckout(scope, found.object)
  }
  if (area === 'portal') {
    const found = locate(platform, 'portalSessions', id)
    if (!found) return notFound('billing portal session')
    const scope = scopeFor(found.account)
    if (method === 'POST' && action) return submitPortal(scope, found.object, action, form)
    if (!action) return showPortal(scope, found.object, url.searchParams.get('view') ?? undefined)
  }
  if (area === 'invoices' && !action && method === 'GET') {
    const found = locate(platform, 'invoices', id)
    return found ? showInvoice(found.object) : notFound('invoice')
  }
  if (area === 'connect' && id === 'onboarding' && action) {
    return handleOnboarding(scopeFor(null), method, action, form)
  }
  return undefined
}

function notFound(what: string): HttpReply {
  return htmlReply(404, page('Not found', `<h1>Not found</h1><p>There is no such ${what}.</p>`))
}
