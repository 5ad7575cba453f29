import { expandBusyTimes } from '../domain/calendar-sync/busy-times.ts'
import type { ExpandBusyTimes } from './calendar-connections.ts'

/** The sync job's expansion: the domain's own (recurrences included), in the stored shape. */
export const expandStoredBusyTimes: ExpandBusyTimes = (events, window, timeZone) =>
  expandBusyTimes(events, window, timeZone).map((busy) => ({
    startsAt: busy.start,
    endsAt: busy.end,
    summary: busy.summary,
  }))
