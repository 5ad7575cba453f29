import { bookingHref } from '../../../shared/booking-links'

/**
 * The addresses of the customer's account pages, pure so the screens and the tests share them.
 */

export const MY_APPOINTMENTS_PATH = '/booking/my-appointments'
export const PROFILE_CREATION_PATH = '/booking/profile-creation'

/**
 * Where the e-mail's sign-in link comes back to: the account page of the same business. It
 * must be absolute (Firebase checks it against the authorised domains).
 */
export function signInContinueUrl(origin: string, business: string | null): string {
  return `${origin}${bookingHref(MY_APPOINTMENTS_PATH, business)}`
}

// What Firebase adds to the continue URL; everything else (`business`) belongs to the page.
const SIGN_IN_LINK_PARAMS = ['apiKey', 'oobCode', 'mode', 'lang', 'continueUrl', 'tenantId']

/** The page's address without the link's one-time code, for the address bar after use. */
export function addressWithoutSignInCode(href: string): string {
  const url = new URL(href)
  for (const param of SIGN_IN_LINK_PARAMS) url.searchParams.delete(param)
  const search = url.searchParams.toString()
  return search ? `${url.pathname}?${search}` : url.pathname
}

/**
 * Where the profile page returns after saving: its `?next=` when that is a booking page of
 * this site, else the account page. Anything else (another site, `//host`) is ignored, so a
 * crafted link cannot send the customer away.
 */
export function profileReturnPath(search: string, business: string | null): string {
  const next = new URLSearchParams(search).get('next')
  if (next && /^\/booking(\/|\?|$)/.test(next)) return next
  return bookingHref(MY_APPOINTMENTS_PATH, business)
}
