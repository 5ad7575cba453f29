/*
 * The value lists, column helpers and SQL helpers every table module uses.
 *
 * Conventions: every tenant-owned table has tenant_id NOT NULL, an index that starts with it,
 * and UNIQUE (tenant_id, id) so later tables can use composite foreign keys that make
 * cross-tenant references impossible rather than merely unlikely.
 */

import { sql } from 'drizzle-orm'
import { timestamp } from 'drizzle-orm/pg-core'

export const permissions = ['owner', 'admin', 'staff'] as const
export type Permission = (typeof permissions)[number]

export const billingIntervals = ['month', 'year'] as const

export const calendarViews = ['day', 'week', 'month'] as const
export type CalendarView = (typeof calendarViews)[number]

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

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
