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
