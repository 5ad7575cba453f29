import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  char,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { LANGUAGES } from '../../shared/languages.ts'
import type { CheckoutExtra } from '../../shared/till-checkout.ts'
import type { ActivityChange } from '../domain/activity-changes.ts'
import type { AppointmentPlace } from '../domain/appointment-place.ts'
import type { BookingAnswer, BookingQuestion } from '../domain/booking-questions.ts'
import { stripeSubscriptionStatuses } from '../domain/plan-in-force.ts'
import type { WorkingDay } from '../domain/working-hours.ts'

// Conventions: every tenant-owned table has tenant_id NOT NULL, an index that starts with it,
// and UNIQUE (tenant_id, id) so later tables can use composite foreign keys that make
// cross-tenant references impossible rather than merely unlikely.

export const permissions = ['owner', 'admin', 'staff'] as const
export type Permission = (typeof permissions)[number]

export const billingIntervals = ['month', 'year'] as const

export const calendarViews = ['day', 'week', 'month'] as const
export type CalendarView = (typeof calendarViews)[number]

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const teamMemberChoices = ['customer_picks', 'any_available', 'both'] as const
export const themes = ['light', 'dark', 'system'] as const
/**
 * `pending_payment`: held while the customer pays (occupies its time until `hold_expires_at`);
 * `payment_expired`: the hold ran out unpaid, and its time is free again, as if cancelled.
 */
export const appointmentStatuses = [
  'confirmed',
  'cancelled',
  'completed',
  'no_show',
  'pending_payment',
  'payment_expired',
] as const
/** Statuses whose appointment no longer takes its time (the exclusion constraint skips them). */
export const freeingStatuses = ['cancelled', 'payment_expired'] as const
/** What a booking of a service charges, if anything (see `services_payment_rule_shape`). */
export const paymentRules = [
  'none',
  'full',
  'deposit_fixed',
  'deposit_percent',
  'card_on_file',
] as const
export type PaymentRule = (typeof paymentRules)[number]
export const paymentAccountStatuses = ['pending', 'active', 'restricted', 'disconnected'] as const
/** `in_person`: taken at the venue at checkout (cash, a card terminal, other); no Stripe ids. */
export const paymentKinds = [
  'prepayment',
  'deposit',
  'card_on_file',
  'no_show_fee',
  'in_person',
] as const
/** How money taken at the venue was paid (`payments.method`, only for `in_person`). */
export const tillMethods = ['cash', 'card_terminal', 'other'] as const
/**
 * `pending`: Checkout open (or an off-session charge under way); `succeeded`: paid (or, for
 * `card_on_file`, the card saved); `failed`: declined; `expired`: abandoned, the session
 * expired. How much was refunded is `refunded_amount_minor`, not a status.
 */
export const paymentStatuses = ['pending', 'succeeded', 'failed', 'expired'] as const
export const refundCauses = ['cancellation', 'staff', 'late_payment'] as const
export const appointmentSources = ['staff', 'public'] as const
export const activityEntityTypes = [
  'service',
  'customer',
  'team_member',
  'time_off',
  'settings',
  'business',
  'session',
  'appointment',
  'subscription',
  // The business's connected Stripe account; its entries name it by its `acct_…` id.
  'payment_account',
] as const
export const activityActions = [
  'created',
  'updated',
  'deleted',
  'signed_in',
  'exported',
  'erased',
  // A file of customers imported at once: one entry with its counts, not one per customer.
  'imported',
] as const

/** Renders a TS tuple as an SQL `IN (...)` list for CHECK constraints; values are our own literals. */
export const sqlList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))

/**
 * What a business can buy, as data: limits, features and prices are read from here by the
 * server and, through the API, by the app. A plan with Stripe lookup keys can be bought; the
 * keys name its Stripe prices, so the same rows work with any Stripe account.
 */
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Cheapest first. */
    position: integer('position').notNull().default(0),
    /** How many bookable team members; null for no limit. */
    teamMemberLimit: integer('team_member_limit'),
    monthlyPriceMinor: integer('monthly_price_minor').notNull().default(0),
    yearlyPriceMinor: integer('yearly_price_minor').notNull().default(0),
    currency: char('currency', { length: 3 }).notNull().default('USD'),
    paidBookings: boolean('paid_bookings').notNull().default(false),
    webhooks: boolean('webhooks').notNull().default(false),
    removeBranding: boolean('remove_branding').notNull().default(false),
    stripeMonthlyLookupKey: text('stripe_monthly_lookup_key').unique(
      'plans_stripe_monthly_lookup_key_unique',
    ),
    stripeYearlyLookupKey: text('stripe_yearly_lookup_key').unique(
      'plans_stripe_yearly_lookup_key_unique',
    ),
  },
  (t) => [
    check(
      'plans_team_member_limit_positive',
      sql`${t.teamMemberLimit} is null or ${t.teamMemberLimit} >= 1`,
    ),
    check(
      'plans_prices_not_negative',
      sql`${t.monthlyPriceMinor} >= 0 and ${t.yearlyPriceMinor} >= 0`,
    ),
  ],
)

export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique('tenants_slug_unique'),
    timeZone: text('time_zone').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('USD'),
    domain: text('domain'),
    defaultCalendar: text('default_calendar', { enum: calendarViews }).notNull().default('week'),
    locale: text('locale').notNull().default('en-US'),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email'),
    /** When an owner or admin hid the dashboard's set-up checklist; null while it shows. */
    setupChecklistDismissedAt: timestamp('setup_checklist_dismissed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tenants_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('tenants_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'tenants_default_calendar_valid',
      sql`${t.defaultCalendar} in (${sqlList(calendarViews)})`,
    ),
  ],
)

export const users = pgTable('users', {
  uid: text('uid').primaryKey(),
  email: text('email'),
  displayName: text('display_name'),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  /** auth_time (seconds) of the newest token seen: a newer one means a new sign-in. */
  lastAuthTime: bigint('last_auth_time', { mode: 'number' }),
})

export const memberships = pgTable(
  'memberships',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    permission: text('permission', { enum: permissions }).notNull(),
    createdAt: createdAt(),
    /** When this access began: the invitation accepted, or the access last restored. */
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When an owner or admin removed this access; null while it lasts. The row stays, so the
     * user's next call is refused (403) instead of making them a new, empty business.
     */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'memberships_pkey', columns: [t.tenantId, t.userUid] }),
    // Every authenticated request looks memberships up by user.
    index('memberships_user_uid_idx').on(t.userUid),
    check('memberships_permission_valid', sql`${t.permission} in (${sqlList(permissions)})`),
  ],
)

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    priceMinor: integer('price_minor').notNull().default(0),
    currency: char('currency', { length: 3 }).notNull(),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    color: text('color').notNull().default('#4f46e5'),
    category: text('category'),
    active: boolean('active').notNull().default(true),
    capacity: integer('capacity').notNull().default(1),
    /** What the online booking form asks for this service, in order. */
    bookingQuestions: jsonb('booking_questions').$type<BookingQuestion[]>().notNull().default([]),
    /** What a booking charges: nothing, the price, a deposit, or a card kept for a no-show fee. */
    paymentRule: text('payment_rule', { enum: paymentRules }).notNull().default('none'),
    /** `deposit_fixed` only: the deposit in minor units, at most the price. */
    depositAmountMinor: integer('deposit_amount_minor'),
    /** `deposit_percent` only: the deposit as a whole percentage (1–100) of the price. */
    depositPercent: integer('deposit_percent'),
    /** `card_on_file` only: what a no-show is charged, in minor units. */
    noShowFeeMinor: integer('no_show_fee_minor'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('services_tenant_id_id_unique').on(t.tenantId, t.id),
    index('services_tenant_name_idx').on(t.tenantId, t.name),
    check(
      'services_duration_valid',
      sql`${t.durationMinutes} > 0 and ${t.durationMinutes} <= 1440`,
    ),
    check('services_price_valid', sql`${t.priceMinor} >= 0`),
    check(
      'services_buffers_valid',
      sql`${t.bufferBeforeMinutes} >= 0 and ${t.bufferAfterMinutes} >= 0`,
    ),
    check('services_capacity_valid', sql`${t.capacity} >= 1`),
    check('services_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('services_payment_rule_valid', sql`${t.paymentRule} in (${sqlList(paymentRules)})`),
    // Each rule carries exactly its own amount, never half of one or another rule's: a rule
    // that charges at booking needs a price to charge, and a deposit is never above it.
    check(
      'services_payment_rule_shape',
      sql`case ${t.paymentRule}
        when 'none' then ${t.depositAmountMinor} is null and ${t.depositPercent} is null and ${t.noShowFeeMinor} is null
        when 'full' then ${t.priceMinor} > 0 and ${t.depositAmountMinor} is null and ${t.depositPercent} is null and ${t.noShowFeeMinor} is null
        when 'deposit_fixed' then ${t.depositAmountMinor} is not null and ${t.depositAmountMinor} > 0 and ${t.depositAmountMinor} <= ${t.priceMinor} and ${t.depositPercent} is null and ${t.noShowFeeMinor} is null
        when 'deposit_percent' then ${t.priceMinor} > 0 and ${t.depositPercent} is not null and ${t.depositPercent} between 1 and 100 and ${t.depositAmountMinor} is null and ${t.noShowFeeMinor} is null
        when 'card_on_file' then ${t.noShowFeeMinor} is not null and ${t.noShowFeeMinor} > 0 and ${t.depositAmountMinor} is null and ${t.depositPercent} is null
        else false end`,
    ),
  ],
)

export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    permission: text('permission', { enum: permissions }).notNull().default('staff'),
    slug: text('slug').notNull(),
    bio: text('bio').notNull().default(''),
    timeZone: text('time_zone').notNull(),
    bookable: boolean('bookable').notNull().default(true),
    /** Their calendar colour (`#rrggbb`); a new member gets the next unused palette colour. */
    color: text('color').notNull().default('#4f46e5'),
    /** Rotating the private calendar feed bumps this; the feed token is derived from it. */
    calendarFeedVersion: integer('calendar_feed_version').notNull().default(0),
    workingHours: jsonb('working_hours').$type<WorkingDay[]>().notNull().default([]),
    /** The user who accepted the invitation (signed in with this e-mail); null while pending. */
    userUid: text('user_uid').references(() => users.uid, { onDelete: 'set null' }),
    /** When the current e-mail was set or invited again: the pending invitation's date. */
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the pending invitation was withdrawn; signing in with the e-mail then joins nothing. */
    invitationWithdrawnAt: timestamp('invitation_withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('team_members_tenant_id_id_unique').on(t.tenantId, t.id),
    unique('team_members_tenant_slug_unique').on(t.tenantId, t.slug),
    unique('team_members_tenant_user_unique').on(t.tenantId, t.userUid),
    uniqueIndex('team_members_tenant_email_unique')
      .on(t.tenantId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    // Invitations are looked up by e-mail at sign-in, across businesses.
    index('team_members_email_idx').on(sql`lower(${t.email})`),
    check('team_members_permission_valid', sql`${t.permission} in (${sqlList(permissions)})`),
    check('team_members_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('team_members_color_format', sql`${t.color} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
)

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    notes: text('notes').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    timeZone: text('time_zone'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /**
     * When the customer's personal data was erased (irreversible): the record stays, named
     * "Erased customer", so their appointments and payments still count in the figures.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('customers_tenant_id_id_unique').on(t.tenantId, t.id),
    // The list sorts by lower(name) / lower(email) and searches with lower(x) LIKE '%text%'
    // (trigram indexes) and the phone's digits; the expressions must match the repository's
    // queries exactly (PHONE_PUNCTUATION in server/domain/customer-search.ts), or the planner
    // ignores them. Measured in docs/benchmarks.md.
    index('customers_tenant_lower_name_idx').on(t.tenantId, sql`lower(${t.name})`, t.id),
    index('customers_tenant_lower_email_idx').on(t.tenantId, sql`lower(${t.email})`, t.id),
    index('customers_tenant_lower_email_desc_idx').on(
      t.tenantId,
      sql`lower(${t.email}) desc nulls last`,
      sql`${t.id} desc`,
    ),
    index('customers_tenant_created_idx').on(t.tenantId, t.createdAt),
    // One customer record per e-mail address within a business, whatever its letter case.
    uniqueIndex('customers_tenant_email_unique')
      .on(t.tenantId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
  ],
)

/**
 * The team's dated notes about a customer (the client profile's timeline), signed by the staff
 * user who wrote them. The customer's own `notes` stay the standing "about" text.
 */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    text: text('text').notNull(),
    authorUid: text('author_uid'),
    authorName: text('author_name'),
    createdAt: createdAt(),
  },
  (t) => [
    // The timeline, newest first, and its cursor.
    index('customer_notes_customer_idx').on(
      t.tenantId,
      t.customerId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    foreignKey({
      name: 'customer_notes_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }).onDelete('cascade'),
    check('customer_notes_text_length', sql`char_length(${t.text}) between 1 and 2000`),
  ],
)

/** A business's booking policy, notification and appearance settings: one row per tenant. */
export const tenantSettings = pgTable(
  'tenant_settings',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
    bookingWindowDays: integer('booking_window_days').notNull().default(60),
    slotIntervalMinutes: integer('slot_interval_minutes').notNull().default(15),
    cancellationCutoffMinutes: integer('cancellation_cutoff_minutes').notNull().default(1440),
    rescheduleCutoffMinutes: integer('reschedule_cutoff_minutes').notNull().default(1440),
    teamMemberChoice: text('team_member_choice', { enum: teamMemberChoices })
      .notNull()
      .default('both'),
    confirmationEmail: boolean('confirmation_email').notNull().default(true),
    reminderEmail: boolean('reminder_email').notNull().default(true),
    reminderLeadMinutes: integer('reminder_lead_minutes').notNull().default(1440),
    brandColor: text('brand_color').notNull().default('#4f46e5'),
    defaultTheme: text('default_theme', { enum: themes }).notNull().default('system'),
    /** The language of the public pages and customer e-mails unless the visitor's is used. */
    defaultLanguage: text('default_language', { enum: LANGUAGES }).notNull().default('en'),
    /** Whether the public pages follow the visitor's browser language when it is one of ours. */
    followVisitorLanguage: boolean('follow_visitor_language').notNull().default(true),
    /** Origins (scheme://host[:port]) whose pages may frame the embed routes. */
    embedOrigins: text('embed_origins').array().notNull().default(sql`'{}'::text[]`),
    /** Any origin may frame the embed routes (the business said so). */
    embedAnyOrigin: boolean('embed_any_origin').notNull().default(false),
    /** Whether a staff move or resize e-mails the customer unless the move says otherwise. */
    notifyCustomerOnStaffChange: boolean('notify_customer_on_staff_change').notNull().default(true),
    /** How long a booking that must be paid holds its time while the customer pays. */
    paymentHoldMinutes: integer('payment_hold_minutes').notNull().default(10),
    /** The privacy notice the booking pages link to, as the business wrote it; null = the default. */
    privacyNotice: text('privacy_notice'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('tenant_settings_payment_hold_valid', sql`${t.paymentHoldMinutes} between 5 and 60`),
    check(
      'tenant_settings_privacy_notice_length',
      sql`${t.privacyNotice} is null or char_length(${t.privacyNotice}) <= 10000`,
    ),
    check('tenant_settings_language_valid', sql`${t.defaultLanguage} in (${sqlList(LANGUAGES)})`),
    check(
      'tenant_settings_choice_valid',
      sql`${t.teamMemberChoice} in (${sqlList(teamMemberChoices)})`,
    ),
    check('tenant_settings_theme_valid', sql`${t.defaultTheme} in (${sqlList(themes)})`),
  ],
)

/** Which team members perform which service. */
export const serviceTeamMembers = pgTable(
  'service_team_members',
  {
    tenantId: uuid('tenant_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    teamMemberId: uuid('team_member_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'service_team_members_pkey', columns: [t.serviceId, t.teamMemberId] }),
    index('service_team_members_member_idx').on(t.tenantId, t.teamMemberId),
    foreignKey({
      name: 'service_team_members_service_fk',
      columns: [t.tenantId, t.serviceId],
      foreignColumns: [services.tenantId, services.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'service_team_members_member_fk',
      columns: [t.tenantId, t.teamMemberId],
      foreignColumns: [teamMembers.tenantId, teamMembers.id],
    }).onDelete('cascade'),
  ],
)

/**
 * Time off: whole days (start_date…end_date inclusive, in the member's time zone) or an exact
 * span of instants (starts_at…ends_at).
 */
export const timeOff = pgTable(
  'time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    teamMemberId: uuid('team_member_id').notNull(),
    allDay: boolean('all_day').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_off_member_idx').on(t.tenantId, t.teamMemberId),
    foreignKey({
      name: 'time_off_member_fk',
      columns: [t.tenantId, t.teamMemberId],
      foreignColumns: [teamMembers.tenantId, teamMembers.id],
    }).onDelete('cascade'),
    check(
      'time_off_shape_valid',
      sql`(${t.allDay} and ${t.startDate} is not null and ${t.endDate} is not null and ${t.endDate} >= ${t.startDate} and ${t.startsAt} is null and ${t.endsAt} is null)
        or (not ${t.allDay} and ${t.startsAt} is not null and ${t.endsAt} is not null and ${t.endsAt} > ${t.startsAt} and ${t.startDate} is null and ${t.endDate} is null)`,
    ),
  ],
)

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

/**
 * A business's subscription: one row per business, made with the business (on the card-less
 * trial). The Stripe columns mirror what the last sync read from Stripe; which plan is in force
 * now follows from them and the clock (server/domain/plan-in-force.ts), never stored.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The plan of the subscription, or of the trial while there is none. */
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** When the end of the card-less trial was told (activity, e-mail, open apps); once. */
    trialEndNotedAt: timestamp('trial_end_noted_at', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id').unique('billing_accounts_stripe_customer_unique'),
    stripeSubscriptionId: text('stripe_subscription_id').unique(
      'billing_accounts_stripe_subscription_unique',
    ),
    stripeStatus: text('stripe_status', { enum: stripeSubscriptionStatuses }),
    billingInterval: text('billing_interval', { enum: billingIntervals }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'billing_accounts_stripe_status_valid',
      sql`${t.stripeStatus} is null or ${t.stripeStatus} in (${sqlList(stripeSubscriptionStatuses)})`,
    ),
    check(
      'billing_accounts_interval_valid',
      sql`${t.billingInterval} is null or ${t.billingInterval} in (${sqlList(billingIntervals)})`,
    ),
  ],
)

/** Stripe events already processed, so a repeated delivery does nothing twice. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Raw bytes (an uploaded image): a Buffer in, a Buffer out. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * A business's logo, validated on upload (PNG, JPEG or WebP, size and dimensions limited) and
 * served from a content-addressed URL with long cache headers: `sha256` names the version.
 */
export const tenantLogos = pgTable('tenant_logos', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  sha256: text('sha256').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updatedAt: updatedAt(),
})

/** A team member's former profile slugs: an old link to the profile redirects to the new one. */
export const teamMemberSlugRedirects = pgTable(
  'team_member_slug_redirects',
  {
    tenantId: uuid('tenant_id').notNull(),
    oldSlug: text('old_slug').notNull(),
    teamMemberId: uuid('team_member_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'team_member_slug_redirects_pk', columns: [t.tenantId, t.oldSlug] }),
    foreignKey({
      name: 'team_member_slug_redirects_member_fk',
      columns: [t.tenantId, t.teamMemberId],
      foreignColumns: [teamMembers.tenantId, teamMembers.id],
    }).onDelete('cascade'),
  ],
)

/** A business's former public slugs: an old booking link finds the business. */
export const tenantSlugRedirects = pgTable('tenant_slug_redirects', {
  oldSlug: text('old_slug').primaryKey(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
})

/**
 * A business's connected Stripe account (Stripe Connect), one per business; no row means not
 * connected. The columns mirror what the last sync read from Stripe.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    stripeAccountId: text('stripe_account_id')
      .notNull()
      .unique('payment_accounts_stripe_account_unique'),
    /** `active` once Stripe lets it take charges; paid bookings need it. */
    status: text('status', { enum: paymentAccountStatuses }).notNull().default('pending'),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    /** What Stripe still asks of the business (its requirement names), for Settings → Payments. */
    requirementsDue: text('requirements_due').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'payment_accounts_status_valid',
      sql`${t.status} in (${sqlList(paymentAccountStatuses)})`,
    ),
  ],
)

/**
 * Money taken (or a card saved) for an appointment, on the business's connected account.
 * Amounts in minor units of `currency`. Kept for the books: an appointment with payments
 * cannot be deleted (the foreign key restricts).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    appointmentId: uuid('appointment_id').notNull(),
    kind: text('kind', { enum: paymentKinds }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    /** What is (to be) charged; 0 for a card saved for a later no-show fee. */
    amountMinor: integer('amount_minor').notNull(),
    refundedAmountMinor: integer('refunded_amount_minor').notNull().default(0),
    currency: char('currency', { length: 3 }).notNull(),
    /**
     * The connected account charged: a later change of account leaves past payments on theirs.
     * Null exactly for money taken at the venue (`in_person`), which Stripe never saw.
     */
    stripeAccountId: text('stripe_account_id'),
    /** How an `in_person` payment was made; null for the others (a CHECK). */
    method: text('method', { enum: tillMethods }),
    stripeCheckoutSessionId: text('stripe_checkout_session_id').unique(
      'payments_stripe_checkout_session_unique',
    ),
    stripePaymentIntentId: text('stripe_payment_intent_id').unique(
      'payments_stripe_payment_intent_unique',
    ),
    stripeCustomerId: text('stripe_customer_id'),
    stripePaymentMethodId: text('stripe_payment_method_id'),
    /** Why the last attempt failed, as Stripe said it (shown to staff). */
    failureMessage: text('failure_message'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payments_tenant_id_id_unique').on(t.tenantId, t.id),
    // An appointment's payments (its dialog, the payment sync, cancellation refunds).
    index('payments_appointment_idx').on(t.tenantId, t.appointmentId),
    // The payments list, newest first, and its CSV export by date range.
    index('payments_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    // One open Checkout per appointment: a second would charge the customer twice.
    uniqueIndex('payments_one_pending_per_appointment')
      .on(t.tenantId, t.appointmentId)
      .where(sql`${t.status} = 'pending' and ${t.kind} <> 'no_show_fee'`),
    // A no-show fee is charged once: one attempt under way or succeeded per appointment.
    uniqueIndex('payments_one_no_show_fee_charge')
      .on(t.tenantId, t.appointmentId)
      .where(sql`${t.kind} = 'no_show_fee' and ${t.status} in ('pending', 'succeeded')`),
    foreignKey({
      name: 'payments_appointment_fk',
      columns: [t.tenantId, t.appointmentId],
      foreignColumns: [appointments.tenantId, appointments.id],
    }),
    check('payments_kind_valid', sql`${t.kind} in (${sqlList(paymentKinds)})`),
    check('payments_status_valid', sql`${t.status} in (${sqlList(paymentStatuses)})`),
    check('payments_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'payments_amounts_valid',
      sql`${t.amountMinor} >= 0 and ${t.refundedAmountMinor} >= 0 and ${t.refundedAmountMinor} <= ${t.amountMinor}`,
    ),
    // Only money taken can be given back, and only a saved card is a payment of nothing.
    check(
      'payments_refund_of_paid',
      sql`${t.refundedAmountMinor} = 0 or ${t.status} = 'succeeded'`,
    ),
    check('payments_amount_of_kind', sql`(${t.kind} = 'card_on_file') = (${t.amountMinor} = 0)`),
    check('payments_paid_at_valid', sql`(${t.status} = 'succeeded') = (${t.paidAt} is not null)`),
    // Money taken at the venue has a method and no Stripe account; every other payment the reverse.
    check(
      'payments_in_person_shape',
      sql`(${t.kind} = 'in_person') = (${t.method} is not null)
        and (${t.kind} = 'in_person') = (${t.stripeAccountId} is null)`,
    ),
    check(
      'payments_method_valid',
      sql`${t.method} is null or ${t.method} in (${sqlList(tillMethods)})`,
    ),
  ],
)

/**
 * A visit checked out at the till: what it came to (the service, extras sold, a discount), what
 * had been paid online before, and the tip; the money taken now is its `in_person` payment
 * (none when nothing was left to pay). One per appointment: a second checkout is refused.
 * Amounts in minor units of `currency`.
 */
export const appointmentCheckouts = pgTable(
  'appointment_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    appointmentId: uuid('appointment_id').notNull(),
    /** The money taken now (due + tip); null when nothing was taken. */
    paymentId: uuid('payment_id'),
    serviceMinor: integer('service_minor').notNull(),
    extras: jsonb('extras').$type<CheckoutExtra[]>().notNull().default([]),
    extrasMinor: integer('extras_minor').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    /** Paid online before (prepayment or deposit), less what was refunded of it. */
    paidBeforeMinor: integer('paid_before_minor').notNull(),
    tipMinor: integer('tip_minor').notNull(),
    /** What was taken now: what was still due plus the tip. */
    paidNowMinor: integer('paid_now_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    actorUid: text('actor_uid'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('appointment_checkouts_tenant_id_id_unique').on(t.tenantId, t.id),
    uniqueIndex('appointment_checkouts_one_per_appointment').on(t.tenantId, t.appointmentId),
    foreignKey({
      name: 'appointment_checkouts_appointment_fk',
      columns: [t.tenantId, t.appointmentId],
      foreignColumns: [appointments.tenantId, appointments.id],
    }),
    foreignKey({
      name: 'appointment_checkouts_payment_fk',
      columns: [t.tenantId, t.paymentId],
      foreignColumns: [payments.tenantId, payments.id],
    }),
    check(
      'appointment_checkouts_amounts_valid',
      sql`${t.serviceMinor} >= 0 and ${t.extrasMinor} >= 0 and ${t.discountMinor} >= 0
        and ${t.discountMinor} <= ${t.serviceMinor} + ${t.extrasMinor}
        and ${t.paidBeforeMinor} >= 0 and ${t.tipMinor} >= 0
        and ${t.paidNowMinor} = greatest(${t.serviceMinor} + ${t.extrasMinor} - ${t.discountMinor} - ${t.paidBeforeMinor}, 0) + ${t.tipMinor}`,
    ),
    check(
      'appointment_checkouts_paid_now',
      sql`(${t.paidNowMinor} > 0) = (${t.paymentId} is not null)`,
    ),
  ],
)

/** Money given back from a payment, whole or part; written with the payment's new total. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    paymentId: uuid('payment_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** The reason as staff typed it (or the system's, for automatic refunds). */
    reason: text('reason').notNull().default(''),
    /** Why it was refunded: a cancellation before the cut-off, staff, or a payment too late. */
    cause: text('cause', { enum: refundCauses }).notNull(),
    /** The staff user who refunded; null for automatic refunds. */
    actorUid: text('actor_uid'),
    actorName: text('actor_name'),
    stripeRefundId: text('stripe_refund_id').unique('payment_refunds_stripe_refund_unique'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_refunds_payment_idx').on(t.tenantId, t.paymentId),
    foreignKey({
      name: 'payment_refunds_payment_fk',
      columns: [t.tenantId, t.paymentId],
      foreignColumns: [payments.tenantId, payments.id],
    }),
    check('payment_refunds_amount_positive', sql`${t.amountMinor} > 0`),
    check('payment_refunds_cause_valid', sql`${t.cause} in (${sqlList(refundCauses)})`),
  ],
)

/*
 * The public API's per-IP and per-e-mail rate limits when several API processes share one
 * PostgreSQL (server/security/shared-rate-limits.ts); embedded PGlite counts in its one
 * process and leaves both empty. Keys are hashed: no address or e-mail is stored. The tables
 * are UNLOGGED (in the migration): the counts only matter for a minute or an hour, so a
 * crash may empty them, and their writes skip the WAL.
 */

/** One row per allowed hit of an exact limit (writes per IP, bookings per e-mail). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    keyHash: text('key_hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.bucket, t.keyHash, t.at)],
)

/** Hits of the read limit per key and slot of time, added up by every process in batches. */
export const rateLimitCounts = pgTable(
  'rate_limit_counts',
  {
    bucket: text('bucket').notNull(),
    keyHash: text('key_hash').notNull(),
    /** Milliseconds since the epoch divided by the slot's length (a sixtieth of the window). */
    slot: bigint('slot', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.keyHash, t.slot] })],
)

// Calendar sync's tables live in a module of their own (this file is long enough).
export * from './schema/calendar-sync.ts'
