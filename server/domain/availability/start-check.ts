import { checkFit } from './check-fit.ts'
import { contains } from './intervals.ts'
import { MINUTE_MS } from './local-time.ts'
import { gridStepMs, isOnGrid } from './slot-grid.ts'
import type { MemberSchedule, ServiceTiming } from './types.ts'
import { workingTime } from './working-periods.ts'

/**
 * Why a start the page would never offer is not one, whatever is booked:
 * - `outside_working_hours`: the appointment is not inside one stretch of working hours
 *   minus breaks;
 * - `time_off`: it is inside working hours, but time off takes some of it;
 * - `off_grid`: it fits, but is not on the slot grid of its working period (see slot-grid.ts).
 */
export type StartRefusal = 'outside_working_hours' | 'time_off' | 'off_grid'

/**
 * Whether memberSlots could ever offer `startsAt` to this member, leaving out busy time and
 * the booking policy's notice and window (checked on their own, with their own reasons).
 */
export function startRefusal(input: {
  schedule: Pick<MemberSchedule, 'timeZone' | 'workingHours' | 'timeOff'>
  service: ServiceTiming
  startsAt: number
  slotIntervalMinutes: number
}): StartRefusal | null {
  const { schedule, service, startsAt } = input
  const fit = checkFit({ schedule: { ...schedule, teamMemberId: '', busy: [] }, service, startsAt })
  if (fit?.kind === 'outside_working_hours' || fit?.kind === 'time_off') return fit.kind
  const appointment = { start: startsAt, end: startsAt + service.durationMinutes * MINUTE_MS }
  const period = workingTime(schedule, appointment.start, appointment.end).periods.find((p) =>
    contains(p, appointment),
  )
  if (!period) return 'time_off'
  return isOnGrid(period.start, startsAt, gridStepMs(input.slotIntervalMinutes)) ? null : 'off_grid'
}

/** The order in which one member's reason explains a refusal best to the customer. */
const CLOSENESS: readonly StartRefusal[] = ['off_grid', 'time_off', 'outside_working_hours']

/**
 * "Any available": null when some member could be offered the start; else the reason of the
 * member who came closest (on a grid point the customer merely mistyped beats time off beats
 * outside hours). Nobody at all is outside working hours.
 */
export function anyoneStartRefusal(
  refusals: readonly (StartRefusal | null)[],
): StartRefusal | null {
  if (refusals.includes(null)) return null
  return CLOSENESS.find((reason) => refusals.includes(reason)) ?? 'outside_working_hours'
}
