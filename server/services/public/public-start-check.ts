import type { Db } from '../../db/database.ts'
import { type CacheView, readThrough } from '../../db/read-cache.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import { createScheduleRepository } from '../../db/repositories/schedule-repository.ts'
import { timeOffTouches } from '../../db/repositories/schedule-time-off-reads.ts'
import { timeOffSpan } from '../../db/repositories/time-off-repository.ts'
import {
  anyoneStartRefusal,
  type StartRefusal,
  startRefusal,
} from '../../domain/availability/start-check.ts'
import { Refusal } from '../../domain/refusal.ts'
import { timingOf } from '../booking/booking-lookups.ts'

const PATH = 'body.starts_at'
/** The time off cached for start checks is read four weeks at a time. */
const TIME_OFF_WINDOW_MS = 28 * 86_400_000

/**
 * A customer may only choose a start the booking page would offer: on the slot grid, inside
 * working hours and outside time off (notice and window are checked on their own). A start
 * that is never free is refused here with its real reason, so that the booking's own 409
 * afterwards can only mean the time was taken.
 *
 * `teamMemberId` null is "any available": the start must suit at least one bookable member
 * who performs the service.
 */
export async function checkPublicStart(
  db: Db,
  input: {
    tenantId: string
    serviceId: string
    teamMemberId: string | null
    startsAt: number
    slotIntervalMinutes: number
  },
  /**
   * The request's cached reads: the service and the members with their hours come from it
   * (as fresh as the request, see read-cache.ts); the booking re-reads both under its lock.
   */
  view: CacheView = readThrough,
): Promise<void> {
  const { tenantId, startsAt } = input
  const service = await view.get(tenantId, 'service', input.serviceId, () =>
    createAppointmentRepository(db).service(tenantId, input.serviceId),
  )
  // The booking itself refuses an unknown service, naming the field; nothing to judge here.
  if (!service) return
  // Hours and time off only: busy time is the booking's own question (its 409), so it is not read.
  const repo = createScheduleRepository(db)
  const members = await view.get(
    tenantId,
    'start_members',
    input.teamMemberId === null ? `any:${service.id}` : `member:${input.teamMemberId}`,
    () =>
      repo.members(
        tenantId,
        input.teamMemberId === null
          ? { serviceId: service.id }
          : { teamMemberId: input.teamMemberId, bookableOnly: false },
      ),
  )
  const ids = members.map((member) => member.id)
  // The members' time off of the four weeks around the start, cached like their hours (a
  // trigger drops it when staff change time off), cut to what a read for the start alone
  // finds, so the answer is the same as reading it.
  const window = Math.floor(startsAt / TIME_OFF_WINDOW_MS) * TIME_OFF_WINDOW_MS
  const away =
    members.length === 0
      ? []
      : (
          await view.get(tenantId, 'time_off', `start:${ids}:${window}`, () =>
            repo.timeOff(tenantId, ids, window, window + TIME_OFF_WINDOW_MS),
          )
        ).filter((row) => timeOffTouches(row, startsAt, startsAt + 1))
  const schedules = members.map((member) => ({
    timeZone: member.timeZone,
    workingHours: member.workingHours,
    timeOff: away.filter((row) => row.teamMemberId === member.id).map(timeOffSpan),
  }))
  const refusal = anyoneStartRefusal(
    schedules.map((schedule) =>
      startRefusal({
        schedule,
        service: timingOf(service),
        startsAt,
        slotIntervalMinutes: input.slotIntervalMinutes,
      }),
    ),
  )
  if (refusal) throw startRefused(refusal, input.slotIntervalMinutes)
}

function startRefused(refusal: StartRefusal, slotIntervalMinutes: number): Refusal {
  const { type, detail, message } = {
    outside_working_hours: {
      type: '/problems/outside-working-hours',
      detail: 'This time is outside working hours. Please choose one of the times offered.',
      message: 'is outside working hours',
    },
    time_off: {
      type: '/problems/time-off',
      detail:
        'Nobody is available at this time (time off). Please choose one of the times offered.',
      message: 'falls in time off',
    },
    off_grid: {
      type: '/problems/not-on-slot-grid',
      detail: `Appointments start every ${slotIntervalMinutes} minutes from the start of working hours. Please choose one of the times offered.`,
      message: `must be one of the offered start times (every ${slotIntervalMinutes} minutes)`,
    },
  }[refusal]
  return new Refusal('invalid', detail, { type, errors: [{ path: PATH, message }] })
}
