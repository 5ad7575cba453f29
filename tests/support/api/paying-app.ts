import Stripe from 'stripe'
import type { AppOptions } from '../../../server/app.ts'

const ROOMY = { limit: 10_000, windowMs: 60_000 }

/** Public limits no test reaches: a suite books and pays many times from one address. */
export const ROOMY_PUBLIC_LIMITS = {
  readsPerIp: ROOMY,
  writesPerIp: ROOMY,
  bookingsPerEmail: ROOMY,
}

/**
 * The options of a test app whose businesses take payments on the local Stripe service at
 * `stripeApiUrl`: its own keys (named after the suite, `whsec_<suite>_platform` and
 * `whsec_<suite>_connect`), the booking page's address and roomy public limits.
 */
export function payingAppOptions(suite: string, secretKey: string, stripeApiUrl: string) {
  return {
    stripe: {
      secretKey,
      webhookSecret: `whsec_${suite}_platform`,
      connectWebhookSecret: `whsec_${suite}_connect`,
      apiUrl: stripeApiUrl,
    },
    publicBooking: {
      secret: `${suite}-booking-page-secret-0123456789abcdef`,
      publicUrl: 'http://book.slotwise.test',
    },
    publicRateLimits: ROOMY_PUBLIC_LIMITS,
  } satisfies Partial<AppOptions>
}

/** A Stripe SDK client on the local Stripe service, as the server's own is. */
export function localStripeClient(secretKey: string, url: string): Stripe {
  const { hostname, port } = new URL(url)
  return new Stripe(secretKey, { host: hostname, port, protocol: 'http' })
}
