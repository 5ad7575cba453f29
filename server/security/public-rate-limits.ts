import type { Database } from '../db/database.ts'
import { Refusal } from '../domain/refusal.ts'
import { createRateLimiter, type RateDecision, type RateLimit } from './rate-limiter.ts'
import { createExactSharedLimiter, createSyncedLimiter } from './shared-rate-limits.ts'

/**
 * The public booking API's limits. On PostgreSQL they hold across every API process
 * (shared-rate-limits.ts): writes and bookings exactly, reads within about a second's worth
 * of hits per process. On embedded PGlite there is one process, which counts exactly alone.
 */
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

export interface PublicRateLimiterOptions {
  /** On PostgreSQL, the limits are shared through it; otherwise (PGlite, tests) per process. */
  database?: Database | undefined
  clock?: () => number
  /** Told when the shared counts cannot be reached; the limits then hold per process. */
  onSyncError?: (error: unknown) => void
}

/** How often the exact limits' old hits are deleted. */
const PRUNE_EVERY_MS = 60_000

/**
 * The limiters of one app; each check refuses (too many requests, with when to retry) when exceeded.
 * `read` decides in memory (never waits); `write` and `booking` may ask the database.
 */
export function createPublicRateLimiters(
  limits: Partial<PublicRateLimits> = {},
  options: PublicRateLimiterOptions = {},
) {
  const rules = { ...defaultPublicRateLimits, ...limits }
  const clock = options.clock ?? Date.now
  if (options.database?.kind !== 'postgres') {
    const reads = createRateLimiter(rules.readsPerIp, clock)
    const writes = createRateLimiter(rules.writesPerIp, clock)
    const bookings = createRateLimiter(rules.bookingsPerEmail, clock)
    return {
      read: (ip: string) => enforce(reads.take(ip), 'requests from your address'),
      write: async (ip: string) => enforce(writes.take(ip), 'changes from your address'),
      booking: async (email: string) =>
        enforce(bookings.take(email.toLowerCase()), 'bookings for this e-mail address'),
      close: async () => {},
    }
  }

  const database = options.database
  const reads = createSyncedLimiter(database, 'reads-per-ip', rules.readsPerIp, {
    clock,
    onSyncError: options.onSyncError,
  })
  const writes = createExactSharedLimiter(database, 'writes-per-ip', rules.writesPerIp)
  const bookings = createExactSharedLimiter(database, 'bookings-per-email', rules.bookingsPerEmail)
  const pruner = setInterval(() => {
    Promise.all([writes.prune(), bookings.prune()]).catch((error: unknown) =>
      options.onSyncError?.(error),
    )
  }, PRUNE_EVERY_MS)
  pruner.unref()
  return {
    read: (ip: string) => enforce(reads.take(ip), 'requests from your address'),
    write: async (ip: string) => enforce(await writes.take(ip), 'changes from your address'),
    booking: async (email: string) =>
      enforce(await bookings.take(email.toLowerCase()), 'bookings for this e-mail address'),
    /** Stops the timers, sending the reads not yet shared. */
    close: async () => {
      clearInterval(pruner)
      await reads.close()
    },
  }
}

function enforce(decision: RateDecision, what: string) {
  if (decision.allowed) return
  const seconds = decision.retryAfterSeconds
  throw new Refusal(
    'too-many-requests',
    `Too many ${what}. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { retryAfterSeconds: seconds, type: '/problems/rate-limited' },
  )
}
