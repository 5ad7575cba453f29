import type { Database, Db } from '../../db/database.ts'
import {
  createPaymentRepository,
  type PaymentRow,
  type RefundCause,
  stripeAccountOf,
} from '../../db/repositories/payment-repository.ts'
import { createRefundRepository } from '../../db/repositories/refund-repository.ts'
import type { ConnectGateway } from '../../payments/connect-gateway.ts'

export interface RefundRequest {
  payment: PaymentRow
  amountMinor: number
  cause: RefundCause
  /** Why, as staff typed it, or the system's words for an automatic refund. */
  reason: string
  /**
   * Makes a repeated request one refund on Stripe (and so one row here): per payment for an
   * automatic refund, per staff request for a manual one.
   */
  idempotencyKey: string
  actor?: { uid: string; name: string } | null
  /**
   * The owed refund (a row without a Stripe id, written when the refund was decided) this
   * call makes: it is settled instead of a new row being written.
   */
  owedRefundId?: string
}

/**
 * Gives money back on the business's connected account and records it once: Stripe is asked
 * outside any transaction (with the idempotency key), then the refund is written under the
 * payment's lock, keyed by Stripe's refund id. `afterRecorded` runs in that transaction only
 * the first time (the customer's e-mail, the activity log), so a repeat tells nobody twice.
 * Answers whether this call recorded it. Late payments, cancellations (settling the refund
 * they owe) and staff refunds all take this way.
 */
export async function refundPayment(
  deps: { database: Database; gateway: ConnectGateway },
  request: RefundRequest,
  afterRecorded?: (tx: Db) => Promise<void>,
): Promise<boolean> {
  const { payment } = request
  if (!payment.stripePaymentIntentId) {
    throw new Error(`Payment ${payment.id} has no PaymentIntent to refund.`)
  }
  const refund = await deps.gateway.refund({
    accountId: stripeAccountOf(payment),
    paymentIntentId: payment.stripePaymentIntentId,
    amountMinor: request.amountMinor,
    metadata: {
      business_id: payment.tenantId,
      appointment_id: payment.appointmentId,
      payment_id: payment.id,
      cause: request.cause,
    },
    idempotencyKey: request.idempotencyKey,
  })
  return deps.database.transaction(async (tx) => {
    const repo = createPaymentRepository(tx)
    await repo.find(payment.tenantId, payment.id, { lock: true })
    const recorded = request.owedRefundId
      ? await createRefundRepository(tx).settle(payment.tenantId, request.owedRefundId, refund.id)
      : await repo.recordRefund({
          tenantId: payment.tenantId,
          paymentId: payment.id,
          amountMinor: refund.amountMinor,
          cause: request.cause,
          reason: request.reason,
          stripeRefundId: refund.id,
          actorUid: request.actor?.uid ?? null,
          actorName: request.actor?.name ?? null,
        })
    if (recorded) await afterRecorded?.(tx)
    return recorded
  })
}

/** Refund errors Stripe gives every time (its gateway hands them on as the SDK raised them). */
const PERMANENT_REFUSALS = new Set([
  'amount_too_large',
  'charge_already_refunded',
  'charge_not_refundable',
  'charge_disputed',
])

/** Refusals that mean Stripe holds less of the payment than we counted. */
export const TOO_LARGE_REFUSALS: ReadonlySet<string> = new Set([
  'amount_too_large',
  'charge_already_refunded',
])

/**
 * Stripe's refusal when it refused the refund for good, else null (an outage, a conflict of
 * concurrent requests with one idempotency key, or not Stripe's error at all: worth a retry).
 * Read by shape: only `server/payments/` may know the SDK's classes.
 */
export function stripeRefusal(error: unknown): { code: string; message: string } | null {
  if (typeof error !== 'object' || error === null) return null
  const { rawType, code, message } = error as {
    rawType?: unknown
    code?: unknown
    message?: unknown
  }
  if (rawType !== 'invalid_request_error' || typeof code !== 'string') return null
  if (!PERMANENT_REFUSALS.has(code)) return null
  return { code, message: typeof message === 'string' ? message : code }
}
