import { sql } from 'drizzle-orm'
import {
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

// Conventions: every tenant-owned table has tenant_id NOT NULL, an index that starts with it,
// and UNIQUE (tenant_id, id) so later tables can use composite foreign keys that make
// cross-tenant references impossible rather than merely unlikely.

export const permissions = ['owner', 'admin', 'staff'] as const
export type Permission = (typeof permissions)[number]

export const subscriptionStatuses = ['active', 'trialing', 'past_due', 'cancelled'] as const
export type SubscriptionStatus = (typeof subscriptionStatuses)[number]

export const calendarViews = ['day', 'week', 'month'] as const
export type CalendarView = (typeof calendarViews)[number]

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Renders a TS tuple as an SQL `IN (...)` list for CHECK constraints; values are our own literals. */
const sqlList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))

export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
})

export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique('tenants_slug_unique'),
    timeZone: text('time_zone').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('USD'),
    domain: text('domain'),
    planId: text('plan_id')
      .notNull()
      .default('free')
      .references(() => plans.id),
    subscriptionStatus: text('subscription_status', { enum: subscriptionStatuses })
      .notNull()
      .default('active'),
    defaultCalendar: text('default_calendar', { enum: calendarViews }).notNull().default('week'),
    createdAt: createdAt(),
  },
  (t) => [
    check('tenants_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('tenants_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'tenants_subscription_status_valid',
      sql`${t.subscriptionStatus} in (${sqlList(subscriptionStatuses)})`,
    ),
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
    description: text('description'),
    durationMinutes: integer('duration_minutes').notNull(),
    priceMinor: integer('price_minor').notNull().default(0),
    currency: char('currency', { length: 3 }).notNull(),
    color: text('color'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('services_tenant_id_id_unique').on(t.tenantId, t.id),
    index('services_tenant_name_idx').on(t.tenantId, t.name),
    check(
      'services_duration_valid',
      sql`${t.durationMinutes} > 0 and ${t.durationMinutes} <= 1440`,
    ),
    check('services_price_valid', sql`${t.priceMinor} >= 0`),
    check('services_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
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
    timeZone: text('time_zone').notNull(),
    bookable: boolean('bookable').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('team_members_tenant_id_id_unique').on(t.tenantId, t.id),
    unique('team_members_tenant_slug_unique').on(t.tenantId, t.slug),
    check('team_members_permission_valid', sql`${t.permission} in (${sqlList(permissions)})`),
    check('team_members_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
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
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('customers_tenant_id_id_unique').on(t.tenantId, t.id),
    index('customers_tenant_name_idx').on(t.tenantId, t.name),
    // One customer record per e-mail address within a business, whatever its letter case.
    uniqueIndex('customers_tenant_email_unique')
      .on(t.tenantId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
  ],
)
