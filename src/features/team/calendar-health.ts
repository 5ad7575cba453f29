import type { CalendarConnection } from './api'

/** How a connection is doing, in plain words, and the tone its badge wears. */
export interface HealthWords {
  tone: 'ok' | 'info' | 'warn' | 'danger'
  /** A few words for the badge: "Synced 2 minutes ago", "Needs reconnecting". */
  status: string
  /** What it means and what happens next, or null when the status says it all. */
  detail: string | null
  /** Said when the stored busy times may miss recent changes; null while they are fresh. */
  stale: string | null
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/** "2 minutes ago", "in 4 minutes", "just now": the nearest whole unit, from `now`. */
export function relativeTime(instant: string, now: number): string {
  const seconds = Math.round((new Date(instant).getTime() - now) / 1000)
  if (Math.abs(seconds) < 45) return 'just now'
  const minutes = Math.round(seconds / 60)
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute')
  const hours = Math.round(minutes / 60)
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour')
  return relative.format(Math.round(hours / 24), 'day')
}

type HealthFacts = Pick<
  CalendarConnection,
  'health' | 'last_synced_at' | 'next_sync_at' | 'last_error' | 'busy_times_stale'
>

/**
 * A connection's health as its member reads it: the last good sync or why it fails, what
 * happens next, and, when the busy times are stale, that they still block bookings but may be
 * out of date (a broken connection never silently stops blocking time: issue 25, item 6).
 */
export function healthWords(connection: HealthFacts, now: number): HealthWords {
  const synced = connection.last_synced_at
  const next = relativeTime(connection.next_sync_at, now)
  const retry = next === 'just now' ? 'Slotwise tries again now.' : `Slotwise tries again ${next}.`
  const stale = connection.busy_times_stale
    ? synced
      ? `Busy times may be out of date: last synced ${relativeTime(synced, now)}. They still block bookings.`
      : 'No busy times yet: nothing from this calendar blocks bookings until its first sync.'
    : null
  switch (connection.health) {
    case 'ok':
      return {
        tone: 'ok',
        status: synced ? `Synced ${relativeTime(synced, now)}` : 'Synced',
        detail: null,
        stale,
      }
    case 'syncing':
      return {
        tone: 'info',
        status: synced ? 'Syncing' : 'Syncing for the first time',
        detail: null,
        stale: synced ? stale : null,
      }
    case 'needs_reconnect':
      return {
        tone: 'danger',
        status: 'Needs reconnecting',
        detail: connection.last_error ?? 'The calendar refused the saved sign-in.',
        stale,
      }
    case 'unreachable':
      return {
        tone: 'warn',
        status: 'Server unreachable',
        detail: `${connection.last_error ?? 'The server did not answer.'} ${retry}`,
        stale,
      }
    case 'rate_limited':
      return {
        tone: 'warn',
        status: 'Rate limited',
        detail: `The calendar asked Slotwise to slow down. ${retry}`,
        stale,
      }
  }
}
