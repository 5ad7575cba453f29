/*
 * Calendar sync's tables (issue 25). Every table carries `tenant_id` and reaches its parent
 * through a composite foreign key that includes it, so a calendar, an event or a busy time can
 * never belong to another business's member.
 */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ExternalEvent } from '../../domain/calendar-sync/external-event.ts'
import { appointments } from './appointments.ts'
import { teamMembers } from './business.ts'
import { sqlList } from './values.ts'

export const calendarConnectionKinds = ['caldav', 'ical_url', 'google'] as const
/**
 * A connection's state as staff see it: `syncing` until its first sync succeeds, `ok` after
 * each success, else why the last attempt failed (the stored busy times still count).
 */
export const connectionHealthStates = [
  'ok',
  'syncing',
  'needs_reconnect',
  'unreachable',
  'rate_limited',
] as const
export type ConnectionHealth = (typeof connectionHealthStates)[number]
/** What Slotwise writes into the member's calendar: the booking's details, or only "Busy". */
export const calendarPrivacies = ['details', 'busy'] as const
export type CalendarPrivacy = (typeof calendarPrivacies)[number]
export const calendarWriteActions = ['put', 'delete'] as const
/** `pending` until written (or tried for the last time: `failed`); a new change makes it pending again. */
export const calendarWriteStates = ['pending', 'done', 'failed'] as const
/** What was done outside Slotwise to an appointment's written-back event. */
export const calendarChangeKinds = ['moved', 'deleted'] as const

const at = (name: string) => timestamp(name, { withTimezone: true })

/** A member's link to one calendar account: a CalDAV login, a secret iCal address, a Google grant. */
export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    teamMemberId: uuid('team_member_id').notNull(),
    kind: text('kind', { enum: calendarConnectionKinds }).notNull(),
    displayName: text('display_name').notNull(),
    /** The credentials, AES-256-GCM sealed (server/security/credential-cipher.ts); never returned. */
    credentialsSealed: text('credentials_sealed').notNull(),
    /** Which key sealed them, so a rotated key can still open older rows. */
    credentialsKeyId: text('credentials_key_id').notNull(),
    health: text('health', { enum: connectionHealthStates }).notNull().default('syncing'),
    lastError: text('last_error'),
    /** The last sync of any of its calendars that succeeded. */
    lastSyncedAt: at('last_synced_at'),
    /** Not before then is any of its calendars synced again (the backoff after a failure). */
    nextSyncAt: at('next_sync_at').notNull().defaultNow(),
    /** Failures in a row since the last success: the backoff grows with it. */
    failureCount: integer('failure_count').notNull().default(0),
    /** When the member and the owner were told it broke (once per breakage; cleared on success). */
    brokenNoticeSentAt: at('broken_notice_sent_at'),
    /**
     * Disconnected by the member: no longer listed, synced or counted; kept only until the
     * events written into its calendars are removed (the write-back job then deletes the row).
     */
    disconnectedAt: at('disconnected_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('calendar_connections_tenant_id_id_unique').on(t.tenantId, t.id),
    // The target of connected_calendars' foreign key, which keeps a calendar's member its connection's.
    unique('calendar_connections_tenant_id_member_unique').on(t.tenantId, t.id, t.teamMemberId),
    index('calendar_connections_member_idx').on(t.tenantId, t.teamMemberId),
    foreignKey({
      name: 'calendar_connections_member_fk',
      columns: [t.tenantId, t.teamMemberId],
      foreignColumns: [teamMembers.tenantId, teamMembers.id],
    }).onDelete('cascade'),
    check(
      'calendar_connections_kind_valid',
      sql`${t.kind} in (${sqlList(calendarConnectionKinds)})`,
    ),
    check(
      'calendar_connections_health_valid',
      sql`${t.health} in (${sqlList(connectionHealthStates)})`,
    ),
  ],
)

/** A calendar of a connection the member chose: checked for conflicts, and/or given bookings. */
export const connectedCalendars = pgTable(
  'connected_calendars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    connectionId: uuid('connection_id').notNull(),
    /** The connection's member, repeated for the one-calendar-for-bookings rule below. */
    teamMemberId: uuid('team_member_id').notNull(),
    /** The provider's id of the calendar (a collection URL, a Google calendar id). */
    remoteId: text('remote_id').notNull(),
    name: text('name').notNull(),
    colour: text('colour'),
    /** False for a calendar Slotwise may not write to (an iCal address, a subscribed one). */
    writable: boolean('writable').notNull().default(true),
    checkConflicts: boolean('check_conflicts').notNull().default(true),
    addBookings: boolean('add_bookings').notNull().default(false),
    privacy: text('privacy', { enum: calendarPrivacies }).notNull().default('busy'),
    /** Where the last sync got to, as the connector handed it back; null: sync everything. */
    syncCursor: jsonb('sync_cursor').$type<{ readonly [key: string]: unknown }>(),
    lastSyncedAt: at('last_synced_at'),
    /** When its busy times were last expanded: again once the window moved on a day. */
    busyExpandedAt: at('busy_expanded_at'),
    nextSyncAt: at('next_sync_at').notNull().defaultNow(),
    /** A sync under way holds it until then; a runner that died lets go when it passes. */
    claimedUntil: at('claimed_until'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('connected_calendars_tenant_id_id_unique').on(t.tenantId, t.id),
    // The target of external_busy_times' foreign key, which keeps a busy time's member its calendar's.
    unique('connected_calendars_tenant_id_member_unique').on(t.tenantId, t.id, t.teamMemberId),
    unique('connected_calendars_remote_unique').on(t.connectionId, t.remoteId),
    // At most one calendar per member receives their bookings.
    uniqueIndex('connected_calendars_one_for_bookings')
      .on(t.tenantId, t.teamMemberId)
      .where(sql`${t.addBookings}`),
    // The sync job's scan.
    index('connected_calendars_due_idx').on(t.nextSyncAt),
    foreignKey({
      name: 'connected_calendars_connection_fk',
      columns: [t.tenantId, t.connectionId, t.teamMemberId],
      foreignColumns: [
        calendarConnections.tenantId,
        calendarConnections.id,
        calendarConnections.teamMemberId,
      ],
    }).onDelete('cascade'),
    check(
      'connected_calendars_privacy_valid',
      sql`${t.privacy} in (${sqlList(calendarPrivacies)})`,
    ),
  ],
)

/** One stored object of a calendar (a CalDAV resource, a Google event with its overrides). */
export const externalEvents = pgTable(
  'external_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    calendarId: uuid('calendar_id').notNull(),
    ref: text('ref').notNull(),
    etag: text('etag'),
    events: jsonb('events').$type<ExternalEvent[]>().notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('external_events_calendar_ref_unique').on(t.calendarId, t.ref),
    index('external_events_tenant_idx').on(t.tenantId, t.calendarId),
    foreignKey({
      name: 'external_events_calendar_fk',
      columns: [t.tenantId, t.calendarId],
      foreignColumns: [connectedCalendars.tenantId, connectedCalendars.id],
    }).onDelete('cascade'),
  ],
)

/**
 * The stored events expanded into the member's busy times over the sync window: what
 * availability and the booking's clash check read (only from calendars checked for conflicts).
 */
export const externalBusyTimes = pgTable(
  'external_busy_times',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    calendarId: uuid('calendar_id').notNull(),
    teamMemberId: uuid('team_member_id').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** The event's title: for the member and admins only, never for customers. */
    summary: text('summary').notNull().default(''),
  },
  (t) => [
    // "The member's busy times overlapping [a, b)": ranges of any length, so GiST, not starts_at.
    index('external_busy_times_member_range_idx').using(
      'gist',
      t.tenantId,
      t.teamMemberId,
      sql`tstzrange(${t.startsAt}, ${t.endsAt})`,
    ),
    index('external_busy_times_calendar_idx').on(t.calendarId),
    foreignKey({
      name: 'external_busy_times_calendar_fk',
      columns: [t.tenantId, t.calendarId, t.teamMemberId],
      foreignColumns: [
        connectedCalendars.tenantId,
        connectedCalendars.id,
        connectedCalendars.teamMemberId,
      ],
    }).onDelete('cascade'),
    check('external_busy_times_range_valid', sql`${t.endsAt} > ${t.startsAt}`),
  ],
)

/**
 * The write-back outbox: one row per appointment and calendar, written in the booking's, move's
 * or cancellation's transaction. A later change of the appointment raises `sequence` and makes
 * the row pending again (the last state wins); what is written is read from the appointment
 * when the row is delivered. No foreign key to the appointment: a delete outlives it.
 */
export const calendarWrites = pgTable(
  'calendar_writes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    appointmentId: uuid('appointment_id').notNull(),
    calendarId: uuid('calendar_id').notNull(),
    action: text('action', { enum: calendarWriteActions }).notNull(),
    /** Raised on each change: the event's SEQUENCE, and how a delivery knows it is still current. */
    sequence: integer('sequence').notNull().default(0),
    /** Where the event was written, for `If-Match` on the next update or delete. */
    writtenRef: text('written_ref'),
    writtenEtag: text('written_etag'),
    state: text('state', { enum: calendarWriteStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    claimedUntil: at('claimed_until'),
    lastError: text('last_error'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('calendar_writes_appointment_calendar_unique').on(t.appointmentId, t.calendarId),
    index('calendar_writes_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('calendar_writes_appointment_idx').on(t.tenantId, t.appointmentId),
    foreignKey({
      name: 'calendar_writes_calendar_fk',
      columns: [t.tenantId, t.calendarId],
      foreignColumns: [connectedCalendars.tenantId, connectedCalendars.id],
    }).onDelete('cascade'),
    check('calendar_writes_action_valid', sql`${t.action} in (${sqlList(calendarWriteActions)})`),
    check('calendar_writes_state_valid', sql`${t.state} in (${sqlList(calendarWriteStates)})`),
  ],
)

/**
 * A change made outside Slotwise to the event it wrote for an appointment (issue 25, item 5):
 * moved to another time, or deleted. Staff accept it or keep the appointment as it is; until
 * then the appointment carries it. One per appointment: a sync that finds the same change again
 * leaves the row as it is (raised once), one that finds the event as Slotwise wrote it removes it.
 */
export const calendarOutsideChanges = pgTable(
  'calendar_outside_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    appointmentId: uuid('appointment_id').notNull(),
    /** The calendar the event was written to and changed in. */
    calendarId: uuid('calendar_id').notNull(),
    kind: text('kind', { enum: calendarChangeKinds }).notNull(),
    /** Where it was moved to; null when it was deleted. */
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    /** Where it happened as the member knows it ("iCloud", "Google Calendar"), when found. */
    calendarName: text('calendar_name').notNull(),
    detectedAt: at('detected_at').notNull().defaultNow(),
  },
  (t) => [
    unique('calendar_outside_changes_appointment_unique').on(t.tenantId, t.appointmentId),
    index('calendar_outside_changes_calendar_idx').on(t.calendarId),
    foreignKey({
      name: 'calendar_outside_changes_appointment_fk',
      columns: [t.tenantId, t.appointmentId],
      foreignColumns: [appointments.tenantId, appointments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'calendar_outside_changes_calendar_fk',
      columns: [t.tenantId, t.calendarId],
      foreignColumns: [connectedCalendars.tenantId, connectedCalendars.id],
    }).onDelete('cascade'),
    check(
      'calendar_outside_changes_kind_valid',
      sql`${t.kind} in (${sqlList(calendarChangeKinds)})`,
    ),
    check(
      'calendar_outside_changes_times_valid',
      sql`(${t.kind} = 'deleted') = (${t.startsAt} is null) and (${t.startsAt} is null) = (${t.endsAt} is null)`,
    ),
  ],
)
