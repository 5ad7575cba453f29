import { useToast } from '../../app/toast-context'
import {
  type CalendarConnection,
  disconnectCalendar,
  syncCalendarConnection,
  updateCalendarConnection,
  updateConnectedCalendar,
} from './api'
import type { ConnectionActions } from './calendar-connection-card'
import { healthWords } from './calendar-health'
import type { useCalendarConnections } from './use-calendar-connections'

/**
 * What the Calendars screen's controls do: each call's answer replaces what is shown, a
 * success is confirmed in a toast that says what follows, and a failure is said in one (and
 * rethrown, so the control that started it stays as it was).
 */
export function useConnectionActions(
  teamMemberId: string,
  connections: ReturnType<typeof useCalendarConnections>,
) {
  const toast = useToast()
  const failed = (title: string) => (error: unknown) => {
    toast.error(error instanceof Error ? error : String(error), title)
    throw error
  }

  const chooseBookingsCalendar = async (
    choice: { connectionId: string; calendarId: string } | null,
    current: { connectionId: string; calendarId: string; name: string } | null,
  ) => {
    const target = choice ?? current
    if (!target) return
    const list = await updateConnectedCalendar(
      teamMemberId,
      target.connectionId,
      target.calendarId,
      { add_bookings: choice !== null },
    ).catch(failed('Not changed'))
    connections.replaceAll(list.items)
    const chosen = list.items
      .flatMap((connection) => connection.calendars)
      .find((calendar) => calendar.add_bookings)
    toast.success(
      chosen
        ? `New bookings are added to ${chosen.name}; upcoming ones move there within moments.`
        : 'Bookings are no longer added to a calendar; the upcoming ones are removed from it.',
      'Saved',
    )
  }

  const forConnection = (
    connection: CalendarConnection,
    onReconnect: () => void,
  ): ConnectionActions => ({
    onCheckConflicts: async (calendar, on) => {
      const list = await updateConnectedCalendar(teamMemberId, connection.id, calendar.id, {
        check_conflicts: on,
      }).catch(failed('Not changed'))
      connections.replaceAll(list.items)
      toast.success(
        on
          ? `Busy times in ${calendar.name} now block bookings.`
          : `Busy times in ${calendar.name} no longer block bookings.`,
        'Saved',
      )
    },
    onPrivacy: async (privacy) => {
      const changed = await updateCalendarConnection(teamMemberId, connection.id, {
        privacy,
      }).catch(failed('Not changed'))
      connections.replaceOne(changed)
      toast.success(
        privacy === 'busy'
          ? 'Bookings written to this account now show only “Busy”.'
          : 'Bookings written to this account now show the service, customer and notes.',
        'Saved',
      )
    },
    onSync: async () => {
      const synced = await syncCalendarConnection(teamMemberId, connection.id).catch(
        failed('Not synced'),
      )
      connections.replaceOne(synced)
      const health = healthWords(synced, Date.now())
      if (synced.health === 'ok')
        toast.success(`${synced.display_name}: ${health.status}.`, 'Synced')
      else toast.warn(`${synced.display_name}: ${health.status}. ${health.detail ?? ''}`.trim())
    },
    onReconnect,
    onDisconnect: async () => {
      await disconnectCalendar(teamMemberId, connection.id).catch(failed('Not disconnected'))
      connections.remove(connection.id)
      toast.success(
        `${connection.display_name} is disconnected; its busy times no longer block bookings.`,
        'Disconnected',
      )
    },
  })

  return { chooseBookingsCalendar, forConnection }
}
