import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database, Db } from '../../db/database.ts'
import { loadAppointmentDetails } from '../../db/read-models/appointment-details.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import {
  createPaymentRepository,
  type PaymentRow,
  stripeAccountOf,
} from '../../db/repositories/payment-repository.ts'
import { createServiceRepository } from '../../db/repositories/service-repository.ts'
import type { Actor } from '../../domain/member.ts'
import { conflict, forbidden, Refusal, unavailable } from '../../domain/refusal.ts'
import type { AppointmentNotifier } from '../../notifications/appointment-notifier.ts'
import { formatMoney } from '../../notifications/messages.ts'
import type { ConnectGateway, OffSessionCharge } from '../../payments/connect-gateway.ts'
import { StripeUnavailableError } from '../../payments/stripe-sdk.ts'
import { notifyAppointmentChange } from '../../realtime/live-events.ts'
import { appointmentNotFound } from '../booking/booking-lookups.ts'
import { createIdempotency, type StoredAnswers } from '../public/idempotency.ts'
import { paymentsUnavailable } from './stripe-refusals.ts'

type NoShowFee = components['schemas']['NoShowFee']

export interface NoShowFeeServiceDeps {
  database: Database
  /** Absent when Stripe is not configured: nothing can be charged (503). */
  gateway: ConnectGateway | undefined
  notifier: AppointmentNotifier
  /** How the edge answers errors, for the answers kept per Idempotency-Key. */
  answers: StoredAnswers
}

/** Who asks: their business, and whose appointments they may charge (null: anyone's). */
export interface FeeCharger {
  tenantId: string
  onlyTeamMemberId: string | null
  actor: Actor
}

/** What a charge works from: the kept card, the fee, and an attempt to resume or a new one. */
interface Attempt {
  payment: PaymentRow
  card: PaymentRow
}

export type NoShowFeeService = ReturnType<typeof createNoShowFeeService>

/**
 * The no-show fee: charged off-session to the card kept at booking, on the business's
 * connected account, once per appointment, and only when staff ask for it.
 *
 * An attempt is a `no_show_fee` payment written `pending` (under the appointment's lock, with
 * a unique index allowing one pending or succeeded fee per appointment), then charged outside
 * any transaction with the payment's id as Stripe's idempotency key, then recorded under the
 * payment's lock: `succeeded` (the customer is e-mailed) or `failed` with Stripe's reason. A
 * decline is final for that attempt; nothing retries it, staff start a new one. An attempt
 * left `pending` (Stripe did not answer, or the process died) is resumed by the next request
 * with the same idempotency key, so Stripe answers it with the charge it already made, if it
 * made one: the fee is never taken twice.
 */
export function createNoShowFeeService(deps: NoShowFeeServiceDeps) {
  const { database, gateway, notifier } = deps
  const idempotency = createIdempotency(database, deps.answers)

  async function view(db: Db, tenantId: string, appointmentId: string): Promise<NoShowFee> {
    const appointment = await createAppointmentRepository(db).find(tenantId, appointmentId)
    if (!appointment) throw appointmentNotFound()
    const payments = createPaymentRepository(db)
    const fees = await payments.noShowFees(tenantId, appointmentId)
    const latest = fees[0]
    const charged = fees.find((fee) => fee.status === 'succeeded')
    const none = { failure_message: null, charged_at: null }
    if (charged) {
      return {
        ...none,
        state: 'charged',
        amount_minor: charged.amountMinor,
        currency: charged.currency,
        charged_at: charged.paidAt?.toISOString() ?? null,
      }
    }
    const card = await payments.keptCard(tenantId, appointmentId)
    if (!card) return { ...none, state: 'no_card', amount_minor: null, currency: null }
    if (latest?.status === 'pending') {
      return {
        ...none,
        state: 'charging',
        amount_minor: latest.amountMinor,
        currency: latest.currency,
      }
    }
    const service = await createServiceRepository(db).find(tenantId, appointment.serviceId)
    const amount = { amount_minor: service?.noShowFeeMinor ?? null, currency: card.currency }
    if (appointment.status !== 'no_show') return { ...none, ...amount, state: 'not_a_no_show' }
    if (latest?.status === 'failed') {
      return { ...none, ...amount, state: 'declined', failure_message: latest.failureMessage }
    }
    return { ...none, ...amount, state: 'chargeable' }
  }

  /**
   * Under the appointment's lock: refuses what may not be charged, and answers the attempt to
   * charge: the one left pending, or a new one.
   */
  async function begin(charger: FeeCharger, appointmentId: string): Promise<Attempt> {
    const { tenantId } = charger
    return database.transaction(async (tx) => {
      const appointment = await createAppointmentRepository(tx).find(tenantId, appointmentId, {
        lock: true,
      })
      if (!appointment) throw appointmentNotFound()
      if (
        charger.onlyTeamMemberId !== null &&
        appointment.teamMemberId !== charger.onlyTeamMemberId
      ) {
        throw forbidden(
          "You don't have permission to charge fees for other team members' appointments.",
        )
      }
      const payments = createPaymentRepository(tx)
      const fees = await payments.noShowFees(tenantId, appointmentId)
      const charged = fees.find((fee) => fee.status === 'succeeded')
      if (charged) {
        throw conflict(
          'The no-show fee of this appointment was already charged; it is never charged twice.',
          { type: '/problems/no-show-fee-charged' },
        )
      }
      const card = await payments.keptCard(tenantId, appointmentId)
      if (!card) {
        throw conflict(
          'No card was kept when this appointment was booked, so there is no no-show fee to charge.',
        )
      }
      const pending = fees.find((fee) => fee.status === 'pending')
      if (pending) return { payment: pending, card }
      if (appointment.status !== 'no_show') {
        throw conflict('Only an appointment marked as a no-show can be charged its no-show fee.')
      }
      const service = await createServiceRepository(tx).find(tenantId, appointment.serviceId)
      const fee = service?.noShowFeeMinor ?? null
      if (fee === null || fee < 1) {
        throw conflict('The service no longer has a no-show fee, so there is nothing to charge.')
      }
      const payment = await payments.insertPending({
        tenantId,
        appointmentId,
        kind: 'no_show_fee',
        amountMinor: fee,
        currency: card.currency,
        stripeAccountId: stripeAccountOf(card),
        stripeCustomerId: card.stripeCustomerId,
        stripePaymentMethodId: card.stripePaymentMethodId,
      })
      return { payment, card }
    })
  }

  /** Writes what Stripe answered, once: a second run finds the payment no longer pending. */
  async function record(
    charger: FeeCharger,
    payment: PaymentRow,
    outcome: OffSessionCharge,
  ): Promise<void> {
    const { tenantId } = charger
    await database.transaction(async (tx) => {
      const payments = createPaymentRepository(tx)
      const current = await payments.find(tenantId, payment.id, { lock: true })
      if (current?.status !== 'pending') return
      const details = await loadAppointmentDetails(tx, tenantId, payment.appointmentId)
      if (!details) throw new Error(`Appointment ${payment.appointmentId} vanished mid-charge.`)
      const amount = formatMoney(payment.amountMinor, payment.currency, details.business.locale)
      const activity = createActivityRepository(tx)
      if (outcome.outcome === 'succeeded') {
        await payments.markSucceeded(tenantId, payment.id, {
          paymentIntentId: outcome.paymentIntentId,
          customerId: payment.stripeCustomerId,
          paymentMethodId: payment.stripePaymentMethodId,
          paidAt: new Date(),
        })
        await activity.record({
          tenantId,
          actor: charger.actor,
          entityType: 'appointment',
          entityId: payment.appointmentId,
          action: 'updated',
          summary: `Charged ${details.customer.name} the no-show fee of ${amount} (${details.serviceName}).`,
        })
        await notifier.noShowFeeCharged(tx, tenantId, payment.appointmentId, {
          amountMinor: payment.amountMinor,
          currency: payment.currency,
        })
      } else {
        await payments.markFailed(tenantId, payment.id, {
          paymentIntentId: outcome.paymentIntentId,
          message: outcome.reason,
        })
        await activity.record({
          tenantId,
          actor: charger.actor,
          entityType: 'appointment',
          entityId: payment.appointmentId,
          action: 'updated',
          summary: `The no-show fee of ${amount} for ${details.customer.name} was declined: ${outcome.reason}`,
        })
      }
      await notifyAppointmentChange(tx, {
        tenantId,
        type: 'appointment.updated',
        appointmentId: payment.appointmentId,
      })
    })
  }

  async function charge(charger: FeeCharger, appointmentId: string): Promise<NoShowFee> {
    const stripe = gateway
    if (!stripe) {
      throw paymentsUnavailable()
    }
    const { payment, card } = await begin(charger, appointmentId)
    let outcome: OffSessionCharge
    try {
      outcome = await stripe.chargeOffSession({
        accountId: stripeAccountOf(payment),
        customerId: payment.stripeCustomerId ?? card.stripeCustomerId ?? '',
        paymentMethodId: payment.stripePaymentMethodId ?? card.stripePaymentMethodId ?? '',
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        description: 'No-show fee',
        metadata: {
          business_id: payment.tenantId,
          appointment_id: payment.appointmentId,
          payment_id: payment.id,
        },
        idempotencyKey: `slotwise-no-show-fee-${payment.id}`,
      })
    } catch (error) {
      if (!(error instanceof StripeUnavailableError)) throw error
      // Left pending: the next request resumes this attempt under the same Stripe key.
      throw unavailable(
        'Stripe did not answer, so it is not known yet whether the fee was charged. Try again in a minute: the fee is never charged twice.',
        { retryAfterSeconds: 60, type: '/problems/payments-unavailable', cause: error },
      )
    }
    await record(charger, payment, outcome)
    if (outcome.outcome === 'failed') {
      throw new Refusal('payment-required', `The card was declined: ${outcome.reason}`, {
        type: '/problems/card-declined',
      })
    }
    return view(database.db, charger.tenantId, appointmentId)
  }

  return {
    /** Where the appointment's no-show fee stands, for the appointment dialog. */
    async fee(tenantId: string, appointmentId: string): Promise<NoShowFee> {
      return view(database.db, tenantId, appointmentId)
    },

    /** Charges the fee once per Idempotency-Key: a repeat replays the first answer. */
    async chargeFee(
      charger: FeeCharger,
      appointmentId: string,
      idempotencyKey: string | undefined,
    ): Promise<NoShowFee> {
      const outcome = await idempotency.run<NoShowFee>(
        {
          tenantId: charger.tenantId,
          scope: `no-show-fee:${appointmentId}`,
          key: idempotencyKey,
          body: {},
        },
        async () => ({ status: 200, body: await charge(charger, appointmentId) }),
      )
      return outcome.body
    },
  }
}
