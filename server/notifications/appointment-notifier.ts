import type { Db } from '../db/database.ts'
import {
  type AppointmentDetails,
  loadAppointmentDetails,
  loadTeamMemberRecipient,
} from '../db/read-models/appointment-details.ts'
import { loadPaidAtBooking, type PaidAtBooking } from '../db/read-models/appointment-payment.ts'
import { createAppointmentNoticeRepository } from '../db/repositories/appointment-notice-repository.ts'
import {
  createOutboxRepository,
  type NewOutboxMessage,
} from '../db/repositories/outbox-repository.ts'
import type { CapabilityTokens } from '../security/capability-tokens.ts'
import { eventOf, factsOf } from './appointment-calendar.ts'
import { customerLinks } from './customer-links.ts'
import { invitationCalendar } from './ics.ts'
import {
  type CancellationMoneyFacts,
  customerMessage,
  latePaymentMessage,
  type NotificationKind,
  noShowFeeMessage,
  type PaymentFacts,
  refundMessage,
  teamMemberMessage,
} from './messages.ts'
import { type ReceiptFacts, receiptMessage } from './receipt-message.ts'

const MINUTE_MS = 60_000

export interface NotifierOptions {
  tokens: CapabilityTokens
  /** The address people open, without a trailing slash. */
  publicUrl: string
}

export type AppointmentNotifier = ReturnType<typeof createAppointmentNotifier>

/**
 * Queues the e-mails about an appointment in the caller's transaction, so they exist exactly
 * when the change they tell of commits; the outbox job delivers them.
 *
 * Who is written to: the team member whenever they have an e-mail address; the customer when
 * they have one and the business's `confirmation_email` setting is on. That one setting covers
 * every e-mail to customers about their booking (confirmation, move, cancellation): a business
 * that turned confirmations off talks to its customers itself, and a cancellation of a booking
 * the customer never heard of from us would only confuse. Reminders have their own setting
 * and go to the customer alone.
 */
export function createAppointmentNotifier({ tokens, publicUrl }: NotifierOptions) {
  const linksOf = (details: AppointmentDetails) =>
    customerLinks({ publicUrl, tokens }, { id: details.id, businessSlug: details.business.slug })

  /**
   * One outbox row: the message of this kind and the invitation for the recipient's calendar
   * (METHOD:CANCEL with the cancelled event for a cancellation, else REQUEST).
   */
  function row(
    details: AppointmentDetails,
    kind: NotificationKind,
    recipient: 'customer' | 'team_member',
    toAddress: string,
    now: number,
    payment: PaymentFacts | null = null,
    cancellationMoney: CancellationMoneyFacts | null = null,
  ): NewOutboxMessage {
    const links = linksOf(details)
    const facts = { ...factsOf(details, links), payment, cancellationMoney }
    const message =
      recipient === 'customer' ? customerMessage(kind, facts) : teamMemberMessage(kind, facts)
    const event = eventOf(details, recipient, {
      publicUrl,
      stamp: new Date(now),
      manageUrl: links.manageUrl,
    })
    const method = kind === 'cancellation' ? 'CANCEL' : 'REQUEST'
    return {
      tenantId: details.tenantId,
      appointmentId: details.id,
      kind,
      recipient,
      toAddress,
      subject: message.subject,
      bodyText: message.text,
      ics: invitationCalendar(method, event),
    }
  }

  const toCustomer = (
    details: AppointmentDetails,
    kind: NotificationKind,
    now: number,
    payment: PaymentFacts | null = null,
    cancellationMoney: CancellationMoneyFacts | null = null,
  ) =>
    details.customer.email && details.business.confirmationEmail
      ? [row(details, kind, 'customer', details.customer.email, now, payment, cancellationMoney)]
      : []
  const toMember = (
    details: AppointmentDetails,
    kind: NotificationKind,
    now: number,
    payment: PaymentFacts | null = null,
  ) =>
    details.member.email
      ? [row(details, kind, 'team_member', details.member.email, now, payment)]
      : []

  async function insert(tx: Db, rows: NewOutboxMessage[]): Promise<void> {
    await createOutboxRepository(tx).queue(rows)
  }

  /**
   * Reminder bookkeeping after the time was set: a reminder is due (null) unless its moment
   * has already passed, in which case the e-mail just sent does the reminding.
   */
  function reminderQueuedAt(details: AppointmentDetails, now: number): Date | null {
    const remindAt = details.startsAt.getTime() - details.business.reminderLeadMinutes * MINUTE_MS
    return remindAt <= now ? new Date(now) : null
  }

  async function mustLoad(tx: Db, tenantId: string, appointmentId: string) {
    const details = await loadAppointmentDetails(tx, tenantId, appointmentId)
    if (!details) throw new Error(`Appointment ${appointmentId} vanished before its e-mails.`)
    return details
  }

  async function setColumns(
    tx: Db,
    details: AppointmentDetails,
    change: { reminderQueuedAt?: Date | null; revise?: boolean },
  ): Promise<number> {
    const icsSequence = await createAppointmentNoticeRepository(tx).update(
      details.tenantId,
      details.id,
      change,
    )
    if (icsSequence === null)
      throw new Error(`Appointment ${details.id} vanished before its e-mails.`)
    return icsSequence
  }

  /** Raises the invitation's SEQUENCE: calendars apply only a change with a higher one. */
  async function revise(
    tx: Db,
    details: AppointmentDetails,
    columns: { reminderQueuedAt?: Date | null } = {},
  ): Promise<AppointmentDetails> {
    const icsSequence = await setColumns(tx, details, { ...columns, revise: true })
    return { ...details, icsSequence }
  }

  async function bookedMessages(
    tx: Db,
    tenantId: string,
    appointmentId: string,
    now = Date.now(),
    known?: { details: AppointmentDetails; paidAtBooking: PaidAtBooking | null },
  ): Promise<NewOutboxMessage[]> {
    const details = known?.details ?? (await mustLoad(tx, tenantId, appointmentId))
    const queuedAt = reminderQueuedAt(details, now)
    if (queuedAt) await setColumns(tx, details, { reminderQueuedAt: queuedAt })
    // A booking paid at booking says what was paid and the refund rule.
    const payment = known
      ? known.paidAtBooking
      : await loadPaidAtBooking(tx, tenantId, appointmentId)
    return [
      ...toCustomer(details, 'confirmation', now, payment),
      ...toMember(details, 'confirmation', now, payment),
    ]
  }

  return {
    async booked(tx: Db, tenantId: string, appointmentId: string, now = Date.now()) {
      await insert(tx, await bookedMessages(tx, tenantId, appointmentId, now))
    },

    /**
     * `booked` without the insert: the reminder bookkeeping is done, the outbox rows are
     * handed back for the caller to write in its transaction (with its other rows). `known`:
     * the details and payment at booking the caller read in this transaction after the last
     * change (a booking just made reads itself back once for all), else read here.
     */
    bookedMessages,

    /**
     * A payment that came after its hold ran out, for a time someone else booked meanwhile:
     * the customer learns nothing was booked and (when money was taken) that it was refunded
     * in full. Customer only, without an invitation: their calendar never had it. It goes out
     * whatever the confirmation setting, since it is about their money.
     */
    async latePayment(
      tx: Db,
      tenantId: string,
      appointmentId: string,
      refund: { refundedMinor: number; now?: number },
    ) {
      const details = await mustLoad(tx, tenantId, appointmentId)
      if (!details.customer.email) return
      const payment = await loadPaidAtBooking(tx, tenantId, appointmentId)
      const facts = { ...factsOf(details, linksOf(details)), payment }
      const message = latePaymentMessage(facts, refund.refundedMinor)
      await insert(tx, [
        {
          tenantId,
          appointmentId,
          kind: 'late_payment_refund',
          recipient: 'customer',
          toAddress: details.customer.email,
          subject: message.subject,
          bodyText: message.text,
          ics: null,
        },
      ])
    },

    /**
     * The no-show fee was charged to the card kept at booking: the customer is told what and
     * why, whatever the confirmation setting, since it is about their money. No invitation.
     */
    async noShowFeeCharged(
      tx: Db,
      tenantId: string,
      appointmentId: string,
      fee: { amountMinor: number; currency: string },
    ) {
      const details = await mustLoad(tx, tenantId, appointmentId)
      if (!details.customer.email) return
      const message = noShowFeeMessage(factsOf(details, linksOf(details)), fee)
      await insert(tx, [
        {
          tenantId,
          appointmentId,
          kind: 'no_show_fee',
          recipient: 'customer',
          toAddress: details.customer.email,
          subject: message.subject,
          bodyText: message.text,
          ics: null,
        },
      ])
    },

    /**
     * After its time, team member or service changed: a new reminder is due for the new time
     * (none when that is already inside the lead: this e-mail does the reminding).
     * When the appointment went to another member, the one who had it gets a cancellation for
     * their calendar and the new one a confirmation; otherwise the member is told it moved.
     */
    async rescheduled(
      tx: Db,
      tenantId: string,
      appointmentId: string,
      change: {
        previousTeamMemberId: string
        now?: number | undefined
        /** False: the customer is not told (staff chose so); the members still are. */
        notifyCustomer?: boolean | undefined
        /** A staff change that may be undone: its e-mails wait until `until` (see undo). */
        withheld?: { changeId: string; until: Date } | undefined
      },
    ) {
      const now = change.now ?? Date.now()
      const loaded = await mustLoad(tx, tenantId, appointmentId)
      const details = await revise(tx, loaded, { reminderQueuedAt: reminderQueuedAt(loaded, now) })
      const rows = change.notifyCustomer === false ? [] : toCustomer(details, 'reschedule', now)
      if (change.previousTeamMemberId === details.member.id) {
        rows.push(...toMember(details, 'reschedule', now))
      } else {
        const previous = await loadTeamMemberRecipient(tx, tenantId, change.previousTeamMemberId)
        if (previous) {
          // Gone from their calendar: for them it is cancelled, the reason says where it went.
          const handedOver: AppointmentDetails = {
            ...details,
            status: 'cancelled',
            cancelReason: `Moved to ${details.member.name}`,
            member: previous,
          }
          rows.push(...toMember(handedOver, 'cancellation', now))
        }
        rows.push(...toMember(details, 'confirmation', now))
      }
      const { withheld } = change
      await insert(
        tx,
        withheld
          ? rows.map((row) => ({
              ...row,
              changeId: withheld.changeId,
              nextAttemptAt: withheld.until,
            }))
          : rows,
      )
    },

    /** The customer's e-mail says what was refunded of their payment, or kept. */
    async cancelled(
      tx: Db,
      tenantId: string,
      appointmentId: string,
      now = Date.now(),
      money: CancellationMoneyFacts | null = null,
    ) {
      const details = await revise(tx, await mustLoad(tx, tenantId, appointmentId))
      await insert(tx, [
        ...toCustomer(details, 'cancellation', now, null, money),
        ...toMember(details, 'cancellation', now),
      ])
    },

    /**
     * Staff refunded (part of) the customer's payment: the customer is told the amount,
     * without an invitation (nothing changed in their calendar). Whatever the confirmation
     * setting, since it is about their money.
     */
    async refunded(
      tx: Db,
      tenantId: string,
      appointmentId: string,
      refund: { amountMinor: number; currency: string },
    ) {
      const details = await mustLoad(tx, tenantId, appointmentId)
      if (!details.customer.email) return
      const message = refundMessage(factsOf(details, linksOf(details)), refund)
      await insert(tx, [
        {
          tenantId,
          appointmentId,
          // The outbox has no kind for a note about money (a new kind is a migration); without
          // an invitation the kind changes nothing in delivery.
          kind: 'confirmation',
          recipient: 'customer',
          toAddress: details.customer.email,
          subject: message.subject,
          bodyText: message.text,
          ics: null,
        },
      ])
    },

    /**
     * The receipt of a visit checked out at the till, to the customer when they have an
     * address: itemised, in their language. No invitation (nothing changed in their calendar).
     */
    async receipt(tx: Db, tenantId: string, appointmentId: string, receipt: ReceiptFacts) {
      const details = await mustLoad(tx, tenantId, appointmentId)
      if (!details.customer.email) return
      const message = receiptMessage(factsOf(details, linksOf(details)), receipt)
      await insert(tx, [
        {
          tenantId,
          appointmentId,
          kind: 'receipt',
          recipient: 'customer',
          toAddress: details.customer.email,
          subject: message.subject,
          bodyText: message.text,
          ics: null,
        },
      ])
    },

    /**
     * The reminder, to the customer only (the member has the day in front of them in the
     * app); the reminder job decides when, under its own setting, and marks it queued.
     */
    async reminder(tx: Db, details: AppointmentDetails, now = Date.now()) {
      if (details.customer.email) {
        await insert(tx, [row(details, 'reminder', 'customer', details.customer.email, now)])
      }
    },
  }
}
