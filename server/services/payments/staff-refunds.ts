import { createHash } from 'node:crypto'
import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database } from '../../db/database.ts'
import { createPaymentRepository } from '../../db/repositories/payment-repository.ts'
import { createRefundRepository } from '../../db/repositories/refund-repository.ts'
import type { Actor } from '../../domain/member.ts'
import { conflict, invalidField, notFound, unavailable } from '../../domain/refusal.ts'
import type { AppointmentNotifier } from '../../notifications/appointment-notifier.ts'
import type { ConnectGateway } from '../../payments/connect-gateway.ts'
import { StripeUnavailableError } from '../../payments/stripe-sdk.ts'
import { createIdempotency, type StoredAnswers } from '../public/idempotency.ts'
import { type OwedRefunds, owedRefundKey } from './owed-refunds.ts'
import { refundPayment, stripeRefusal } from './payment-refunds.ts'
import { paymentsUnavailable } from './stripe-refusals.ts'
import { refundAtTill, tooMuch } from './till-refunds.ts'

type AppointmentPayments = components['schemas']['AppointmentPayments']
type RefundInput = components['schemas']['RefundInput']

/**
 * A staff refund's row id, derived from the request (business, Idempotency-Key, payment and
 * body): a retry after an outage or a crash finds the same row and asks Stripe under the same
 * key, so it is one refund on Stripe whichever process finishes it.
 */
function reservationId(tenantId: string, key: string, paymentId: string, input: RefundInput) {
  const hex = createHash('sha256')
    .update(`${tenantId}\n${key}\n${paymentId}\n${input.amount_minor}\n${input.reason}`)
    .digest('hex')
  // A name-based (version 5) UUID's layout.
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * Staff refunds of a payment, whole or part, once per Idempotency-Key. What is left is read
 * under the payment's lock, and the amount is reserved there as an owed refund before Stripe
 * is asked: a cancellation racing it counts the reservation and owes only the rest, whichever
 * commits first. Then Stripe makes it and it is recorded with the activity entry and the
 * customer's e-mail. An outage or a refusal lets the reservation go.
 */
export function createStaffRefunds(deps: {
  database: Database
  gateway: ConnectGateway | undefined
  notifier: AppointmentNotifier
  owedRefunds: OwedRefunds
  view: (tenantId: string, appointmentId: string) => Promise<AppointmentPayments>
  answers: StoredAnswers
}) {
  const { database, gateway, notifier, owedRefunds, view } = deps
  const idempotency = createIdempotency(database, deps.answers)

  /**
   * Reserves the amount under the payment's lock, or finds this request's earlier reservation.
   * Money taken at the till is given back there and then: no reservation, Stripe never asked.
   */
  function reserve(
    staff: { tenantId: string; actor: Actor },
    target: { appointmentId: string; paymentId: string },
    input: RefundInput & { reason: string },
    idempotencyKey: string,
  ) {
    const { tenantId, actor } = staff
    return database.transaction(async (tx) => {
      const payment = await createPaymentRepository(tx).find(tenantId, target.paymentId, {
        lock: true,
      })
      if (!payment || payment.appointmentId !== target.appointmentId) {
        throw notFound('This appointment has no such payment.')
      }
      if (payment.status !== 'succeeded' || payment.amountMinor === 0) {
        const message =
          payment.status === 'succeeded'
            ? 'is a card kept on file: nothing was charged to refund'
            : `is ${payment.status}, not paid: nothing was charged to refund`
        throw conflict(`path.paymentId ${message}.`, {
          errors: [{ path: 'path.paymentId', message }],
        })
      }
      if (payment.kind === 'in_person') {
        await refundAtTill(tx, staff, payment, {
          amountMinor: input.amount_minor,
          reason: input.reason,
        })
        return { payment, reservation: null }
      }
      const refunds = createRefundRepository(tx)
      const id = reservationId(tenantId, idempotencyKey, payment.id, input)
      const earlier = await refunds.find(tenantId, id)
      if (earlier) return { payment, reservation: earlier }
      const left =
        payment.amountMinor -
        payment.refundedAmountMinor -
        (await refunds.owedMinor(tenantId, payment.id))
      if (input.amount_minor > left) throw tooMuch(left, payment.currency)
      if (!gateway) {
        throw paymentsUnavailable()
      }
      const reservation = await refunds.insertOwed({
        id,
        tenantId,
        paymentId: payment.id,
        amountMinor: input.amount_minor,
        cause: 'staff',
        reason: input.reason,
        actorUid: actor.uid,
        actorName: actor.name ?? actor.email ?? actor.uid,
      })
      return { payment, reservation }
    })
  }

  async function letGo(tenantId: string, refundId: string) {
    await createRefundRepository(database.db).dropOwed(tenantId, refundId)
  }

  return {
    async refund(
      staff: { tenantId: string; actor: Actor },
      target: { appointmentId: string; paymentId: string },
      input: RefundInput,
      idempotencyKey: string,
    ): Promise<AppointmentPayments> {
      const { tenantId, actor } = staff
      const reason = input.reason.trim()
      if (!reason) {
        throw invalidField('body.reason', 'must not be blank')
      }
      const outcome = await idempotency.run<AppointmentPayments>(
        { tenantId, scope: `refund:${target.paymentId}`, key: idempotencyKey, body: input },
        async () => {
          const { payment, reservation } = await reserve(
            staff,
            target,
            { ...input, reason },
            idempotencyKey,
          )
          if (reservation === null || reservation.stripeRefundId !== null || !gateway) {
            return { status: 201, body: await view(tenantId, target.appointmentId) }
          }
          try {
            await refundPayment(
              { database, gateway },
              {
                payment,
                amountMinor: reservation.amountMinor,
                cause: 'staff',
                reason,
                idempotencyKey: owedRefundKey(reservation.id),
                owedRefundId: reservation.id,
              },
              async (tx) => {
                const current = await createPaymentRepository(tx).find(tenantId, payment.id)
                const before = (current?.refundedAmountMinor ?? 0) - reservation.amountMinor
                await owedRefunds.recordMade(
                  tx,
                  { ...payment, refundedAmountMinor: before },
                  { amountMinor: reservation.amountMinor, cause: 'staff', reason, actor },
                )
                await notifier.refunded(tx, tenantId, payment.appointmentId, {
                  amountMinor: reservation.amountMinor,
                  currency: payment.currency,
                })
              },
            )
          } catch (error) {
            if (error instanceof StripeUnavailableError) {
              await letGo(tenantId, reservation.id)
              throw unavailable(
                'Stripe did not answer, so nothing was refunded; please try again in a minute.',
                { retryAfterSeconds: 60, cause: error },
              )
            }
            const refusal = stripeRefusal(error)
            if (refusal) {
              await letGo(tenantId, reservation.id)
              throw conflict(`body.amount_minor ${refusal.message}.`, {
                errors: [{ path: 'body.amount_minor', message: refusal.message }],
              })
            }
            // Anything else (the database gone after Stripe answered) keeps the reservation:
            // the payment job finishes it under the same Stripe key.
            throw error
          }
          return { status: 201, body: await view(tenantId, target.appointmentId) }
        },
      )
      return outcome.body
    },
  }
}
