import { bufferedRange, bufferedSlot } from './busy.ts'
import { contains, type Interval, overlaps } from './intervals.ts'
import { MINUTE_MS } from './local-time.ts'
import type { FitProblem, MemberSchedule, ServiceTiming } from './types.ts'
import { workingTime } from './working-periods.ts'

/**
 * Does an appointment of `service` at `startsAt` fit the member? null when it does, as
 * memberSlots judges it (minus the grid and the booking policy); else the first problem of:
 * - `busy`: its buffered range overlaps an existing appointment's buffered range (the index
 *   of the lowest such appointment in `schedule.busy`). Checked first because a staff
 *   booking may override working hours but never a clash, so the caller must always learn
 *   of one;
 * - `external_busy`: it overlaps a busy time of the member's own calendars (the index of the
 *   first in `schedule.externalBusy`); staff may override it as they may working hours;
 * - `outside_working_hours`: [start, end) is not inside one stretch of working hours minus
 *   breaks;
 * - `time_off`: it is inside working hours, but time off takes some of it.
 */
export function checkFit(input: {
  schedule: MemberSchedule
  service: ServiceTiming
  startsAt: number
}): FitProblem | null {
  const { schedule, service, startsAt } = input
  const blocked = bufferedSlot(service, startsAt)
  const appointmentIndex = schedule.busy.findIndex((busy) => overlaps(blocked, bufferedRange(busy)))
  if (appointmentIndex !== -1) return { kind: 'busy', appointmentIndex }
  const externalIndex = (schedule.externalBusy ?? []).findIndex((busy) =>
    overlaps(blocked, { start: busy.startsAt, end: busy.endsAt }),
  )
  if (externalIndex !== -1) return { kind: 'external_busy', externalIndex }

  const appointment = { start: startsAt, end: startsAt + service.durationMinutes * MINUTE_MS }
  const { hours, periods } = workingTime(schedule, appointment.start, appointment.end)
  const inside = (intervals: Interval[]) => intervals.some((i) => contains(i, appointment))
  if (!inside(hours)) return { kind: 'outside_working_hours' }
  if (!inside(periods)) return { kind: 'time_off' }
  return null
}
