import type { components } from '../../shared/contract/schema.d.ts'

/** A weekday's hours in the team member's own time zone (see WorkingDay in the contract). */
export interface WorkingDay {
  weekday: number
  start: string
  end: string
  breaks: { start: string; end: string }[]
}

type FieldError = components['schemas']['FieldError']

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/** Monday to Friday, nine to five: what a new team member starts with until edited. */
export function defaultWorkingHours(): WorkingDay[] {
  return [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00', breaks: [] }))
}

/**
 * What is wrong with a week of working hours, one error per offending entry, with `path`
 * pointing at it under `basePath` (e.g. `body.working_hours.0.breaks.1`) so a form can show
 * the message beside the right row. The contract has already checked the shape and the
 * `HH:MM` format; these are the rules between values. Clock times compare as text because
 * they are zero-padded 24-hour times.
 */
export function workingHoursErrors(days: readonly WorkingDay[], basePath: string): FieldError[] {
  const errors: FieldError[] = []
  const seen = new Set<number>()
  days.forEach((day, dayIndex) => {
    const dayPath = `${basePath}.${dayIndex}`
    if (seen.has(day.weekday)) {
      errors.push({
        path: `${dayPath}.weekday`,
        message: `${weekdayName(day.weekday)} is listed twice`,
      })
    }
    seen.add(day.weekday)
    if (day.start >= day.end) {
      errors.push({
        path: `${dayPath}.end`,
        message: `must be later than the start (${day.start})`,
      })
      return
    }
    errors.push(...breakErrors(day, dayPath))
  })
  return errors
}

function breakErrors(day: WorkingDay, dayPath: string): FieldError[] {
  const errors: FieldError[] = []
  const valid: { start: string; end: string; index: number }[] = []
  day.breaks.forEach((pause, index) => {
    const path = `${dayPath}.breaks.${index}`
    if (pause.start >= pause.end) {
      errors.push({ path, message: `must end later than it starts (${pause.start})` })
    } else if (pause.start < day.start || pause.end > day.end) {
      errors.push({ path, message: `must be within the working hours ${day.start}–${day.end}` })
    } else {
      valid.push({ ...pause, index })
    }
  })
  // A break may start exactly when another ends; anything more is an overlap.
  // Compared with the earlier break that reaches furthest, a long break overlapping several
  // short ones is caught against each of them, not just its neighbour.
  const byStart = [...valid].sort((a, b) => a.start.localeCompare(b.start) || a.index - b.index)
  let reach: (typeof byStart)[number] | undefined
  for (const current of byStart) {
    if (reach && current.start < reach.end) {
      const later = Math.max(reach.index, current.index)
      const other = later === current.index ? reach : current
      errors.push({
        path: `${dayPath}.breaks.${later}`,
        message: `overlaps the break ${other.start}–${other.end}`,
      })
    }
    if (!reach || current.end > reach.end) reach = current
  }
  return errors.sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true }))
}

/** The same week in a stable order, Monday first and breaks by start, for storage and diffs. */
export function normalizeWorkingHours(days: readonly WorkingDay[]): WorkingDay[] {
  return [...days]
    .sort((a, b) => a.weekday - b.weekday)
    .map((day) => ({
      weekday: day.weekday,
      start: day.start,
      end: day.end,
      breaks: [...day.breaks]
        .sort((a, b) => a.start.localeCompare(b.start))
        .map((pause) => ({ start: pause.start, end: pause.end })),
    }))
}

export function weekdayName(weekday: number): string {
  return WEEKDAY_NAMES[weekday - 1] ?? `Weekday ${weekday}`
}
