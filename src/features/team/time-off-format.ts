import type { components } from '../../../shared/contract/schema'

type TimeOff = components['schemas']['TimeOff']

/**
 * A time off as one line: "12 Aug 2026 – 15 Aug 2026" for whole days, "12 Aug 2026, 13:00 –
 * 15:30 CEST" for a span, shown in the team member's own time zone.
 */
export function formatTimeOff(timeOff: TimeOff, timeZone: string, locale?: string): string {
  if (timeOff.all_day && timeOff.start_date && timeOff.end_date) {
    // Whole dates: formatted at noon UTC, so no time zone can move them to another day.
    const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
    const start = new Date(`${timeOff.start_date}T12:00:00Z`)
    const end = new Date(`${timeOff.end_date}T12:00:00Z`)
    return timeOff.start_date === timeOff.end_date
      ? dates.format(start)
      : dates.formatRange(start, end)
  }
  if (timeOff.starts_at && timeOff.ends_at) {
    const span = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
      hourCycle: 'h23',
    })
    return span.formatRange(new Date(timeOff.starts_at), new Date(timeOff.ends_at))
  }
  return 'Time off'
}
