import type { Db } from '../../db/database.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import { createPaymentHoldRepository } from '../../db/repositories/payment-hold-repository.ts'
import { createScheduleRepository } from '../../db/repositories/schedule-repository.ts'
import { checkFit } from '../../domain/availability/check-fit.ts'
import type { ServiceTiming } from '../../domain/availability/types.ts'
import { notifyAppointmentChange } from '../../realtime/live-events.ts'
import { outsideWorkingTime } from './booking-rules.ts'
import { type Clash, explainBlocking } from './clash.ts'
import { takeSeat } from './seats.ts'

export const MINUTE_MS = 60_000

/** Where an appointment was placed on its member's schedule, and what it takes there. */
export interface Placement {
  appointmentId: string
  teamMemberId: string
  seatGroup: string
  endsAt: Date
  busyFrom: Date
  busyUntil: Date
  outsideWorkingHours: boolean
}

/** The end of an appointment and the busy range its buffers give it. */
export function busyRange(
  startsAt: number,
  timing: ServiceTiming,
): { endsAt: number; busyFrom: Date; busyUntil: Date } {
  const endsAt = startsAt + timing.durationMinutes * MINUTE_MS
  return {
    endsAt,
    busyFrom: new Date(startsAt - timing.bufferBeforeMinutes * MINUTE_MS),
    busyUntil: new Date(endsAt + timing.bufferAfterMinutes * MINUTE_MS),
  }
}

/**
 * Where the appointment goes and whether it may: its seat group (see seats.ts), and its fit in
 * the member's working time and busy time. A clash is always a conflict naming the appointment
 * in the way; outside working time is a conflict unless overridden. Joining a session already
 * booked needs no override: its time was agreed when its first seat was booked.
 */
export async function place(
  tx: Db,
  input: {
    tenantId: string
    appointmentId: string
    teamMemberId: string
    serviceId: string
    capacity: number
    timing: ServiceTiming
    startsAt: number
    override: boolean
    timeZone: string
    /** The clock: holds that ended by then take nothing. */
    now: number
  },
): Promise<Placement> {
  const { tenantId, timing, startsAt } = input
  const { endsAt, busyFrom, busyUntil } = busyRange(startsAt, timing)
  await createAppointmentRepository(tx).lockSchedule(input.teamMemberId)
  // Holds that ran out in the way let go of their time first, so neither the seat count nor
  // the exclusion constraint counts them.
  await expireHoldsInTheWay(tx, tenantId, input.teamMemberId, { busyFrom, busyUntil }, input.now)
  const { seatGroup, joiningSession } = await takeSeat(tx, input)

  const schedule = await createScheduleRepository(tx).loadDetailedMember(
    tenantId,
    input.teamMemberId,
    { from: startsAt, to: startsAt + 1, now: input.now },
  )
  if (!schedule) throw new Error(`Team member ${input.teamMemberId} vanished mid-booking.`)
  // Not in its own way: the appointment being moved, and the other seats of its session.
  const busy = schedule.busy.filter(
    (row) => row.id !== input.appointmentId && row.seatGroup !== seatGroup,
  )
  const problem = checkFit({ schedule: { ...schedule, busy }, service: timing, startsAt })
  if (problem?.kind === 'busy') {
    const blocking = busy[problem.appointmentIndex]
    throw await explainBlocking(tx, tenantId, blocking?.id, input.timeZone)
  }
  if (problem && !joiningSession && !input.override) {
    throw outsideWorkingTime(problem, schedule.name, startsAt, input.timeZone)
  }
  return {
    appointmentId: input.appointmentId,
    teamMemberId: input.teamMemberId,
    seatGroup,
    endsAt: new Date(endsAt),
    busyFrom,
    busyUntil,
    outsideWorkingHours: problem !== null,
  }
}

/** The columns a booking and a move both write from where the appointment was placed. */
export function placedColumns(timing: ServiceTiming, placement: Placement) {
  return {
    bufferBeforeMinutes: timing.bufferBeforeMinutes,
    bufferAfterMinutes: timing.bufferAfterMinutes,
    busyFrom: placement.busyFrom,
    busyUntil: placement.busyUntil,
    seatGroup: placement.seatGroup,
    outsideWorkingHours: placement.outsideWorkingHours,
  }
}

/** The range a placement takes, to look up what took it when the constraint refuses it. */
export function clashOf(placement: Placement): Clash {
  return {
    teamMemberId: placement.teamMemberId,
    busyFrom: placement.busyFrom,
    busyUntil: placement.busyUntil,
    seatGroup: placement.seatGroup,
    exceptId: placement.appointmentId,
  }
}

/**
 * Turns the member's holds that ended by `now` and overlap the busy range into
 * `payment_expired`, telling open apps. Call under the member's schedule lock.
 */
export async function expireHoldsInTheWay(
  tx: Db,
  tenantId: string,
  teamMemberId: string,
  range: { busyFrom: Date; busyUntil: Date },
  now: number,
): Promise<void> {
  const expired = await createPaymentHoldRepository(tx).expireDueOverlapping(
    tenantId,
    teamMemberId,
    range,
    new Date(now),
  )
  for (const hold of expired) {
    await notifyAppointmentChange(tx, {
      tenantId,
      type: 'appointment.updated',
      appointmentId: hold.appointmentId,
    })
  }
}
