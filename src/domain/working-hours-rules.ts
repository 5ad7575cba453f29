import type { components } from '../../shared/contract/schema'

type WorkingDay = components['schemas']['WorkingDay']
/** `{ field: sentence }`, as the team member form shows them. */
type FieldErrors = Record<string, string>

export const WEEKDAYS = [
  { weekday: 1, name: 'Monday' },
  { weekday: 2, name: 'Tuesday' },
  { weekday: 3, name: 'Wednesday' },
  { weekday: 4, name: 'Thursday' },
  { weekday: 5, name: 'Friday' },
  { weekday: 6, name: 'Saturday' },
  { weekday: 7, name: 'Sunday' },
] as const

/**
 * Errors of a week of working hours, keyed like the server's problem paths under
 * `working_hours` (`working_hours.2.end`, `working_hours.2.breaks.0`), so the editor shows
 * the browser's and the server's messages in the same place. Clock times are zero-padded
 * `HH:MM`, so they compare as text.
 */
export function workingHoursErrors(days: readonly WorkingDay[]): FieldErrors {
  const errors: FieldErrors = {}
  days.forEach((day, dayIndex) => {
    const dayPath = `working_hours.${dayIndex}`
    if (day.start >= day.end) {
      errors[`${dayPath}.end`] = `Finish after the start (${day.start}).`
      return
    }
    const valid: Array<{ start: string; end: string; index: number }> = []
    day.breaks.forEach((pause, index) => {
      const path = `${dayPath}.breaks.${index}`
      if (pause.start >= pause.end) {
        errors[path] = `The break must end after it starts (${pause.start}).`
      } else if (pause.start < day.start || pause.end > day.end) {
        errors[path] = `The break must be within the working hours ${day.start}–${day.end}.`
      } else {
        valid.push({ ...pause, index })
      }
    })
    // A break may start exactly when another ends; anything more is an overlap.
    const byStart = [...valid].sort((a, b) => a.start.localeCompare(b.start) || a.index - b.index)
    for (let i = 1; i < byStart.length; i++) {
      const previous = byStart[i - 1]
      const current = byStart[i]
      if (previous && current && current.start < previous.end) {
        const later = Math.max(previous.index, current.index)
        const other = later === current.index ? previous : current
        errors[`${dayPath}.breaks.${later}`] = `Overlaps the break ${other.start}–${other.end}.`
      }
    }
  })
  return errors
}

/** Turns a day on (with its remembered or default hours) or off, keeping Monday-first order. */
export function setDayEnabled(
  days: readonly WorkingDay[],
  weekday: number,
  enabled: boolean,
  remembered?: WorkingDay,
): WorkingDay[] {
  const others = days.filter((day) => day.weekday !== weekday)
  if (!enabled) return others
  const day = remembered ?? { weekday, start: '09:00', end: '17:00', breaks: [] }
  return [...others, { ...day, weekday }].sort((a, b) => a.weekday - b.weekday)
}

export function updateDay(
  days: readonly WorkingDay[],
  weekday: number,
  change: (day: WorkingDay) => WorkingDay,
): WorkingDay[] {
  return days.map((day) => (day.weekday === weekday ? change(day) : day))
}

/** A new break: an hour in the middle of the day, or the day's last hour when that fits better. */
export function suggestBreak(day: WorkingDay): { start: string; end: string } {
  const startMinutes = toMinutes(day.start)
  const endMinutes = toMinutes(day.end)
  const middle = Math.floor((startMinutes + endMinutes) / 2 / 30) * 30
  const start = Math.max(startMinutes, Math.min(middle, endMinutes - 30))
  const end = Math.min(endMinutes, start + 60)
  return { start: fromMinutes(start), end: fromMinutes(end) }
}

export function toMinutes(clock: string): number {
  const [hours = '0', minutes = '0'] = clock.split(':')
  return Number(hours) * 60 + Number(minutes)
}

export function fromMinutes(total: number): string {
  // 24:00 is a valid end: the end of the day.
  const clamped = Math.max(0, Math.min(total, 24 * 60))
  const hours = Math.floor(clamped / 60)
  const minutes = clamped % 60
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`
}

/** The end of the day, the one clock time past 23:59 an end may have. */
export const END_OF_DAY = '24:00'

/**
 * A stored `HH:MM` as the hour and minute a 24-hour time field shows. A time field has no
 * 24:00, so the end of the day shows as 00:00 (the editor says so beside it).
 */
export function clockParts(clock: string): { hour: number; minute: number } {
  const [hours = '0', minutes = '0'] = clock.split(':')
  return { hour: Number(hours) % 24, minute: Number(minutes) }
}

/**
 * What a time field's hour and minute store as `HH:MM`. In an end field 00:00 is midnight at
 * the end of the day (24:00): an end must follow its start, so it can never mean the start of
 * the day.
 */
export function clockFromParts(hour: number, minute: number, isEnd: boolean): string {
  if (isEnd && hour === 0 && minute === 0) return END_OF_DAY
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`
}
