import type { Db } from '../../db/database.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import { conflict } from '../../domain/refusal.ts'
import { hasFreeSeat, isSeatGroupKey, seatGroupFor } from '../../domain/seat-group.ts'

/*
 * Seats of a group session (a service with capacity above 1): bookings at the same start of
 * the same service with the same member share a seat group, whose seats are counted under the
 * member's schedule lock. A one-to-one appointment is a seat group of its own.
 */

/** How many seats of the session `sessionKey` these busy rows take; none for one-to-one. */
export function seatsTaken(busy: readonly { seatGroup: string }[], sessionKey: string): number {
  if (!isSeatGroupKey(sessionKey)) return 0
  return busy.filter((row) => row.seatGroup === sessionKey).length
}

/**
 * The appointment's seat group, after checking a seat is free (refused as a conflict when the
 * session is full). `joiningSession`: seats of it are booked already, so its time was agreed
 * when the first was. Call under the member's schedule lock.
 */
export async function takeSeat(
  tx: Db,
  input: {
    tenantId: string
    appointmentId: string
    teamMemberId: string
    serviceId: string
    capacity: number
    startsAt: number
  },
): Promise<{ seatGroup: string; joiningSession: boolean }> {
  const seatGroup = seatGroupFor(input)
  if (!isSeatGroupKey(seatGroup)) return { seatGroup, joiningSession: false }
  const seats = await createAppointmentRepository(tx).countSeats(
    input.tenantId,
    input.teamMemberId,
    seatGroup,
    new Date(input.startsAt),
    input.appointmentId,
  )
  if (!hasFreeSeat(seats, input.capacity)) {
    throw conflict(`This session is full (${seats} of ${input.capacity} seats).`)
  }
  return { seatGroup, joiningSession: seats > 0 }
}

/** Whether the session this seat belongs to has no seat left for it (a hold taken again). */
export async function sessionIsFull(
  tx: Db,
  tenantId: string,
  seat: {
    id: string
    teamMemberId: string
    serviceId: string
    seatGroup: string
    startsAt: Date
  },
): Promise<boolean> {
  if (!isSeatGroupKey(seat.seatGroup)) return false
  const repo = createAppointmentRepository(tx)
  const service = await repo.service(tenantId, seat.serviceId)
  const seats = await repo.countSeats(
    tenantId,
    seat.teamMemberId,
    seat.seatGroup,
    seat.startsAt,
    seat.id,
  )
  return !hasFreeSeat(seats, service?.capacity ?? 1)
}
