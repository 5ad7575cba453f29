import { HttpProblem } from '../http/problem.ts'
import { createRateLimiter, type RateDecision, type RateLimit } from './rate-limiter.ts'

/** The public booking API's limits; each is per process (see createRateLimiter). */
export interface PublicRateLimits {
  /** GET requests to /api/v1/public/* per client IP address. */
  readsPerIp: RateLimit
  /** Bookings, reschedules and cancellations per client IP address. */
  writesPerIp: RateLimit
  /** Bookings per customer e-mail address (any letter case), whoever sends them. */
  bookingsPerEmail: RateLimit
}

export const defaultPublicRateLimits: PublicRateLimits = {
  readsPerIp: { limit: 120, windowMs: 60_000 },
  writesPerIp: { limit: 10, windowMs: 60_000 },
  bookingsPerEmail: { limit: 5, windowMs: 3_600_000 },
}

export type PublicRateLimiters = ReturnType<typeof createPublicRateLimiters>

/** The limiters of one app; each check throws a 429 problem with Retry-After when exceeded. */
export function createPublicRateLimiters(
  limits: Partial<PublicRateLimits> = {},
  clock: () => number = Date.now,
) {
  const rules = { ...defaultPublicRateLimits, ...limits }
  const reads = createRateLimiter(rules.readsPerIp, clock)
  const writes = createRateLimiter(rules.writesPerIp, clock)
  const bookings = createRateLimiter(rules.bookingsPerEmail, clock)
  return {
    read: (ip: string) => enforce(reads.take(ip), 'requests from your address'),
    write: (ip: string) => enforce(writes.take(ip), 'changes from your address'),
    booking: (email: string) =>
      enforce(bookings.take(email.toLowerCase()), 'bookings for this e-mail address'),
  }
}

function enforce(decision: RateDecision, what: string) {
  if (decision.allowed) return
  const seconds = decision.retryAfterSeconds
  throw new HttpProblem(
    429,
    `Too many ${what}. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { headers: { 'retry-after': String(seconds) }, type: '/problems/rate-limited' },
  )
}
