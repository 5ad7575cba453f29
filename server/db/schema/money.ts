/*
 * Money: our own billing (billing accounts, Stripe events) and a business's payments
 * (connected accounts, payments, checkouts at the till, refunds).
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
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { CheckoutExtra } from '../../../shared/till-checkout.ts'
import { stripeSubscriptionStatuses } from '../../domain/plan-in-force.ts'
import { appointments } from './appointments.ts'
import { plans, tenants } from './business.ts'
import {
  billingIntervals,
  createdAt,
  paymentAccountStatuses,
  paymentKinds,
  paymentStatuses,
  refundCauses,
  sqlList,
  tillMethods,
  updatedAt,
} from './values.ts'

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
