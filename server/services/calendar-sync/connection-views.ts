import type { components } from '../../../shared/contract/schema.d.ts'
import type { ConnectionWithCalendars } from '../../db/repositories/calendar-connection-repository.ts'

/*
 * A connection as the contract shows it: its health, sync times and calendars, and never
 * anything of its credentials (the row's sealed column is simply not read here).
 */

type CalendarConnection = components['schemas']['CalendarConnection']
type CalendarConnectionList = components['schemas']['CalendarConnectionList']

/** Busy times not refreshed for this long are called stale (a healthy sync runs every 5 min). */
export const STALE_AFTER_MINUTES = 30

export function connectionView(
  { connection, calendars }: ConnectionWithCalendars,
  now: number,
): CalendarConnection {
  const lastSynced = connection.lastSyncedAt?.getTime()
  return {
    id: connection.id,
    team_member_id: connection.teamMemberId,
    kind: connection.kind,
    display_name: connection.displayName,
    health: connection.health,
    last_synced_at: connection.lastSyncedAt?.toISOString() ?? null,
    next_sync_at: connection.nextSyncAt.toISOString(),
    last_error: connection.lastError,
    busy_times_stale: lastSynced === undefined || now - lastSynced > STALE_AFTER_MINUTES * 60_000,
    // Kept per calendar, alike across the connection; a new connection's default until chosen.
    privacy: calendars[0]?.privacy ?? 'busy',
    calendars: calendars.map((calendar) => ({
      id: calendar.id,
      name: calendar.name,
      colour: calendar.colour,
      writable: calendar.writable,
      check_conflicts: calendar.checkConflicts,
      add_bookings: calendar.addBookings,
    })),
    created_at: connection.createdAt.toISOString(),
  }
}

export function connectionListView(
  connections: readonly ConnectionWithCalendars[],
  now: number,
): CalendarConnectionList {
  return {
    items: connections.map((one) => connectionView(one, now)),
    stale_after_minutes: STALE_AFTER_MINUTES,
  }
}
