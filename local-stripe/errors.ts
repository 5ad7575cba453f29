/** The body Stripe puts under `error` in every failed response. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error'
  message: string
  code?: string
  decline_code?: string
  param?: string
  /** Card errors carry the PaymentIntent (or SetupIntent) that failed, as Stripe's do. */
  payment_intent?: object
  setup_intent?: object
  payment_method?: object
  charge?: string
}

/** Thrown anywhere in a request; the server turns it into Stripe's error response. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message)
  }
}

export function resourceMissing(objectName: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${objectName}: '${id}'`,
    param,
  })
}

export function parameterMissing(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  })
}

export function parameterUnknown(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_unknown',
    message: `Received unknown parameter: ${param}`,
    param,
  })
}

export function parameterInvalid(param: string, message: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_invalid_string',
    message,
    param,
  })
}

export function invalidRequest(message: string, code?: string, param?: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  })
}

export function cardDeclined(): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  })
}

export function authenticationRequired(message: string): StripeApiError {
  return new StripeApiError(401, { type: 'invalid_request_error', message })
}

/** A `Stripe-Account` header naming an account that is not connected to this platform. */
export function accountInvalid(account: string): StripeApiError {
  return new StripeApiError(403, {
    type: 'invalid_request_error',
    code: 'account_invalid',
    message: `The provided key 'sk_test_****' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`,
  })
}
