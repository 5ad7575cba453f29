import {
  accountInvalid,
  authenticationRequired,
  StripeApiError,
  type StripeErrorBody,
} from './errors.ts'
import type { EventRequest } from './events.ts'
import { expandResponse } from './expansion.ts'
import type { FormObject } from './form-decoding.ts'
import { type HttpReply, jsonReply } from './http-reply.ts'
import { type IdempotentRequest, remember, replayFor } from './idempotency.ts'
import { checkParams, Params } from './params.ts'
import { matchRoute, type Route } from './router.ts'
import { accountRoutes } from './routes/accounts.ts'
import { checkoutSessionRoutes } from './routes/checkout-sessions.ts'
import { controlRoutes } from './routes/control.ts'
import { customerRoutes } from './routes/customers.ts'
import { eventRoutes } from './routes/events.ts'
import { invoiceRoutes } from './routes/invoices.ts'
import { paymentIntentRoutes } from './routes/payment-intents.ts'
import { paymentMethodRoutes } from './routes/payment-methods.ts'
import { portalSessionRoutes } from './routes/portal-sessions.ts'
import { priceRoutes } from './routes/prices.ts'
import { productRoutes } from './routes/products.ts'
import { subscriptionRoutes } from './routes/subscriptions.ts'
import { createScope, type ScopeSource } from './scope.ts'
import { booksOf, findById } from './state.ts'

const routes: readonly Route[] = [
  ...accountRoutes,
  ...productRoutes,
  ...priceRoutes,
  ...customerRoutes,
  ...checkoutSessionRoutes,
  ...subscriptionRoutes,
  ...portalSessionRoutes,
  ...invoiceRoutes,
  ...paymentMethodRoutes,
  ...paymentIntentRoutes,
  ...eventRoutes,
  ...controlRoutes,
]

export interface ApiCall {
  method: string
  pathname: string
  authorization: string | undefined
  idempotencyKey: string | undefined
  /** The `Stripe-Account` header: act for this connected account. */
  stripeAccount: string | undefined
  requestId: string
  params: FormObject
}

/** Answers a `/v1/…` or `/_local/…` request the way Stripe's API would. */
export function handleApiCall(source: ScopeSource, call: ApiCall): HttpReply {
  try {
    authenticate(call.authorization)
    const account = call.stripeAccount || null
    if (account !== null && !source.state.accounts[account]) throw accountInvalid(account)
    const books = booksOf(source.state, account)
    const idempotent: IdempotentRequest | undefined =
      call.method === 'POST' && call.idempotencyKey
        ? {
            key: call.idempotencyKey,
            method: call.method,
            path: call.pathname,
            fingerprint: JSON.stringify(call.params),
          }
        : undefined
    const replay = idempotent && replayFor(books, idempotent)
    if (replay) return replay
    const reply = answer(source, call, account)
    if (idempotent) remember(books, idempotent, reply)
    return reply
  } catch (error) {
    return errorReply(error)
  }
}

function answer(source: ScopeSource, call: ApiCall, account: string | null): HttpReply {
  try {
    const match = matchRoute(routes, call.method, call.pathname)
    if (!match) {
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${call.method}: ${call.pathname}). This local Stripe implements only the endpoints the app uses (see local-stripe/README.md).`,
      })
    }
    checkParams(call.params, match.route.shape)
    const params = new Params(call.params)
    const request: EventRequest = {
      id: call.requestId,
      idempotency_key: call.idempotencyKey ?? null,
    }
    const scope = createScope(source, request, account)
    const body = match.route.handle({ scope, params, path: match.path })
    const expand = params.strings('expand')
    return jsonReply(
      200,
      expandResponse(body, expand, (id) => findById(scope.state, id) ?? source.state.accounts[id]),
    )
  } catch (error) {
    return errorReply(error)
  }
}

function authenticate(authorization: string | undefined): void {
  const key = secretKey(authorization)
  if (!key) {
    throw authenticationRequired(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    )
  }
  if (!key.startsWith('sk_test_')) {
    throw authenticationRequired(
      `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}. This local Stripe accepts only test secret keys (sk_test_…).`,
    )
  }
}

/** The SDK sends `Bearer sk_…`; `curl -u sk_…:` sends Basic with the key as user name. */
function secretKey(authorization: string | undefined): string | undefined {
  const [scheme, credentials] = (authorization ?? '').trim().split(/\s+/)
  if (!credentials) return undefined
  if (/^bearer$/i.test(scheme ?? '')) return credentials
  if (/^basic$/i.test(scheme ?? '')) {
    return Buffer.from(credentials, 'base64').toString('utf8').split(':')[0] || undefined
  }
  return undefined
}

function errorReply(error: unknown): HttpReply {
  if (error instanceof StripeApiError) return jsonReply(error.status, { error: error.body })
  const body: StripeErrorBody = {
    type: 'api_error',
    message: `Local Stripe failed: ${error instanceof Error ? error.message : String(error)}`,
  }
  return jsonReply(500, { error: body })
}
