/*
 * Appointments, the changes an undo takes back, the e-mail outbox, idempotency keys and the
 * activity log.
 */

import { sql } from 'drizzle-orm'
import {
  boolean,
  char,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { LANGUAGES } from '../../../shared/languages.ts'
import type { ActivityChange } from '../../domain/activity-changes.ts'
import type { AppointmentPlace } from '../../domain/appointment-place.ts'
import type { BookingAnswer } from '../../domain/booking-questions.ts'
import { services, teamMembers, tenants } from './business.ts'
import { customers } from './customers.ts'
import {
  activityActions,
  activityEntityTypes,
  appointmentSources,
  appointmentStatuses,
  createdAt,
  sqlList,
  updatedAt,
} from './values.ts'

/**
 * Appointments. `busy_from`…`busy_until` is the time the team member is taken: the appointment
 * widened by the buffers captured at booking. The exclusion constraint
 * `appointments_no_overlap` (migration 0003, widened in 0010; drizzle cannot express it)
 * forbids two appointments of one team member whose busy ranges overlap — unless they are
 * seats of one group session (same `seat_group`), which the booking code fills up to the
 * service's capacity. Cancelled and payment-expired appointments take no time; a hold
 * (`pending_payment`) does.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    teamMemberId: uuid('team_member_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: appointmentStatuses }).notNull().default('confirmed'),
    notes: text('notes').notNull().default(''),
    priceMinor: integer('price_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    source: text('source', { enum: appointmentSources }).notNull(),
    createdBy: text('created_by'),
    cancelReason: text('cancel_reason'),
    /** When it was cancelled: a cancellation later than the cut-off before the start is late. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    busyFrom: timestamp('busy_from', { withTimezone: true }).notNull(),
    busyUntil: timestamp('busy_until', { withTimezone: true }).notNull(),
    /**
     * Bookings that may share a busy range: the appointment's own id for one-to-one services;
     * `<service id>@<start epoch ms>` for seats of a group session (capacity above 1).
     */
    seatGroup: text('seat_group').notNull(),
    /** Booked by staff outside working hours, breaks or time off (the explicit override). */
    outsideWorkingHours: boolean('outside_working_hours').notNull().default(false),
    /** RFC 5545 SEQUENCE of the calendar invitation: rises with every change the customer is told of. */
    icsSequence: integer('ics_sequence').notNull().default(0),
    /**
     * The visitor's own time zone, as typed into the online booking form (public bookings),
     * for the times in their e-mails.
     */
    customerTimeZone: text('customer_time_zone'),
    /*
     * What the visitor typed into the online booking form (public bookings; null for staff
     * bookings). The customer record found by the e-mail is never changed by an anonymous
     * form: the booking's answer, manage page and e-mails show these instead, and staff see
     * where they differ from the record and may accept them into it.
     */
    submittedName: text('submitted_name'),
    submittedEmail: text('submitted_email'),
    submittedPhone: text('submitted_phone'),
    /** The notes typed with the booking: the manage page shows these, not the team's edits. */
    submittedNotes: text('submitted_notes'),
    /** The answers to the service's booking questions (public bookings; null for staff bookings). */
    bookingAnswers: jsonb('booking_answers').$type<BookingAnswer[]>(),
    /** The language the visitor booked in: their e-mails are written in it. Null = the business's. */
    customerLanguage: text('customer_language', { enum: LANGUAGES }),
    /** When the reminder was queued; null while one is still due (a reschedule clears it). */
    reminderQueuedAt: timestamp('reminder_queued_at', { withTimezone: true }),
    /**
     * While `pending_payment`: when the hold ends unpaid. Set exactly then (a CHECK). From
     * this instant the hold no longer takes its time, though the row still says
     * `pending_payment` until a booking of that time or the expiry job turns it into
     * `payment_expired` (the exclusion constraint cannot read the clock).
     */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /**
     * When the front desk marked the customer arrived; null while they have not (or the
     * check-in was undone). A fact about a confirmed appointment, not a status: the overlap
     * rule and every status rule stay as they are.
     */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('appointments_tenant_id_id_unique').on(t.tenantId, t.id),
    // The expiry job's scan, and a booking's "holds due in my way": holds by their end.
    index('appointments_hold_due_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending_payment'`),
    // The reminder job's scan: confirmed appointments whose reminder is still due, by start.
    index('appointments_reminder_due_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'confirmed' and ${t.reminderQueuedAt} is null`),
    index('appointments_tenant_time_idx').on(t.tenantId, t.startsAt),
    index('appointments_member_time_idx').on(t.tenantId, t.teamMemberId, t.startsAt),
    index('appointments_customer_idx').on(t.tenantId, t.customerId, t.startsAt),
    index('appointments_service_idx').on(t.tenantId, t.serviceId, t.startsAt),
    // Deleting a service, member or customer with appointments is refused (restrict).
    foreignKey({
      name: 'appointments_service_fk',
      columns: [t.tenantId, t.serviceId],
      foreignColumns: [services.tenantId, services.id],
    }),
    foreignKey({
      name: 'appointments_member_fk',
      columns: [t.tenantId, t.teamMemberId],
      foreignColumns: [teamMembers.tenantId, teamMembers.id],
    }),
    foreignKey({
      name: 'appointments_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }),
    check('appointments_time_valid', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'appointments_busy_range_valid',
      sql`${t.bufferBeforeMinutes} >= 0 and ${t.bufferAfterMinutes} >= 0
        and ${t.busyFrom} = ${t.startsAt} - make_interval(mins => ${t.bufferBeforeMinutes})
        and ${t.busyUntil} = ${t.endsAt} + make_interval(mins => ${t.bufferAfterMinutes})`,
    ),
    check('appointments_status_valid', sql`${t.status} in (${sqlList(appointmentStatuses)})`),
    check('appointments_source_valid', sql`${t.source} in (${sqlList(appointmentSources)})`),
    check(
      'appointments_hold_expiry_valid',
      sql`(${t.status} = 'pending_payment') = (${t.holdExpiresAt} is not null)`,
    ),
    check(
      'appointments_customer_language_valid',
      sql`${t.customerLanguage} is null or ${t.customerLanguage} in (${sqlList(LANGUAGES)})`,
    ),
  ],
)

/**
 * Staff moves and resizes, each with where the appointment was and where it went, so an undo
 * puts it back exactly, and only while it still sits where the change put it.
 */
export const appointmentChanges = pgTable(
  'appointment_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    appointmentId: uuid('appointment_id').notNull(),
    before: jsonb('before').$type<AppointmentPlace>().notNull(),
    after: jsonb('after').$type<AppointmentPlace>().notNull(),
    createdAt: createdAt(),
    /** When it was taken back; a change is undone at most once. */
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [
    index('appointment_changes_appointment_idx').on(t.tenantId, t.appointmentId),
    foreignKey({
      name: 'appointment_changes_appointment_fk',
      columns: [t.tenantId, t.appointmentId],
      foreignColumns: [appointments.tenantId, appointments.id],
    }).onDelete('cascade'),
  ],
)

export const notificationKinds = [
  'confirmation',
  'reschedule',
  'cancellation',
  'reminder',
  'payment_failed',
  'trial_ended',
  'no_show_fee',
  'late_payment_refund',
  'receipt',
  // A member's calendar connection broke (issue 25): to the member and the owners, once.
  'calendar_broken',
] as const
export const notificationRecipients = ['customer', 'team_member', 'owner'] as const
export const outboxStatuses = ['pending', 'sent', 'failed'] as const

/**
 * E-mails to send, written in the same transaction as the change they tell of, then delivered
 * by a background job (SMTP, or .eml files) that claims rows with FOR UPDATE SKIP LOCKED.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** No foreign key: the message outlives its appointment (deleting a customer removes theirs). */
    appointmentId: uuid('appointment_id'),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    recipient: text('recipient', { enum: notificationRecipients }).notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    /** The RFC 5545 attachment (METHOD:REQUEST or CANCEL), when there is one. */
    ics: text('ics'),
    status: text('status', { enum: outboxStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * The staff move or resize this message tells of (`appointment_changes`): withheld until
     * its undo window passed, and withdrawn by an undo while still unclaimed.
     */
    changeId: uuid('change_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('notification_outbox_appointment_idx').on(t.tenantId, t.appointmentId),
    check('notification_outbox_kind_valid', sql`${t.kind} in (${sqlList(notificationKinds)})`),
    check(
      'notification_outbox_recipient_valid',
      sql`${t.recipient} in (${sqlList(notificationRecipients)})`,
    ),
    check('notification_outbox_status_valid', sql`${t.status} in (${sqlList(outboxStatuses)})`),
  ],
)

/**
 * Answers to public writes sent with an Idempotency-Key: a repeat of the same request gets the
 * stored answer; the same key with another body is refused. Kept for a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The operation and target, e.g. `createPublicBooking` or `cancel:<appointment id>`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body as received. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
)

/** Who changed what, when: written in the same transaction as the change, never changed. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorUid: text('actor_uid'),
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    entityType: text('entity_type', { enum: activityEntityTypes }).notNull(),
    entityId: text('entity_id'),
    action: text('action', { enum: activityActions }).notNull(),
    summary: text('summary').notNull(),
    changes: jsonb('changes').$type<ActivityChange[]>().notNull().default([]),
  },
  (t) => [
    index('activity_log_tenant_time_idx').on(t.tenantId, t.occurredAt.desc(), t.id.desc()),
    index('activity_log_tenant_entity_idx').on(t.tenantId, t.entityType, t.occurredAt.desc()),
    index('activity_log_tenant_actor_idx').on(t.tenantId, t.actorUid, t.occurredAt.desc()),
    check(
      'activity_log_entity_type_valid',
      sql`${t.entityType} in (${sqlList(activityEntityTypes)})`,
    ),
    check('activity_log_action_valid', sql`${t.action} in (${sqlList(activityActions)})`),
  ],
)
