import Stripe from 'stripe'

/*
 * What every module around the `stripe` SDK shares: the client pointed at Stripe or at the
 * local service, Stripe's outages as one error, and readers for Stripe's open shapes.
 */

/** Stripe's address settings and keys, for any client of the SDK. */
export interface StripeAddress {
  secretKey: string
  /** Another API address than Stripe's, e.g. the local service's `http://127.0.0.1:12111`. */
  apiUrl?: string | undefined
}

export function createStripeClient(address: StripeAddress): Stripe {
  return new Stripe(address.secretKey, {
    ...addressOptions(address.apiUrl),
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'Slotwise Appointments' },
  })
}

/** Stripe did not answer, or answered with its own failure: worth trying again later. */
export class StripeUnavailableError extends Error {}
/**
 * Stripe no longer lets the platform reach a connected account (the business removed
 * Slotwise in its dashboard): asking again will never work.
 */
export class AccountUnreachableError extends Error {}

/** The webhook's signature does not match its body. */
export class WebhookSignatureError extends Error {}
/** A correctly signed body that is not a Stripe event. */
export class WebhookPayloadError extends Error {}

/**
 * The gateway with Stripe's outages (no connection, its own 5xx, rate limiting) as
 * StripeUnavailableError, so callers can say "try again" instead of failing with a 500.
 */
export function whenUnavailable<T extends object>(gateway: T): T {
  const outage = (error: unknown) =>
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500)
  for (const [name, member] of Object.entries(gateway)) {
    if (typeof member !== 'function') continue
    Object.assign(gateway, {
      [name]: (...args: unknown[]) => {
        const result: unknown = member(...args)
        if (!(result instanceof Promise)) return result
        return result.catch((error: unknown) => {
          if (!outage(error)) throw error
          throw new StripeUnavailableError((error as Error).message, { cause: error })
        })
      },
    })
  }
  return gateway
}

/** `http://127.0.0.1:12111` → the SDK's host, port and protocol options. */
function addressOptions(apiUrl: string | undefined) {
  if (!apiUrl) return {}
  const url = new URL(apiUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  } as const
}

export async function missingAsUndefined<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      return undefined
    }
    throw error
  }
}

/** Stripe's open enums may grow; only values this code knows are passed on. */
export function known<T extends string>(
  value: string | null | undefined,
  values: readonly T[],
): T | null {
  return values.includes(value as T) ? (value as T) : null
}

/** The id of an expandable field, whether it came as an id or as the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (typeof value === 'string') return value
  return typeof value?.id === 'string' ? value.id : null
}
