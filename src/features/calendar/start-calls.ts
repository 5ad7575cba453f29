import { appointmentsPath, schedulePath, teamPagePath } from '../../api/call-paths'
import { readBusinessData, readCalendarView } from '../../app/storage'
import { todayIn } from '../../domain/appointment-time'
import { viewRange } from '../../domain/calendar-range'
import {
  CALENDAR_VIEWS,
  initialView,
  parseCalendarLocation,
} from '../../domain/calendar-search-params'
import { NARROW_QUERY } from './full-calendar-chunk'

/*
 * A cold start of /calendar asks for the view's appointments, schedule and team at once with
 * the stored token (the route's `startCalls`), from the address, the business zone and the
 * default view the last session stored; the calendar's calls take those answers by address.
 * A wrong guess (the business moved zone, the default view changed) costs one unused answer:
 * the screen asks again for what it shows.
 */

/** The calls the calendar at `search` makes first, given what the last session stored. */
export function calendarCallsAt(
  search: string,
  stored: { timeZone: string; view: string | null },
  narrow: boolean,
): string[] {
  const location = parseCalendarLocation(search)
  const defaultView = CALENDAR_VIEWS.find((view) => view === stored.view) ?? 'week'
  const view = initialView(location, defaultView, narrow)
  const call = {
    range: viewRange(view, location.date ?? todayIn(stored.timeZone), stored.timeZone),
    memberId: location.member,
  }
  return [appointmentsPath(call), schedulePath(call), teamPagePath(0)]
}

/** What a cold start of /calendar asks for at once; nothing when no business zone is stored. */
export async function calendarStartCalls(): Promise<string[]> {
  const timeZone = readBusinessData()?.time_zone
  if (!timeZone) return []
  return calendarCallsAt(
    window.location.search,
    { timeZone, view: readCalendarView() },
    matchMedia(NARROW_QUERY).matches,
  )
}
