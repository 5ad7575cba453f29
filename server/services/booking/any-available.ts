import type { Db } from '../../db/database.ts'
import type { BusinessPolicy, ServiceRow } from '../../db/repositories/appointment-repository.ts'
import { createScheduleRepository } from '../../db/repositories/schedule-repository.ts'
import { checkFit } from '../../domain/availability/check-fit.ts'
import type {
  BusyAppointment,
  MemberSchedule,
  ServiceTiming,
} from '../../domain/availability/types.ts'
import { describeInstant } from '../../domain/business-time.ts'
import { conflict, Refusal } from '../../domain/refusal.ts'
import { hasFreeSeat, seatGroupFor } from '../../domain/seat-group.ts'
import { chooseFairly } from '../team-assignment.ts'
import { timingOf } from './booking-lookups.ts'
import type { Placement } from './placement.ts'
import { seatsTaken } from './seats.ts'

/*
 * "Any available": a booking that names no team member is given one of those who perform the
 * service and are free then, by fair assignment.
 */

/**
 * "Any available", placed: the member fair assignment chooses, or, when someone booked them
 * between the choice (read before their schedule lock) and the check under it, the next one
 * it chooses from the rest; a conflict only when nobody is left. Without this, two visitors
 * booking the same time at once would both be given the same member, and one refused while
 * a colleague was free.
 */
export async function placeAnyone(
  placeWith: (teamMemberId: string) => Promise<Placement>,
  choose: (passedOver: ReadonlySet<string>) => Promise<string>,
): Promise<Placement> {
  const passedOver = new Set<string>()
  for (;;) {
    const teamMemberId = await choose(passedOver)
    try {
      return await placeWith(teamMemberId)
    } catch (error) {
      // place() refuses before it writes anything, so the transaction can go on.
      if (!(error instanceof Refusal) || error.kind !== 'conflict') throw error
      passedOver.add(teamMemberId)
    }
  }
}

/** A member's schedule whose busy rows say which seat group each belongs to. */
export type SeatedSchedule = Omit<MemberSchedule, 'busy'> & {
  busy: (BusyAppointment & { seatGroup: string })[]
}

/**
 * The members who could take the booking: free then (within working time, or merely not busy
 * when overriding) with a seat free in their session of the service at that start, if any.
 * Those who already run that session come first (seats fill before a parallel session
 * opens): when any does, only they are returned.
 */
export function freeToTake(
  schedules: readonly SeatedSchedule[],
  input: { timing: ServiceTiming; capacity: number; sessionKey: string; startsAt: number },
  override: boolean,
): string[] {
  const { timing, capacity, sessionKey, startsAt } = input
  const free: { teamMemberId: string; inSession: boolean }[] = []
  for (const schedule of schedules) {
    const taken = seatsTaken(schedule.busy, sessionKey)
    if (!hasFreeSeat(taken, capacity)) continue
    const busy = schedule.busy.filter((row) => row.seatGroup !== sessionKey)
    const problem = checkFit({ schedule: { ...schedule, busy }, service: timing, startsAt })
    const fits = problem === null || (problem.kind !== 'busy' && (override || taken > 0))
    if (fits) free.push({ teamMemberId: schedule.teamMemberId, inSession: taken > 0 })
  }
  const preferred = free.some((entry) => entry.inSession)
    ? free.filter((entry) => entry.inSession)
    : free
  return preferred.map((entry) => entry.teamMemberId)
}

/**
 * "Any available": among the members `freeToTake` finds, fair assignment: fewest
 * appointments that day in the business's time zone, then the one booked least recently.
 */
export async function assignTeamMember(
  tx: Db,
  input: {
    tenantId: string
    service: ServiceRow
    startsAt: number
    override: boolean
    policy: BusinessPolicy
    /** Members already found taken under their lock: not chosen again. */
    passedOver?: ReadonlySet<string>
  },
): Promise<string> {
  const { tenantId, service, startsAt, policy } = input
  const schedules = (
    await createScheduleRepository(tx).loadDetailed(tenantId, {
      serviceId: service.id,
      from: startsAt,
      to: startsAt + 1,
    })
  ).filter((schedule) => !input.passedOver?.has(schedule.teamMemberId))
  const sessionKey = seatGroupFor({
    appointmentId: '',
    serviceId: service.id,
    capacity: service.capacity,
    startsAt,
  })
  const candidates = freeToTake(
    schedules,
    { timing: timingOf(service), capacity: service.capacity, sessionKey, startsAt },
    input.override,
  )
  if (candidates.length === 0) {
    throw conflict(
      `Nobody who performs ${service.name} is free at ${describeInstant(startsAt, policy.timeZone)} (${policy.timeZone}).`,
    )
  }
  const chosen = await chooseFairly(
    tx,
    { tenantId, timeZone: policy.timeZone },
    candidates,
    startsAt,
  )
  if (!chosen) throw new Error('Fair assignment chose nobody from a non-empty list.')
  return chosen
}
