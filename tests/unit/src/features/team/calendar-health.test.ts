import { describe, expect, it } from 'vitest'
import { healthWords, relativeTime } from '../../../../../src/features/team/calendar-health'

const NOW = Date.parse('2026-11-30T10:00:00Z')
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString()
const fresh = {
  health: 'ok' as const,
  last_synced_at: ago(2),
  next_sync_at: ago(-3),
  last_error: null,
  busy_times_stale: false,
}

describe('a connection’s health in plain words', () => {
  it('says when it last synced, relative to now', () => {
    expect(healthWords(fresh, NOW)).toEqual({
      tone: 'ok',
      status: 'Synced 2 minutes ago',
      detail: null,
      stale: null,
    })
    expect(relativeTime(ago(0.2), NOW)).toBe('just now')
    expect(relativeTime(ago(180), NOW)).toBe('3 hours ago')
    expect(relativeTime(ago(-2 * 24 * 60), NOW)).toBe('in 2 days')
  })

  it('asks to reconnect when the sign-in was refused, and says the busy times are stale', () => {
    const words = healthWords(
      {
        ...fresh,
        health: 'needs_reconnect',
        last_synced_at: ago(45),
        last_error: 'The server refused the password.',
        busy_times_stale: true,
      },
      NOW,
    )
    expect(words.tone).toBe('danger')
    expect(words.status).toBe('Needs reconnecting')
    expect(words.detail).toBe('The server refused the password.')
    expect(words.stale).toBe(
      'Busy times may be out of date: last synced 45 minutes ago. They still block bookings.',
    )
  })

  it('says when it tries again after an unreachable server or a rate limit', () => {
    const unreachable = healthWords(
      {
        ...fresh,
        health: 'unreachable',
        last_error: 'The server did not answer.',
        next_sync_at: ago(-4),
      },
      NOW,
    )
    expect(unreachable.status).toBe('Server unreachable')
    expect(unreachable.detail).toBe('The server did not answer. Slotwise tries again in 4 minutes.')
    const limited = healthWords({ ...fresh, health: 'rate_limited', next_sync_at: ago(-10) }, NOW)
    expect(limited.detail).toBe(
      'The calendar asked Slotwise to slow down. Slotwise tries again in 10 minutes.',
    )
  })

  it('is syncing for the first time before any busy times exist, without calling them stale', () => {
    const words = healthWords(
      { ...fresh, health: 'syncing', last_synced_at: null, busy_times_stale: true },
      NOW,
    )
    expect(words).toEqual({
      tone: 'info',
      status: 'Syncing for the first time',
      detail: null,
      stale: null,
    })
  })
})
