/*
 * The businesses, their people and what they offer: plans, tenants, users, memberships,
 * services, team members, settings, time off, logos and former slugs.
 */

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
import { LANGUAGES } from '../../../shared/languages.ts'
import type { BookingQuestion } from '../../domain/booking-questions.ts'
import type { WorkingDay } from '../../domain/working-hours.ts'
import {
  calendarViews,
  createdAt,
  paymentRules,
  permissions,
  sqlList,
  teamMemberChoices,
  themes,
  updatedAt,
} from './values.ts'

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
