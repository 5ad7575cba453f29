import { createHash } from 'node:crypto'
import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database, Db } from '../../db/database.ts'
import { type Actor, createActivityRepository } from '../../db/repositories/activity-repository.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import {
  createPaymentRepository,
  type PaymentRow,
} from '../../db/repositories/payment-repository.ts'
import {
  createRefundRepository,
  isOwed,
  type RefundRow,
} from '../../db/repositories/refund-repository.ts'
import { createSettingsRepository } from '../../db/repositories/settings-repository.ts'
import { cancelRefusal } from '../../domain/appointment-status.ts'
import {
  type CancellationBy,
  cancellationRefund,
  fullRefundDeadline,
} from '../../domain/cancellation-refund.ts'
import { summarisePayments } from '../../domain/payment-state.ts'
import { HttpProblem } from '../../http/problem.ts'
import type { AppointmentNotifier } from '../../notifications/appointment-notifier.ts'
import { formatMoney } from '../../notifications/messages.ts'
import type { ConnectGateway } from '../../payments/connect-gateway.ts'
import { StripeUnavailableError } from '../../payments/stripe-sdk.ts'
import { notifyAppointmentChange } from '../../realtime/live-events.ts'
import { appointmentNotFound } from '../booking-service.ts'
import { createIdempotency } from '../public/idempotency.ts'
import { refundPayment } from './payment-refunds.ts'
import { refundAtTill, tooMuch } from './till-refunds.ts'

type AppointmentPayments = components['schemas']['AppointmentPayments']
type RefundInput = components['schemas']['RefundInput']

/** What a cancellation did with the money held: given back (owed until Stripe made it) or kept. */
export interface CancellationMoney {
  refundMinor: number
  keptMinor: number
  currency: string
}

/** Payments a cancellation gives back: money taken at booking, not a later no-show fee. */
const heldAtBooking = (payment: PaymentRow) =>
  payment.status === 'succeeded' && (payment.kind === 'prepayment' || payment.kind === 'deposit')

/** Staff read money in the app's English; the amount in its currency's own decimals. */
const money = (amountMinor: number, currency: string) => formatMoney(amountMinor, currency, 'en')

/**
 * Decides, in the cancellation's transaction, what it gives back of the money taken at
 * booking (`cancellationRefund`), and writes that refund as owed: the decision commits with
 * the cancellation, whatever Stripe does next. `settleOwed` (right after the commit, and the
 * payment job until Stripe answers) makes it. Answers null when nothing was held.
 */
export async function oweCancellationRefund(
  tx: Db,
  request: {
    tenantId: string
    appointmentId: string
    startsAt: Date
    who: CancellationBy
    reason: string
    actor: Actor | null
    now: number
  },
): Promise<CancellationMoney | null> {
  const { tenantId, appointmentId } = request
  const refunds = createRefundRepository(tx)
  const payments = createPaymentRepository(tx)
  const held = (await refunds.ofAppointment(tenantId, appointmentId))
    .map(({ payment }) => payment)
    .filter(heldAtBooking)
  if (held.length === 0) return null
  const { cancellationCutoffMinutes } = await createSettingsRepository(tx).get(tenantId)
  let refundMinor = 0
  let keptMinor = 0
  for (const found of held) {
    // Under the payment's lock, so a staff refund of it meanwhile is counted.
    const payment = (await payments.find(tenantId, found.id, { lock: true })) ?? found
    const owed = await refunds.owedMinor(tenantId, payment.id)
    const decision = cancellationRefund(
      {
        leftMinor: payment.amountMinor - payment.refundedAmountMinor - owed,
        startsAt: request.startsAt.getTime(),
        cancellationCutoffMinutes,
      },
      request.who,
      request.now,
    )
    if ('refusal' in decision) {
      throw new HttpProblem(400, `body.keep_payment ${decision.refusal}.`, {
        errors: [{ path: 'body.keep_payment', message: decision.refusal }],
      })
    }
    refundMinor += decision.refundMinor
    keptMinor += decision.keptMinor
    if (decision.refundMinor > 0) {
      await refunds.insertOwed({
        tenantId,
        paymentId: payment.id,
        amountMinor: decision.refundMinor,
        cause: 'cancellation',
        reason: request.reason,
        actorUid: request.actor?.uid ?? null,
        actorName: request.actor?.name ?? null,
      })
    }
  }
  const currency = held[0]?.currency ?? 'USD'
  if (keptMinor > 0) {
    await createActivityRepository(tx).record({
      tenantId,
      actor: request.actor,
      entityType: 'appointment',
      entityId: appointmentId,
      action: 'updated',
      summary: `Kept ${money(keptMinor, currency)} of the payment: cancelled after the cancellation cut-off`,
    })
  }
  return { refundMinor, keptMinor, currency }
}

export type AppointmentRefundService = ReturnType<typeof createAppointmentRefundService>

/**
 * An appointment's money for staff: its payments and refunds, staff refunds (whole or part,
 * with a reason, once per Idempotency-Key), and the making of refunds cancellations owe.
 */
export function createAppointmentRefundService(deps: {
  database: Database
  /** Absent when Stripe is not set up: owed refunds wait, staff refunds answer 503. */
  gateway: ConnectGateway | undefined
  notifier: AppointmentNotifier
}) {
  const { database, gateway, notifier } = deps
  const idempotency = createIdempotency(database)

  async function view(db: Db, tenantId: string, appointmentId: string, now = Date.now()) {
    const appointment = await createAppointmentRepository(db).find(tenantId, appointmentId)
    if (!appointment) throw appointmentNotFound()
    const rows = await createRefundRepository(db).ofAppointment(tenantId, appointmentId)
    const owedOf = (payment: PaymentRow, refunds: RefundRow[]) =>
      refunds
        .filter((refund) => isOwed(refund, payment))
        .reduce((sum, refund) => sum + refund.amountMinor, 0)
    const payments = rows.map(({ payment, refunds }) => ({
      id: payment.id,
      kind: payment.kind,
      method: payment.method,
      status: payment.status,
      amount_minor: payment.amountMinor,
      refunded_minor: payment.refundedAmountMinor,
      refundable_minor:
        payment.status === 'succeeded'
          ? Math.max(
              0,
              payment.amountMinor - payment.refundedAmountMinor - owedOf(payment, refunds),
            )
          : 0,
      currency: payment.currency,
      paid_at: payment.paidAt?.toISOString() ?? null,
      failure_message: payment.failureMessage,
      refunds: refunds.map((refund) => ({
        id: refund.id,
        amount_minor: refund.amountMinor,
        cause: refund.cause,
        reason: refund.reason,
        by: refund.actorName,
        created_at: refund.createdAt.toISOString(),
        status: isOwed(refund, payment) ? ('owed' as const) : ('refunded' as const),
      })),
    }))
    const summary = summarisePayments(rows.map(({ payment }) => payment))
    const held = rows
      .filter(({ payment }) => heldAtBooking(payment))
      .reduce(
        (sum, { payment, refunds }) =>
          sum + payment.amountMinor - payment.refundedAmountMinor - owedOf(payment, refunds),
        0,
      )
    let cancellation: AppointmentPayments['cancellation'] = null
    if (held > 0 && cancelRefusal(appointment.status) === null) {
      const { cancellationCutoffMinutes } = await createSettingsRepository(db).get(tenantId)
      const facts = {
        leftMinor: held,
        startsAt: appointment.startsAt.getTime(),
        cancellationCutoffMinutes,
      }
      const decision = cancellationRefund(facts, { by: 'business', keepPayment: false }, now)
      if (!('refusal' in decision)) {
        cancellation = {
          refund_minor: decision.refundMinor,
          keepable_minor: decision.pastCutoff ? held : 0,
          full_refund_until: new Date(
            fullRefundDeadline(facts.startsAt, cancellationCutoffMinutes),
          ).toISOString(),
        }
      }
    }
    return {
      summary: summary
        ? {
            state: summary.state,
            paid_minor: summary.paidMinor,
            refunded_minor: summary.refundedMinor,
          }
        : null,
      currency: rows[0]?.payment.currency ?? null,
      payments,
      cancellation,
    } satisfies AppointmentPayments
  }

  /** The activity entry of a refund Stripe made, and the live update of the appointment. */
  async function recordMade(
    tx: Db,
    payment: PaymentRow,
    refund: { amountMinor: number; cause: string; reason: string; actor: Actor | null },
  ) {
    const after = payment.refundedAmountMinor + refund.amountMinor
    const why =
      refund.cause === 'cancellation' ? `cancelled: ${refund.reason}` : `reason: ${refund.reason}`
    await createActivityRepository(tx).record({
      tenantId: payment.tenantId,
      actor: refund.actor,
      entityType: 'appointment',
      entityId: payment.appointmentId,
      action: 'updated',
      summary: `Refunded ${money(refund.amountMinor, payment.currency)} of the payment (${why})`,
      changes: [{ field: 'refunded_amount_minor', before: payment.refundedAmountMinor, after }],
    })
    await notifyAppointmentChange(tx, {
      tenantId: payment.tenantId,
      type: 'appointment.updated',
      appointmentId: payment.appointmentId,
    })
  }

  /**
   * Asks Stripe for one owed refund and records it. An outage leaves it owed for the next
   * try; a refusal Stripe will repeat forever (nothing left to refund on its side, say) drops
   * it and tells staff in the activity log, where they can refund by hand.
   */
  async function settle(
    refund: RefundRow,
    payment: PaymentRow,
  ): Promise<'made' | 'owed' | 'dropped'> {
    if (!gateway) return 'owed'
    const actor = refund.actorUid
      ? { uid: refund.actorUid, name: refund.actorName, email: null }
      : null
    try {
      await refundPayment(
        { database, gateway },
        {
          payment,
          amountMinor: refund.amountMinor,
          cause: refund.cause,
          reason: refund.reason,
          idempotencyKey: `slotwise-refund-${refund.id}`,
          owedRefundId: refund.id,
        },
        async (tx) => {
          const current = await createPaymentRepository(tx).find(payment.tenantId, payment.id)
          // `current` already counts this refund; the entry shows the total before and after.
          await recordMade(
            tx,
            {
              ...payment,
              refundedAmountMinor: (current?.refundedAmountMinor ?? 0) - refund.amountMinor,
            },
            { ...refund, actor },
          )
        },
      )
      return 'made'
    } catch (error) {
      const refusal = stripeRefusal(error)
      if (!refusal) {
        if (error instanceof StripeUnavailableError) return 'owed'
        throw error
      }
      await database.transaction(async (tx) => {
        if (!(await createRefundRepository(tx).dropOwed(payment.tenantId, refund.id))) return
        await createActivityRepository(tx).record({
          tenantId: payment.tenantId,
          actor: null,
          entityType: 'appointment',
          entityId: payment.appointmentId,
          action: 'updated',
          summary: `Stripe refused the refund of ${money(refund.amountMinor, payment.currency)} owed on cancellation (${refusal}); refund it by hand if it is still owed`,
        })
      })
      return 'dropped'
    }
  }

  return {
    /** The appointment's payments and refunds, and what cancelling it now gives back. */
    view: (tenantId: string, appointmentId: string) => view(database.db, tenantId, appointmentId),

    /**
     * Makes the refunds the appointment's cancellation owes, right after it committed. Never
     * throws for Stripe: the cancellation stands, and the payment job tries again.
     */
    async settleOwed(tenantId: string, appointmentId: string): Promise<void> {
      const rows = await createRefundRepository(database.db).ofAppointment(tenantId, appointmentId)
      for (const { payment, refunds } of rows) {
        for (const refund of refunds) {
          if (refund.stripeRefundId === null) await settle(refund, payment)
        }
      }
    },

    /** The payment job: every business's owed refunds, oldest first, a batch a run. */
    async settleAllOwed(limit = 50): Promise<{ made: number; owed: number; dropped: number }> {
      const report = { made: 0, owed: 0, dropped: 0 }
      for (const { refund, payment } of await createRefundRepository(database.db).owed({
        limit,
      })) {
        report[await settle(refund, payment)] += 1
      }
      return report
    },

    /**
     * A staff refund of one payment of the appointment, whole or part. Checked against what
     * is left (refunds made and owed), asked of Stripe once per Idempotency-Key (its key is
     * derived from ours and the body, so a retry after an outage is the same refund), then
     * recorded with the activity entry and the customer's e-mail.
     */
    async refund(
      staff: { tenantId: string; actor: Actor },
      target: { appointmentId: string; paymentId: string },
      input: RefundInput,
      idempotencyKey: string,
    ): Promise<AppointmentPayments> {
      const { tenantId, actor } = staff
      const reason = input.reason.trim()
      if (!reason) {
        throw new HttpProblem(400, 'body.reason must not be blank.', {
          errors: [{ path: 'body.reason', message: 'must not be blank' }],
        })
      }
      const outcome = await idempotency.run<AppointmentPayments>(
        { tenantId, scope: `refund:${target.paymentId}`, key: idempotencyKey, body: input },
        async () => {
          const payment = await createPaymentRepository(database.db).find(
            tenantId,
            target.paymentId,
          )
          if (!payment || payment.appointmentId !== target.appointmentId) {
            throw new HttpProblem(404, 'This appointment has no such payment.')
          }
          if (payment.status !== 'succeeded' || payment.amountMinor === 0) {
            const message =
              payment.status === 'succeeded'
                ? 'is a card kept on file: nothing was charged to refund'
                : `is ${payment.status}, not paid: nothing was charged to refund`
            throw new HttpProblem(409, `path.paymentId ${message}.`, {
              errors: [{ path: 'path.paymentId', message }],
            })
          }
          if (payment.kind === 'in_person') {
            await refundAtTill(database, { tenantId, actor }, payment, {
              amountMinor: input.amount_minor,
              reason,
            })
            return { status: 201, body: await view(database.db, tenantId, target.appointmentId) }
          }
          const owed = await createRefundRepository(database.db).owedMinor(tenantId, payment.id)
          const left = payment.amountMinor - payment.refundedAmountMinor - owed
          if (input.amount_minor > left) throw tooMuch(left, payment.currency)
          if (!gateway) {
            throw new HttpProblem(503, 'Payments are not available on this server right now.', {
              headers: { 'retry-after': '60' },
              type: '/problems/payments-unavailable',
            })
          }
          const key = createHash('sha256')
            .update(`${tenantId}\n${idempotencyKey}\n${input.amount_minor}\n${input.reason}`)
            .digest('hex')
          try {
            await refundPayment(
              { database, gateway },
              {
                payment,
                amountMinor: input.amount_minor,
                cause: 'staff',
                reason,
                idempotencyKey: `slotwise-staff-refund-${payment.id}-${key}`,
                actor: { uid: actor.uid, name: actor.name ?? actor.email ?? actor.uid },
              },
              async (tx) => {
                const current = await createPaymentRepository(tx).find(tenantId, payment.id)
                const before = (current?.refundedAmountMinor ?? 0) - input.amount_minor
                await recordMade(
                  tx,
                  { ...payment, refundedAmountMinor: before },
                  { amountMinor: input.amount_minor, cause: 'staff', reason, actor },
                )
                await notifier.refunded(tx, tenantId, payment.appointmentId, {
                  amountMinor: input.amount_minor,
                  currency: payment.currency,
                })
              },
            )
          } catch (error) {
            if (error instanceof StripeUnavailableError) {
              throw new HttpProblem(
                503,
                'Stripe did not answer, so nothing was refunded; please try again in a minute.',
                { headers: { 'retry-after': '60' }, cause: error },
              )
            }
            const refusal = stripeRefusal(error)
            if (refusal) {
              throw new HttpProblem(409, `body.amount_minor ${refusal}.`, {
                errors: [{ path: 'body.amount_minor', message: refusal }],
              })
            }
            throw error
          }
          return { status: 201, body: await view(database.db, tenantId, target.appointmentId) }
        },
      )
      return outcome.body
    },
  }
}

/** Refund errors Stripe gives every time (its gateway hands them on as the SDK raised them). */
const PERMANENT_REFUSALS = new Set([
  'amount_too_large',
  'charge_already_refunded',
  'charge_not_refundable',
  'charge_disputed',
])

/**
 * Stripe's message when it refused the refund for good, else null (an outage, a conflict of
 * concurrent requests with one idempotency key, or not Stripe's error at all: worth a retry).
 * Read by shape: only `server/payments/` may know the SDK's classes.
 */
function stripeRefusal(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null
  const { rawType, code, message } = error as {
    rawType?: unknown
    code?: unknown
    message?: unknown
  }
  if (rawType !== 'invalid_request_error' || typeof code !== 'string') return null
  if (!PERMANENT_REFUSALS.has(code)) return null
  return typeof message === 'string' ? message : code
}
