import { EMBED_PREFIX, isEmbedPath } from '../../shared/booking-links'

export const BOOKING_PREFIX = '/booking'

/** Paths of the public booking area, whose screens need no sign-in. */
export function isBookingPath(path: string): boolean {
  return path === BOOKING_PREFIX || path.startsWith(`${BOOKING_PREFIX}/`)
}

/**
 * The start-up test from the spec: under /book* the app starts without authentication, so the
 * booking pages never download Firebase. Deliberately the looser prefix of the two.
 */
export function startsWithoutAuth(pathname: string): boolean {
  return pathname.startsWith('/book')
}

/**
 * An address for a plain `<a>` (a full page load, not the router): under /embed when this
 * page is an embed page, so the frame stays on pages it may show. Router links need nothing:
 * the router is based at /embed there.
 */
export function hrefInThisArea(href: string): string {
  return isEmbedPath(window.location.pathname) ? `${EMBED_PREFIX}${href}` : href
}
