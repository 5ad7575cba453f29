import type { MemberSchedule } from './availability/types.ts'
import { workingTime } from './availability/working-periods.ts'

const MINUTE_MS = 60_000

/**
 * Minutes a member was there to be booked in [from, to): working hours minus breaks minus
 * time off, read in the member's own zone (`workingTime`), cut at the range's ends. A shift
 * spanning a daylight-saving change is an hour shorter or longer, as the clock on the wall.
 */
export function availableMinutes(
  schedule: Pick<MemberSchedule, 'timeZone' | 'workingHours' | 'timeOff'>,
  from: number,
  to: number,
): number {
  let total = 0
  for (const period of workingTime(schedule, from, to).periods) {
    const start = Math.max(period.start, from)
    const end = Math.min(period.end, to)
    if (end > start) total += end - start
  }
  return Math.round(total / MINUTE_MS)
}

/** `part / whole`, or null when there is no whole to divide by. */
export function rateOf(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole
}
