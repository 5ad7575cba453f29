import type { Database } from '../db/database.ts'
import {
  type CheckoutToExpire,
  createPaymentHoldRepository,
  type ExpiredHold,
} from '../db/repositories/payment-hold-repository.ts'
import { notifyAppointmentChange } from '../realtime/live-events.ts'

export interface PaymentHoldOptions {
  /** Defaults to the clock; tests pass their own. */
  now?: number
  /** Holds expired per run. */
  batchSize?: number
}

export interface PaymentHoldReport {
  /** Holds that ran out unpaid and were turned into `payment_expired` in this run. */
  expired: ExpiredHold[]
  /**
   * Checkouts still open for holds that ran out (in this run, or earlier by a booking of
   * their time): the Stripe side expires each session so it can no longer be paid. They are
   * listed again on every run until their payment stops being `pending`.
   */
  checkoutsToExpire: CheckoutToExpire[]
  /** Payments of holds that ran out that never had a Checkout, expired in this run. */
  sessionlessExpired: number
}

/**
 * Turns payment holds whose `hold_expires_at` has passed into `payment_expired` and tells open
 * apps. Their time was already free to book from that instant (availability and booking read
 * the clock); this lets the rows stop standing in the exclusion constraint's way, and shows
 * staff that the hold ended. Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of
 * processes can run it, and a hold being confirmed or booked over at that moment is left to
 * that transaction.
 */
export async function expireDueHolds(
  database: Database,
  options: PaymentHoldOptions = {},
): Promise<PaymentHoldReport> {
  const at = new Date(options.now ?? Date.now())
  const batchSize = options.batchSize ?? 100
  const expired = await database.transaction(async (tx) => {
    const holds = await createPaymentHoldRepository(tx).expireDue(at, batchSize)
    for (const hold of holds) {
      await notifyAppointmentChange(tx, {
        tenantId: hold.tenantId,
        type: 'appointment.updated',
        appointmentId: hold.appointmentId,
      })
    }
    return holds
  })
  const sessionlessExpired = await database.transaction((tx) =>
    createPaymentHoldRepository(tx).expireSessionless(batchSize),
  )
  const checkoutsToExpire = await createPaymentHoldRepository(database.db).checkoutsToExpire(
    batchSize,
  )
  return { expired, checkoutsToExpire, sessionlessExpired }
}
