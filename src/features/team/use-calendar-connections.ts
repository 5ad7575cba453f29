import { useCallback, useEffect, useState } from 'react'
import { type CalendarConnection, loadCalendarConnections } from './api'

export type ConnectionsState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; connections: CalendarConnection[] }

/** How often the list is asked for again while a connection's first sync runs. */
const FIRST_SYNC_POLL_MS = 2_000

/**
 * The member's connections: loaded once, replaced whole or one at a time as the screen changes
 * them, and asked for again every two seconds while one is still syncing for the first time,
 * so its calendars' health and busy times show up without a reload.
 */
export function useCalendarConnections(teamMemberId: string) {
  const [state, setState] = useState<ConnectionsState>({ status: 'loading' })

  const load = useCallback(async () => {
    try {
      const list = await loadCalendarConnections(teamMemberId)
      setState({ status: 'ready', connections: list.items })
    } catch (error) {
      setState((current) =>
        // A failed poll keeps what is shown; only the first load shows the failure.
        current.status === 'ready'
          ? current
          : {
              status: 'failed',
              message:
                error instanceof Error ? error.message : 'The calendars could not be loaded.',
            },
      )
    }
  }, [teamMemberId])

  useEffect(() => {
    void load()
  }, [load])

  const firstSyncRunning =
    state.status === 'ready' &&
    state.connections.some((item) => item.health === 'syncing' && item.last_synced_at === null)
  useEffect(() => {
    if (!firstSyncRunning) return
    const timer = setInterval(() => void load(), FIRST_SYNC_POLL_MS)
    return () => clearInterval(timer)
  }, [firstSyncRunning, load])

  const replaceAll = (connections: CalendarConnection[]) =>
    setState({ status: 'ready', connections })
  const replaceOne = (connection: CalendarConnection) =>
    setState((current) =>
      current.status === 'ready'
        ? {
            status: 'ready',
            connections: current.connections.some((item) => item.id === connection.id)
              ? current.connections.map((item) => (item.id === connection.id ? connection : item))
              : [...current.connections, connection],
          }
        : current,
    )
  const remove = (connectionId: string) =>
    setState((current) =>
      current.status === 'ready'
        ? {
            status: 'ready',
            connections: current.connections.filter((item) => item.id !== connectionId),
          }
        : current,
    )

  return {
    state,
    retry: () => {
      setState({ status: 'loading' })
      void load()
    },
    replaceAll,
    replaceOne,
    remove,
  }
}

/** The clock relative times are read against, moving on every 30 seconds. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return now
}
