/** A response before it is written: API routes, control routes and hosted pages all make one. */
export interface HttpReply {
  status: number
  headers: Record<string, string>
  body: string
}

export function jsonReply(status: number, value: unknown): HttpReply {
  return {
    status,
    headers: { 'Content-Type': 'application/json' },
    body: `${JSON.stringify(value, null, 2)}\n`,
  }
}

/**
 * A hosted page. Stripe's Checkout, portal and onboarding pages refuse to be framed (card
 * details must never sit inside another site's page), and so do these: an app that opens them
 * in a frame fails here as it would on Stripe.
 */
export function htmlReply(status: number, html: string): HttpReply {
  return {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': "frame-ancestors 'none'",
    },
    body: html,
  }
}

/** 303 See Other: after a form POST the browser follows with a GET. */
export function redirectReply(location: string): HttpReply {
  return { status: 303, headers: { Location: location }, body: '' }
}
