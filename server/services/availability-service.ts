import type { Db } from '../db/database.ts'
import type { BusinessPolicy, ServiceRow } from '../db/repositories/appointment-repository.ts'
import {
  createScheduleRepository,
  type LoadedSchedule,
  type ScheduleMember,
} from '../db/repositories/schedule-repository.ts'
import type { TimeOffRow } from '../db/repositories/time-off-repository.ts'
import { pooledSlots } from '../domain/availability/any-available.ts'
import { memberSlots } from '../domain/availability/slots.ts'
import type { PooledSlot, Slot, SlotPolicy } from '../domain/availability/types.ts'
import {
  mergeSlots,
  openSessions,
  poolSlots,
  type SeatRow,
  seatsLeftAt,
} from '../domain/group-sessions.ts'
import { timingOf } from './booking/booking-lookups.ts'
import { chooseFairly } from './team-assignment.ts'

const DAY_MS = 86_400_000
/** How far ahead "next available" looks, and how much it computes at a time. */
export const NEXT_SLOT_HORIZON_DAYS = 92
const NEXT_SLOT_CHUNK_DAYS = 7

export interface SlotSearch {
  tenantId: string
  service: ServiceRow
  /** One member; all bookable members who perform the service when absent. */
  teamMemberId?: string | undefined
  /** The bookable members for this service (and member), already read (the public cache). */
  members?: readonly ScheduleMember[] | undefined
  /** Their time off in the range asked for, already read (the public cache). */
  timeOff?: readonly TimeOffRow[] | undefined
  policy: BusinessPolicy
  now: number
}

/**
 * Free starts for staff in [from, to): every future start on the business's slot grid
 * (minimum notice and booking window are public-booking rules), with who is free then.
 * For a group service, starts of sessions with a free seat are offered too.
 */
export async function findAvailability(
  db: Db,
  search: SlotSearch & { from: number; to: number },
): Promise<PooledSlot[]> {
  const team = await loadTeam(db, search, search.from, search.to)
  return slotsOf(team, search, search.from, search.to)
}

/**
 * {@link findAvailability} with the seats still free at each start: a number for a group
 * service (capacity above 1), null for a one-to-one service. `validUntil` is when the first
 * payment hold read ends (Infinity when none was): until then the same inputs give the same
 * starts at or after any later `now`, since a hold is the only busy time the clock frees.
 */
export async function findAvailabilityWithSeats(
  db: Db,
  search: SlotSearch & { from: number; to: number },
): Promise<{ slots: (PooledSlot & { seatsLeft: number | null })[]; validUntil: number }> {
  const team = await loadTeam(db, search, search.from, search.to)
  const session = { serviceId: search.service.id, capacity: search.service.capacity }
  let validUntil = Number.POSITIVE_INFINITY
  for (const schedule of team.schedules) {
    if (schedule.firstHoldEndsAt !== undefined) {
      validUntil = Math.min(validUntil, schedule.firstHoldEndsAt)
    }
  }
  for (const seats of team.seats.values()) {
    for (const seat of seats) {
      if (seat.holdEndsAt !== undefined) validUntil = Math.min(validUntil, seat.holdEndsAt)
    }
  }
  const slots = slotsOf(team, search, search.from, search.to).map((slot) => ({
    ...slot,
    seatsLeft: session.capacity > 1 ? seatsLeftAt(team.seats, slot, session) : null,
  }))
  return { slots, validUntil }
}

/**
 * The earliest free start within the next 92 days and who would take it: with several free,
 * one already running a session of the service at that start (seats fill first), then fair
 * assignment (fewest appointments that day in the business's zone, then booked least
 * recently). The inputs are read once; the engine runs a week at a time until it finds one.
 */
export async function findNextSlot(
  db: Db,
  search: SlotSearch,
): Promise<{ slot: Slot; teamMemberId: string; teamMemberName: string } | null> {
  const horizon = search.now + NEXT_SLOT_HORIZON_DAYS * DAY_MS
  const team = await loadTeam(db, search, search.now, horizon)
  for (let from = search.now; from < horizon; from += NEXT_SLOT_CHUNK_DAYS * DAY_MS) {
    const to = Math.min(horizon, from + NEXT_SLOT_CHUNK_DAYS * DAY_MS)
    const [first] = slotsOf(team, search, from, to)
    if (!first) continue
    const inSession = first.teamMemberIds.filter((id) =>
      sessionsOf(team, id, search, from, to).some((session) => session.startsAt === first.startsAt),
    )
    const ids = inSession.length > 0 ? inSession : first.teamMemberIds
    const teamMemberId = await chooseFairly(
      db,
      { tenantId: search.tenantId, timeZone: search.policy.timeZone },
      ids,
      first.startsAt,
    )
    const chosen = team.schedules.find((schedule) => schedule.teamMemberId === teamMemberId)
    if (!chosen) throw new Error('The chosen team member is not among the schedules.')
    return {
      slot: { startsAt: first.startsAt, endsAt: first.endsAt },
      teamMemberId: chosen.teamMemberId,
      teamMemberName: chosen.name,
    }
  }
  return null
}

/** The engine's inputs, plus the seats of the service's sessions when it has capacity above 1. */
interface Team {
  schedules: LoadedSchedule[]
  seats: Map<string, SeatRow[]>
}

async function loadTeam(db: Db, search: SlotSearch, from: number, to: number): Promise<Team> {
  const repo = createScheduleRepository(db)
  const schedules = await repo.load(search.tenantId, {
    serviceId: search.service.id,
    teamMemberId: search.teamMemberId,
    from,
    to,
    now: search.now,
    members: search.members,
    timeOff: search.timeOff,
  })
  const seats =
    search.service.capacity > 1
      ? await repo.seats(
          search.tenantId,
          search.service.id,
          schedules.map((schedule) => schedule.teamMemberId),
          from,
          to,
          search.now,
        )
      : new Map<string, SeatRow[]>()
  return { schedules, seats }
}

function slotsOf(team: Team, search: SlotSearch, from: number, to: number): PooledSlot[] {
  const { schedules } = team
  const service = timingOf(search.service)
  const policy: SlotPolicy = {
    slotIntervalMinutes: search.policy.slotIntervalMinutes,
    minNoticeMinutes: 0,
    bookingWindowDays: Number.POSITIVE_INFINITY,
  }
  const query = { service, policy, now: search.now, from, to }
  if (search.service.capacity <= 1) {
    if (schedules.length === 1 && schedules[0]) {
      const { teamMemberId } = schedules[0]
      const ids = [teamMemberId]
      return memberSlots({ ...query, schedule: schedules[0] }).map((slot) => ({
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        teamMemberIds: ids,
      }))
    }
    return pooledSlots({ ...query, schedules })
  }
  return poolSlots(
    schedules.map((schedule) => ({
      teamMemberId: schedule.teamMemberId,
      slots: mergeSlots(
        memberSlots({ ...query, schedule }),
        sessionsOf(team, schedule.teamMemberId, search, from, to),
      ),
    })),
  )
}

function sessionsOf(
  team: Team,
  teamMemberId: string,
  search: SlotSearch,
  from: number,
  to: number,
) {
  const seats = team.seats.get(teamMemberId)
  if (!seats) return []
  return openSessions(seats, {
    serviceId: search.service.id,
    capacity: search.service.capacity,
    from,
    to,
    now: search.now,
  })
}
