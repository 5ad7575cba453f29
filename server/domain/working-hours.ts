import type { WorkingDay } from '../db/schema.ts'

/** Monday to Friday, nine to five: what a new team member starts with until edited. */
export function defaultWorkingHours(): WorkingDay[] {
  return [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00', breaks: [] }))
}
