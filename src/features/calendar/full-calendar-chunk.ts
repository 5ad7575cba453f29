import { lazyPart } from '../../components/lazy-part'

/*
 * FullCalendar (week, month, one member's day) is a chunk of its own, which calendar-screen.tsx
 * renders through this part: the team's day view is ours and never waits for it. This module
 * is small and in the first load, so a cold start can fetch that chunk beside the screen's.
 */

/** The phone breakpoint of the form kit and calendar.css: phones open on the day view. */
export const NARROW_QUERY = '(max-width: 639px)'

export const fullCalendarViewPart = lazyPart(() =>
  import('./full-calendar-view').then((m) => m.FullCalendarView),
)

/**
 * At a cold start of /calendar: FullCalendar's chunk, unless the address or a phone's width
 * says the day view will show (the team's columns, most days).
 */
export function preloadCalendarGrid(): void {
  // The address's `view` as calendar-search-params reads it; not imported, to keep this small.
  const view = new URLSearchParams(window.location.search).get('view')
  const day = view === 'day' || (view === null && matchMedia(NARROW_QUERY).matches)
  if (!day) fullCalendarViewPart.preload()
}
