import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database, Db } from '../../db/database.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
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
import type { Actor } from '../../domain/member.ts'
import { summarisePayments } from '../../domain/payment-state.ts'
import { invalidField } from '../../domain/refusal.ts'
import type { AppointmentNotifier } from '../../notifications/appointment-notifier.ts'
import type { ConnectGateway } from '../../payments/connect-gateway.ts'
import { appointmentNotFound } from '../booking/booking-lookups.ts'
import type { StoredAnswers } from '../public/idempotency.ts'
import { createOwedRefunds, money } from './owed-refunds.ts'
import { createStaffRefunds } from './staff-refunds.ts'

type AppointmentPayments = components['schemas']['AppointmentPayments']

/** What a cancellation did with the money held: given back (owed until Stripe made it) or kept. */
export interface CancellationMoney {
  refundMinor: number
  keptMinor: number
  currency: string
}

/** Payments a cancellation gives back: money taken at booking, not a later no-show fee. */
const heldAtBooking = (payment: PaymentRow) =>
  payment.status === 'succeeded' && (payment.kind === 'prepayment' || payment.kind === 'deposit')

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
      throw invalidField('body.keep_payment', decision.refusal)
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
  /** How the edge answers errors, for the answers kept per Idempotency-Key. */
  answers: StoredAnswers
}) {
  const { database, gateway, notifier } = deps
  const owedRefunds = createOwedRefunds({ database, gateway })

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

  const staffRefunds = createStaffRefunds({
    database,
    gateway,
    notifier,
    owedRefunds,
    view: (tenantId, appointmentId) => view(database.db, tenantId, appointmentId),
    answers: deps.answers,
  })

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
          // A staff refund's reservation is its own request's to make.
          if (refund.stripeRefundId === null && refund.cause !== 'staff') {
            await owedRefunds.settle(refund, payment)
          }
        }
      }
    },

    /** The payment job: every business's owed refunds, oldest first, a batch a run. */
    async settleAllOwed(limit = 50): Promise<{ made: number; owed: number; dropped: number }> {
      const report = { made: 0, owed: 0, dropped: 0 }
      for (const { refund, payment } of await createRefundRepository(database.db).owed({
        limit,
      })) {
        report[await owedRefunds.settle(refund, payment)] += 1
      }
      return report
    },

    /** A staff refund of one payment of the appointment, whole or part (`staff-refunds.ts`). */
    refund: staffRefunds.refund,
  }
}
