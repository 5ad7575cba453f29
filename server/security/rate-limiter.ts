/** At most `limit` hits per key in any window of `windowMs`. */
export interface RateLimit {
  limit: number
  windowMs: number
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** How many takes pass between sweeps of keys whose hits have all expired. */
const SWEEP_EVERY = 1_000

/**
 * A sliding-window limiter: each key keeps the times of its hits within the window, so a
 * burst at the end of one minute cannot be followed by a full burst at the start of the next.
 * State lives in this process only: several API processes each allow the full rate, which
 * is acceptable for abuse protection (not for billing).
 */
export function createRateLimiter(rule: RateLimit, clock: () => number = Date.now) {
  const hits = new Map<string, number[]>()
  let takes = 0

  function sweep(now: number) {
    for (const [key, times] of hits) {
      const last = times.at(-1)
      if (last === undefined || last <= now - rule.windowMs) hits.delete(key)
    }
  }

  return {
    /** Counts a hit for `key` when allowed; a refused hit does not count. */
    take(key: string): RateDecision {
      const now = clock()
      takes += 1
      if (takes % SWEEP_EVERY === 0) sweep(now)
      const recent = (hits.get(key) ?? []).filter((time) => time > now - rule.windowMs)
      const oldest = recent[0]
      if (recent.length >= rule.limit && oldest !== undefined) {
        hits.set(key, recent)
        const freeAt = oldest + rule.windowMs
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) }
      }
      recent.push(now)
      hits.set(key, recent)
      return { allowed: true }
    },
  }
}
