import { describe, expect, it } from 'vitest'
import { createRateLimiter } from '../../../../server/security/rate-limiter.ts'

describe('the sliding-window rate limiter', () => {
  it('allows the limit within any window and says when the next hit is allowed', () => {
    let now = 1_000_000
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 }, () => now)
    expect(limiter.take('a')).toEqual({ allowed: true })
    now += 20_000
    expect(limiter.take('a')).toEqual({ allowed: true })
    expect(limiter.take('a')).toEqual({ allowed: true })
    now += 10_000
    // The first hit leaves the window 60 s after it: 30 s from now.
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 30 })
    expect(limiter.take('b')).toEqual({ allowed: true })
    now += 30_001
    expect(limiter.take('a')).toEqual({ allowed: true })
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 20 })
  })

  it('does not count refused hits, so a client that keeps trying is not locked out', () => {
    let now = 0
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000 }, () => now)
    expect(limiter.take('a').allowed).toBe(true)
    for (let i = 0; i < 5; i++) {
      now += 100
      expect(limiter.take('a').allowed).toBe(false)
    }
    now = 1_001
    expect(limiter.take('a').allowed).toBe(true)
  })

  it('never asks to wait less than a second', () => {
    let now = 0
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000 }, () => now)
    limiter.take('a')
    now = 999
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 })
  })
})
