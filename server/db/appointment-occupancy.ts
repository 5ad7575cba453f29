import { and, count, gt, inArray, ne, notInArray, or, type SQL } from 'drizzle-orm'
import type { Db } from './database.ts'
import { appointments, freeingStatuses } from './schema.ts'

/*
 * Which appointments take their team member's time. The exclusion constraint
 * `appointments_no_overlap` skips cancelled and payment-expired ones and counts a hold
 * (`pending_payment`) however late it is, since it cannot read the clock; everything that
 * decides whether a time is free reads the clock as well: a hold past its `hold_expires_at`
 * is free, and a booking of its time turns it into `payment_expired` first.
 */

/** Not cancelled and not payment-expired: what the exclusion constraint counts. */
export const takesTimeInConstraint: SQL = notInArray(appointments.status, [...freeingStatuses])

/** Takes its time at the instant `at`: as the constraint counts, but a hold only until it ends. */
export function takesTimeAt(at: Date): SQL {
  return and(
    takesTimeInConstraint,
    or(ne(appointments.status, 'pending_payment'), gt(appointments.holdExpiresAt, at)),
  ) as SQL
}

/** A booking made (confirmed, or closed as completed or no-show): not a hold, not cancelled. */
export const isBooking: SQL = inArray(appointments.status, ['confirmed', 'completed', 'no_show'])

/**
 * The appointments in `scope` (a service's, a team member's): `upcoming` take their time and
 * are not yet over; `all` includes the history, which keeps what they name referenced.
 */
export async function appointmentCountsWhere(
  db: Db,
  scope: SQL | undefined,
  now: Date,
): Promise<{ upcoming: number; all: number }> {
  const [upcoming, all] = await Promise.all([
    db
      .select({ n: count() })
      .from(appointments)
      .where(and(scope, takesTimeInConstraint, gt(appointments.endsAt, now))),
    db.select({ n: count() }).from(appointments).where(scope),
  ])
  return { upcoming: upcoming[0]?.n ?? 0, all: all[0]?.n ?? 0 }
}
