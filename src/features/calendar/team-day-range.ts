import { type VisibleRange, viewRange } from '../../domain/calendar-range'

const TITLE = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

/** The team day view's range (the business-zone day) and title ("Wednesday, December 2, 2026"). */
export function teamDayRange(
  date: string,
  timeZone: string,
): { range: VisibleRange; title: string } {
  return {
    range: viewRange('day', date, timeZone),
    title: TITLE.format(new Date(`${date}T12:00:00Z`)),
  }
}
