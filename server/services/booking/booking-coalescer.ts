import type { components } from '../../../shared/contract/schema.d.ts'

type Appointment = components['schemas']['Appointment']

/** A booking that committed, with the business's time zone its 409s are worded in. */
export interface CommittedBooking {
  appointment: Appointment
  timeZone: string
}

/** What identifies bookings that would take exactly the same time of the same person. */
export interface BookingKey {
  tenantId: string
  teamMemberId?: string | undefined
  serviceId: string
  startsAt: Date
}

/** How long a committed booking answers for identical ones (after checking it still holds). */
const REMEMBER_MS = 10_000

/**
 * When many people book the same team member, service and start at once (everyone clicking
 * the slot that was just offered), one wins, and on one database connection the losers would
 * each run a whole booking transaction, queued behind one another, just to learn that.
 *
 * So, within one process: a booking identical to one in flight waits for it, and one
 * identical to a one-seat booking committed in the last seconds asks `stillHolds` (a
 * primary-key read, shared by the identical bookings waiting for it) whether that appointment
 * still takes the time. If it does, `stillHolds` returns the refusal and nothing else runs; if it was cancelled or moved meanwhile, or the
 * first booking was refused, or it is a group session with seats to count, the booking runs
 * the normal way. Only refusals are ever answered here; every booking that is made is made
 * by the transaction, whose exclusion constraint decides overlaps, from any process.
 */
export function createBookingCoalescer(rememberMs = REMEMBER_MS) {
  const recent = new Map<string, Promise<CommittedBooking | null>>()
  const checking = new Map<string, Promise<Error | null>>()

  return {
    async run<T extends CommittedBooking>(
      key: BookingKey,
      book: () => Promise<T>,
      stillHolds: (winner: CommittedBooking) => Promise<Error | null>,
    ): Promise<T> {
      if (!key.teamMemberId) return book()
      const id = `${key.tenantId}|${key.teamMemberId}|${key.serviceId}|${key.startsAt.getTime()}`
      for (let ahead = recent.get(id); ahead; ahead = recent.get(id)) {
        const winner = await ahead
        // Seats of a group session are counted by the database under its own lock: identical
        // bookings of one go concurrently rather than one after another here.
        if (winner && winner.appointment.capacity !== 1) return book()
        if (!winner) {
          if (recent.get(id) === ahead) recent.delete(id)
          continue
        }
        // Identical bookings arriving together share one check rather than queueing one each.
        let check = checking.get(id)
        if (!check) {
          check = stillHolds(winner).finally(() => checking.delete(id))
          checking.set(id, check)
        }
        const refusal = await check
        if (refusal) throw refusal
        if (recent.get(id) === ahead) recent.delete(id)
      }

      const attempt = book()
      const outcome = attempt.then(
        (booked) => booked,
        () => null,
      )
      recent.set(id, outcome)
      const forget = () => {
        if (recent.get(id) === outcome) recent.delete(id)
      }
      try {
        const booked = await attempt
        setTimeout(forget, rememberMs).unref()
        return booked
      } catch (error) {
        forget()
        throw error
      }
    },
  }
}
