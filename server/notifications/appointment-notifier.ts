import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { appointments, notificationOutbox } from '../db/schema.ts'
import type { CapabilityTokens } from '../security/capability-tokens.ts'
import { type Audience, eventOf, factsOf } from './appointment-calendar.ts'
import { type AppointmentDetails, loadAppointmentDetails } from './appointment-details.ts'
import { invitationCalendar } from './ics.ts'
import { customerMessage, type NotificationKind, teamMemberMessage } from './messages.ts'

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
  const linksOf = (details: AppointmentDetails) => ({
    manageUrl: `${publicUrl}/booking/event/${details.id}?token=${tokens.manageToken(details.id)}`,
    bookingUrl: `${publicUrl}/booking?business=${details.business.slug}`,
  })

  /** The outbox rows of one kind of message, for whoever should get it. */
  async function queue(
    tx: Db,
    details: AppointmentDetails,
    kind: NotificationKind,
    options: { now: number; customer: boolean; teamMember: boolean },
  ): Promise<void> {
    const links = linksOf(details)
    const facts = factsOf(details, links)
    const method = details.status === 'cancelled' ? 'CANCEL' : 'REQUEST'
    const ics = (audience: Audience) =>
      invitationCalendar(
        method,
        eventOf(details, audience, {
          publicUrl,
          stamp: new Date(options.now),
          manageUrl: links.manageUrl,
        }),
      )
    const rows: (typeof notificationOutbox.$inferInsert)[] = []
    if (options.customer && details.customer.email) {
      const message = customerMessage(kind, facts)
      rows.push({
        tenantId: details.tenantId,
        appointmentId: details.id,
        kind,
        recipient: 'customer',
        toAddress: details.customer.email,
        subject: message.subject,
        bodyText: message.text,
        ics: ics('customer'),
      })
    }
    if (options.teamMember && details.member.email) {
      const message = teamMemberMessage(kind, facts)
      rows.push({
        tenantId: details.tenantId,
        appointmentId: details.id,
        kind,
        recipient: 'team_member',
        toAddress: details.member.email,
        subject: message.subject,
        bodyText: message.text,
        ics: ics('team_member'),
      })
    }
    if (rows.length > 0) await tx.insert(notificationOutbox).values(rows)
  }

  /**
   * Reminder bookkeeping after the time was set: a reminder is due (null) unless its moment
   * has already passed, in which case the confirmation just sent does the reminding.
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

  /** Raises the invitation's SEQUENCE (a change calendars must apply) and sets the reminder. */
  async function revise(
    tx: Db,
    details: AppointmentDetails,
    reminder: { reminderQueuedAt: Date | null } | Record<string, never>,
  ): Promise<AppointmentDetails> {
    const [row] = await tx
      .update(appointments)
      .set({ icsSequence: sql`${appointments.icsSequence} + 1`, ...reminder })
      .where(and(eq(appointments.tenantId, details.tenantId), eq(appointments.id, details.id)))
      .returning({ icsSequence: appointments.icsSequence })
    if (!row) throw new Error(`Appointment ${details.id} vanished before its e-mails.`)
    return { ...details, icsSequence: row.icsSequence }
  }

  return {
    async booked(tx: Db, tenantId: string, appointmentId: string, now = Date.now()) {
      const details = await mustLoad(tx, tenantId, appointmentId)
      const queuedAt = reminderQueuedAt(details, now)
      if (queuedAt) {
        await tx
          .update(appointments)
          .set({ reminderQueuedAt: queuedAt })
          .where(and(eq(appointments.tenantId, tenantId), eq(appointments.id, appointmentId)))
      }
      await queue(tx, details, 'confirmation', {
        now,
        customer: details.business.confirmationEmail,
        teamMember: true,
      })
    },

    /** After its time, team member or service changed: a new reminder is due for the new time. */
    async rescheduled(tx: Db, tenantId: string, appointmentId: string, now = Date.now()) {
      const loaded = await mustLoad(tx, tenantId, appointmentId)
      const details = await revise(tx, loaded, {
        reminderQueuedAt: reminderQueuedAt(loaded, now),
      })
      await queue(tx, details, 'reschedule', {
        now,
        customer: details.business.confirmationEmail,
        teamMember: true,
      })
    },

    async cancelled(tx: Db, tenantId: string, appointmentId: string, now = Date.now()) {
      const details = await revise(tx, await mustLoad(tx, tenantId, appointmentId), {})
      await queue(tx, details, 'cancellation', {
        now,
        customer: details.business.confirmationEmail,
        teamMember: true,
      })
    },

    /**
     * The reminder, to the customer only (the member has the day in front of them in the
     * app); the reminder job decides when, under its own setting, and marks it queued.
     */
    async reminder(tx: Db, details: AppointmentDetails, now = Date.now()) {
      await queue(tx, details, 'reminder', { now, customer: true, teamMember: false })
    },
  }
}
