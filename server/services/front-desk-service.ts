import type { components } from '../../shared/contract/schema.d.ts'
import { type CheckoutExtra, type DiscountInput, tillFigures } from '../../shared/till-checkout.ts'
import type { Database } from '../db/database.ts'
import { loadAppointment } from '../db/read-models/appointment-views.ts'
import { createAppointmentRepository } from '../db/repositories/appointment-repository.ts'
import {
  type CheckoutRow,
  createCheckoutRepository,
  type TillMethod,
} from '../db/repositories/checkout-repository.ts'
import {
  checkedInSummary,
  checkedOutSummary,
  checkInUndoneSummary,
} from '../domain/appointment-changes.ts'
import { checkInRefusal, checkoutRefusal } from '../domain/appointment-status.ts'
import { conflict, invalidField } from '../domain/refusal.ts'
import type { AppointmentNotifier } from '../notifications/appointment-notifier.ts'
import { formatMoney } from '../notifications/messages.ts'
import { changeStatus } from './appointment-lifecycle.ts'
import type { StaffWriter } from './appointment-service.ts'
import { appointmentNotFound } from './booking/booking-lookups.ts'

type Appointment = components['schemas']['Appointment']
type CheckoutInput = components['schemas']['CheckoutInput']
type Checkout = components['schemas']['Checkout']
type CheckoutResult = components['schemas']['CheckoutResult']

const METHOD_WORDS: Record<TillMethod, string> = {
  cash: 'cash',
  card_terminal: 'card on the terminal',
  other: 'another way',
}

/**
 * The front desk: checking a customer in when they arrive (and undoing it), and checking the
 * visit out at the till. Everything under the appointment's lock, in one transaction with its
 * activity entry, live update and, for a checkout, the customer's receipt.
 */
export function createFrontDeskService(deps: {
  database: Database
  notifier: AppointmentNotifier
}) {
  const { database, notifier } = deps

  const request = (writer: StaffWriter, appointmentId: string) => ({
    tenantId: writer.tenantId,
    appointmentId,
    onlyTeamMemberId: writer.onlyTeamMemberId,
    actor: writer.actor,
  })

  return {
    /** Marks the customer arrived now; a second check-in keeps the first time. */
    checkIn(writer: StaffWriter, appointmentId: string, now = new Date()): Promise<Appointment> {
      return database.transaction(async (tx) => {
        const row = await createAppointmentRepository(tx).find(writer.tenantId, appointmentId)
        if (!row) throw appointmentNotFound()
        if (row.checkedInAt && row.status === 'confirmed') {
          const same = await loadAppointment(tx, writer.tenantId, appointmentId)
          if (same) return same
        }
        return changeStatus(tx, request(writer, appointmentId), {
          refusal: (locked) => checkInRefusal(locked.status),
          columns: { checkedInAt: now },
          event: 'appointment.updated',
          summary: checkedInSummary,
        })
      })
    },

    /** Clears a check-in made by mistake, while the appointment is still confirmed. */
    undoCheckIn(writer: StaffWriter, appointmentId: string): Promise<Appointment> {
      return database.transaction(async (tx) => {
        const row = await createAppointmentRepository(tx).find(writer.tenantId, appointmentId)
        if (!row) throw appointmentNotFound()
        if (!row.checkedInAt) {
          const same = await loadAppointment(tx, writer.tenantId, appointmentId)
          if (same) return same
        }
        return changeStatus(tx, request(writer, appointmentId), {
          refusal: (locked) =>
            locked.status === 'confirmed'
              ? null
              : 'Only a confirmed appointment’s check-in can be undone; this visit is closed.',
          columns: { checkedInAt: null },
          event: 'appointment.updated',
          summary: checkInUndoneSummary,
        })
      })
    },

    /**
     * Checks the visit out: the figures from the appointment's price, the extras, the discount
     * and what was paid online; the money taken now as an `in_person` payment; the visit
     * completed; the receipt queued. One checkout per appointment (409 after the first).
     */
    async checkout(
      writer: StaffWriter,
      appointmentId: string,
      input: CheckoutInput,
      now = Date.now(),
    ): Promise<CheckoutResult> {
      const discount = discountOf(input)
      const extras: CheckoutExtra[] = (input.extras ?? []).map((extra) => ({
        name: extra.name.trim(),
        quantity: extra.quantity,
        unitPriceMinor: extra.unit_price_minor,
      }))
      const blank = extras.findIndex((extra) => extra.name === '')
      if (blank >= 0) throw invalidField(`body.extras.${blank}.name`, 'must not be blank')
      return database.transaction(async (tx) => {
        const { tenantId } = writer
        const appointments = createAppointmentRepository(tx)
        const row = await appointments.find(tenantId, appointmentId, { lock: true })
        if (!row) throw appointmentNotFound()
        const checkouts = createCheckoutRepository(tx)
        if (await checkouts.ofAppointment(tenantId, appointmentId)) {
          throw conflict('This visit is already checked out.')
        }
        const figures = tillFigures({
          serviceMinor: row.priceMinor,
          extras,
          discount,
          paidBeforeMinor: await checkouts.paidOnlineMinor(tenantId, appointmentId),
          tipMinor: input.tip_minor,
        })
        if (figures.totalMinor < 0) {
          const path = 'percent' in discount ? 'body.discount_percent' : 'body.discount_minor'
          throw invalidField(path, 'must not be more than the service and extras')
        }
        const method = input.method ?? null
        if (figures.paidNowMinor > 0 && method === null) {
          throw invalidField('body.method', 'is required: say how the customer paid')
        }
        const currency = row.currency
        const taken =
          figures.paidNowMinor > 0 && method
            ? `${money(figures.paidNowMinor, currency)} taken by ${METHOD_WORDS[method]}${figures.tipMinor > 0 ? ` (tip ${money(figures.tipMinor, currency)})` : ''}`
            : 'nothing left to pay'
        // The status rules first, under the lock: a cancelled visit is never charged.
        const appointment = await changeStatus(tx, request(writer, appointmentId), {
          refusal: (locked) =>
            checkoutRefusal(locked.status, {
              startsAt: locked.startsAt.getTime(),
              checkedIn: locked.checkedInAt !== null,
              now,
            }),
          columns: { status: 'completed' },
          event: 'appointment.updated',
          summary: (before, timeZone) => checkedOutSummary(before, taken, timeZone),
        })
        const checkout = await checkouts.insert({
          tenantId,
          appointmentId,
          figures,
          extras,
          method: figures.paidNowMinor > 0 ? method : null,
          currency,
          actorUid: writer.actor.uid,
          actorName: writer.actor.name ?? writer.actor.email ?? writer.actor.uid,
        })
        if (input.send_receipt !== false) {
          await notifier.receipt(tx, tenantId, appointmentId, {
            figures,
            extras,
            method: checkout.paymentId ? method : null,
            currency,
          })
        }
        // Read again: the payment summary now counts the money taken.
        const after = (await loadAppointment(tx, tenantId, appointmentId)) ?? appointment
        return { appointment: after, checkout: toCheckout(checkout, figures.totalMinor, method) }
      })
    },
  }
}

function discountOf(input: CheckoutInput): DiscountInput {
  if (input.discount_minor !== undefined && input.discount_percent !== undefined) {
    throw invalidField('body.discount_percent', 'must not be given with discount_minor: choose one')
  }
  if (input.discount_percent !== undefined) return { percent: input.discount_percent }
  return { amountMinor: input.discount_minor ?? 0 }
}

function toCheckout(row: CheckoutRow, totalMinor: number, method: TillMethod | null): Checkout {
  return {
    id: row.id,
    appointment_id: row.appointmentId,
    payment_id: row.paymentId,
    method: row.paymentId ? method : null,
    service_minor: row.serviceMinor,
    extras: row.extras.map((extra) => ({
      name: extra.name,
      quantity: extra.quantity,
      unit_price_minor: extra.unitPriceMinor,
    })),
    extras_minor: row.extrasMinor,
    discount_minor: row.discountMinor,
    total_minor: totalMinor,
    paid_before_minor: row.paidBeforeMinor,
    due_minor: row.paidNowMinor - row.tipMinor,
    tip_minor: row.tipMinor,
    paid_now_minor: row.paidNowMinor,
    currency: row.currency,
    created_at: row.createdAt.toISOString(),
  }
}

const money = (amountMinor: number, currency: string) => formatMoney(amountMinor, currency, 'en')

export type FrontDeskService = ReturnType<typeof createFrontDeskService>
