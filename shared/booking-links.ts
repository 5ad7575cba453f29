/**
 * The booking wizard's addresses, both ways: a URL → the step it names (deep links, reload,
 * back and forward) and a step → its URL. Pure, so the app and the tests share them; the steps
 * themselves are the booking machine's. Shared: the server writes the same manage link into e-mails.
 */

/** The team member "whoever is free", in addresses and in the booking machine. */
export const ANY_TEAM_MEMBER = 'any'

/** A wizard step and what it needs, as its address names it. */
export type WizardRoute =
  | { step: 'start' }
  | { step: 'serviceTeam'; serviceId: string }
  | { step: 'teamServices'; teamMemberId: string }
  /** `teamMemberId` is an id or `ANY_TEAM_MEMBER`. */
  | { step: 'calendar'; serviceId: string; teamMemberId: string }
  | { step: 'customerInfo'; serviceId: string; teamMemberId: string; startsAt: string | null }
  | { step: 'confirmation'; appointmentId: string; token: string | null }
  /**
   * Back from Stripe's Checkout (`paymentReturnUrl`): `outcome` says which of its addresses
   * (null when the page was opened another way, e.g. the browser's Back from Stripe).
   */
  | {
      step: 'payment'
      appointmentId: string
      token: string | null
      outcome: PaymentOutcome | null
      sessionId: string | null
    }

/** Which of Checkout's return addresses the customer came back by. */
export type PaymentOutcome = 'paid' | 'cancelled'

// One path segment: no slash, and nothing the server's ids and slugs never contain.
const SEGMENT = '([A-Za-z0-9-]+)'
const PATTERNS: {
  pattern: RegExp
  read: (segments: [string, string], query: URLSearchParams) => WizardRoute
}[] = [
  { pattern: /^\/booking\/?$/, read: () => ({ step: 'start' }) },
  {
    pattern: new RegExp(`^/booking/service/${SEGMENT}/team$`),
    read: ([serviceId]) => ({ step: 'serviceTeam', serviceId }),
  },
  {
    pattern: new RegExp(`^/booking/team/${SEGMENT}/services$`),
    read: ([teamMemberId]) => ({ step: 'teamServices', teamMemberId }),
  },
  {
    pattern: new RegExp(`^/booking/calendar/${SEGMENT}/${SEGMENT}$`),
    read: ([serviceId, teamMemberId]) => ({ step: 'calendar', serviceId, teamMemberId }),
  },
  {
    pattern: new RegExp(`^/booking/customer-info/${SEGMENT}/${SEGMENT}$`),
    read: ([serviceId, teamMemberId], query) => ({
      step: 'customerInfo',
      serviceId,
      teamMemberId,
      startsAt: validInstant(query.get('start')),
    }),
  },
  {
    pattern: new RegExp(`^/booking/confirmation/${SEGMENT}$`),
    read: ([appointmentId], query) => ({
      step: 'confirmation',
      appointmentId,
      token: query.get('token') || null,
    }),
  },
  {
    pattern: new RegExp(`^/booking/payment/${SEGMENT}$`),
    read: ([appointmentId], query) => {
      const outcome = query.get('outcome')
      return {
        step: 'payment',
        appointmentId,
        token: query.get('token') || null,
        outcome: outcome === 'paid' || outcome === 'cancelled' ? outcome : null,
        sessionId: query.get('session_id') || null,
      }
    },
  },
]

/** The wizard step a location names, or null when it is not a wizard page (event, profile…). */
export function parseWizardRoute(pathname: string, search: string): WizardRoute | null {
  const query = new URLSearchParams(search)
  for (const { pattern, read } of PATTERNS) {
    const match = pattern.exec(pathname)
    if (match) return read([match[1] ?? '', match[2] ?? ''], query)
  }
  return null
}

/** An ISO instant the URL may carry as the chosen start, normalised; anything else is null. */
function validInstant(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : new Date(ms).toISOString()
}

/**
 * The address of a wizard step. `business` is the page's `?business=` (a deployment without
 * subdomains names the business there), kept on every link so the visitor stays with it.
 */
export function buildWizardUrl(route: WizardRoute, business: string | null = null): string {
  const query = new URLSearchParams()
  let path: string
  switch (route.step) {
    case 'start':
      path = '/booking'
      break
    case 'serviceTeam':
      path = `/booking/service/${route.serviceId}/team`
      break
    case 'teamServices':
      path = `/booking/team/${route.teamMemberId}/services`
      break
    case 'calendar':
      path = `/booking/calendar/${route.serviceId}/${route.teamMemberId}`
      break
    case 'customerInfo':
      path = `/booking/customer-info/${route.serviceId}/${route.teamMemberId}`
      if (route.startsAt) query.set('start', route.startsAt)
      break
    case 'confirmation':
      path = `/booking/confirmation/${route.appointmentId}`
      if (route.token) query.set('token', route.token)
      break
    case 'payment':
      path = `/booking/payment/${route.appointmentId}`
      if (route.token) query.set('token', route.token)
      if (route.outcome) query.set('outcome', route.outcome)
      if (route.sessionId) query.set('session_id', route.sessionId)
      break
  }
  return withQuery(path, query, business)
}

/** The manage page of an appointment (see, move, cancel), as e-mailed and linked. */
export function manageUrl(appointmentId: string, token: string, business: string | null = null) {
  return withQuery(`/booking/event/${appointmentId}`, new URLSearchParams({ token }), business)
}

/**
 * Where Stripe's Checkout sends the customer back to the booking page (paid, or gone back):
 * the appointment's payment page, with its manage token. Stripe fills in the session id on the
 * success address (`{CHECKOUT_SESSION_ID}` is Stripe's placeholder, left unencoded for it).
 */
export function paymentReturnUrl(
  appointmentId: string,
  token: string,
  business: string | null,
  outcome: PaymentOutcome,
): string {
  const path = withQuery(
    `/booking/payment/${appointmentId}`,
    new URLSearchParams({ token, outcome }),
    business,
  )
  return outcome === 'paid' ? `${path}&session_id={CHECKOUT_SESSION_ID}` : path
}

/** Any booking-area path with the page's `?business=` kept. */
export function bookingHref(path: string, business: string | null = null): string {
  return withQuery(path, new URLSearchParams(), business)
}

/** The `business` query parameter of a location's search string, if any. */
export function businessOf(search: string): string | null {
  return new URLSearchParams(search).get('business') || null
}

function withQuery(path: string, query: URLSearchParams, business: string | null): string {
  // The business first, so every address of one business reads the same.
  const all = new URLSearchParams(business ? { business } : {})
  for (const [key, value] of query) all.set(key, value)
  const text = all.toString()
  return text ? `${path}?${text}` : path
}

/**
 * Where the booking pages live for a frame on another website: the same addresses under
 * this prefix (`/embed/booking/calendar/…`), so every wizard link and deep link works inside
 * the frame unchanged. Only these pages may be framed, and only where the business allows it.
 */
export const EMBED_PREFIX = '/embed'

/** Whether a path is one of the embed pages, which the server lets listed websites frame. */
export function isEmbedPath(pathname: string): boolean {
  return pathname === EMBED_PREFIX || pathname.startsWith(`${EMBED_PREFIX}/`)
}
