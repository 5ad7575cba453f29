import { render, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { viewRange, visibleRange } from '../../src/domain/calendar-range'
import type { CalendarViewName } from '../../src/domain/calendar-search-params'
import { FullCalendarView } from '../../src/features/calendar/full-calendar-view'

// The calendar asks for a week's or a month's appointments with the range it works out from the
// address (viewRange), before FullCalendar has loaded. FullCalendar, rendered, must report that
// same range, or the screen would ask twice (and show the first answer for the wrong days).

async function reportedRange(view: CalendarViewName, date: string, timeZone: string) {
  const onRange = vi.fn()
  const { unmount } = render(
    <FullCalendarView
      view={view}
      date={date}
      timeZone={timeZone}
      events={[]}
      selectable={false}
      onRange={onRange}
      onCreate={() => {}}
      onOpen={() => {}}
      onBusy={() => {}}
      checkMove={() => null}
      onRefused={() => {}}
      onMove={() => {}}
    />,
  )
  await waitFor(() => expect(onRange).toHaveBeenCalled())
  unmount()
  const [{ start, end }] = onRange.mock.calls[0] as [{ start: string; end: string }]
  return visibleRange(start, end, timeZone)
}

describe("FullCalendar's range is the one the calendar works out from the address", () => {
  const cases: [CalendarViewName, string, string][] = [
    ['week', '2026-10-22', 'Europe/Berlin'], // the clocks change on that Sunday
    ['week', '2026-03-08', 'America/New_York'], // a Sunday, the day the clocks change
    ['month', '2026-11-15', 'Europe/Berlin'], // starts on a Sunday
    ['month', '2026-06-30', 'America/New_York'], // starts on a Monday
    ['month', '2027-02-01', 'Australia/Sydney'], // four weeks exactly, south of the equator
  ]
  for (const [view, date, timeZone] of cases) {
    it(`${view} of ${date} in ${timeZone}`, async () => {
      expect(await reportedRange(view, date, timeZone)).toEqual(viewRange(view, date, timeZone))
    })
  }
})
