import type { PooledSlot, Slot } from './availability/types.ts'
import { hasFreeSeat, isSeatGroupKey } from './seat-group.ts'

/*
 * Group sessions in availability. The engine treats an existing session like any busy time,
 * so its start is not offered; for a service with capacity above 1 the start of a session of
 * that service with a free seat is offered again, since booking it takes a seat rather than
 * the team member's time.
 */

/** A booked seat, as the schedule repository reads it. */
export interface SeatRow {
  seatGroup: string
  startsAt: number
  endsAt: number
  /** A payment hold's end (epoch ms): from then its seat is free again. */
  holdEndsAt?: number
}

/**
 * Starts of the member's sessions of the service with fewer than `capacity` seats taken,
 * within [from, to) and not before `now`, ascending.
 */
export function openSessions(
  seats: readonly SeatRow[],
  session: { serviceId: string; capacity: number; from: number; to: number; now: number },
): Slot[] {
  const prefix = `${session.serviceId}@`
  const taken = new Map<string, { slot: Slot; seats: number }>()
  for (const seat of seats) {
    if (!isSeatGroupKey(seat.seatGroup) || !seat.seatGroup.startsWith(prefix)) continue
    const entry = taken.get(seat.seatGroup)
    if (entry) entry.seats++
    else
      taken.set(seat.seatGroup, {
        slot: { startsAt: seat.startsAt, endsAt: seat.endsAt },
        seats: 1,
      })
  }
  const earliest = Math.max(session.from, session.now)
  return [...taken.values()]
    .filter(
      ({ slot, seats }) =>
        hasFreeSeat(seats, session.capacity) &&
        slot.startsAt >= earliest &&
        slot.startsAt < session.to,
    )
    .map(({ slot }) => slot)
    .sort((a, b) => a.startsAt - b.startsAt)
}

/**
 * Seats a visitor can still book at `startsAt`, summed over the members offering it: each one
 * runs (or would start) a session of its own there, so each has `capacity` less the seats
 * already taken in its session at that start.
 */
export function seatsLeftAt(
  seatsByMember: ReadonlyMap<string, readonly SeatRow[]>,
  slot: { startsAt: number; teamMemberIds: readonly string[] },
  session: { serviceId: string; capacity: number },
): number {
  const group = `${session.serviceId}@${slot.startsAt}`
  let left = 0
  for (const teamMemberId of slot.teamMemberIds) {
    const taken = (seatsByMember.get(teamMemberId) ?? []).filter(
      (seat) => seat.seatGroup === group,
    ).length
    left += Math.max(0, session.capacity - taken)
  }
  return left
}

/** Two ascending slot lists as one, ascending, each start once (the first list's wins). */
export function mergeSlots(slots: readonly Slot[], more: readonly Slot[]): Slot[] {
  if (more.length === 0) return [...slots]
  const merged: Slot[] = []
  let i = 0
  let j = 0
  while (i < slots.length || j < more.length) {
    const a = slots[i]
    const b = more[j]
    if (a && (!b || a.startsAt <= b.startsAt)) {
      merged.push(a)
      i++
      if (b && b.startsAt === a.startsAt) j++
    } else if (b) {
      merged.push(b)
      j++
    }
  }
  return merged
}

/** Per-member slot lists pooled: each start once, with every member offering it (ids sorted). */
export function poolSlots(
  lists: readonly { teamMemberId: string; slots: readonly Slot[] }[],
): PooledSlot[] {
  const byStart = new Map<number, PooledSlot>()
  for (const { teamMemberId, slots } of lists) {
    for (const slot of slots) {
      const pooled = byStart.get(slot.startsAt)
      if (pooled) pooled.teamMemberIds.push(teamMemberId)
      else byStart.set(slot.startsAt, { ...slot, teamMemberIds: [teamMemberId] })
    }
  }
  const pooled = [...byStart.values()].sort((a, b) => a.startsAt - b.startsAt)
  for (const slot of pooled) slot.teamMemberIds.sort()
  return pooled
}
