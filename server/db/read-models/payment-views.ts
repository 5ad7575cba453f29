import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lt,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { ActivityCursor } from '../../domain/activity-cursor.ts'
import {
  type PaymentState,
  type PaymentSummary,
  summarisePayments,
} from '../../domain/payment-state.ts'
import {
  appointmentCustomer,
  appointmentService,
  paymentAppointment,
  refundPayment,
} from '../appointment-joins.ts'
import type { Db } from '../database.ts'
import {
  appointments,
  customers,
  paymentRefunds,
  payments,
  services,
  type tillMethods,
} from '../schema.ts'

type TillMethod = (typeof tillMethods)[number]

/*
 * Payments as staff read them: an appointment's payments summed up for the lists, the payments
 * list and its CSV, and what a period actually brought in for the dashboard. Query-only.
 */

/** An appointment's payments summed up, in the currency they were taken in. */
export interface AppointmentPaymentSummary extends PaymentSummary {
  currency: string
}

/**
 * The payment summary of each of the appointments that has payments, in ONE query however
 * many appointments a list holds (an appointment without payments is absent from the map).
 */
export async function loadPaymentSummaries(
  db: Db,
  tenantId: string,
  appointmentIds: readonly string[],
): Promise<Map<string, AppointmentPaymentSummary>> {
  const summaries = new Map<string, AppointmentPaymentSummary>()
  if (appointmentIds.length === 0) return summaries
  const rows = await db
    .select({
      appointmentId: payments.appointmentId,
      kind: payments.kind,
      status: payments.status,
      amountMinor: payments.amountMinor,
      refundedAmountMinor: payments.refundedAmountMinor,
      currency: payments.currency,
    })
    .from(payments)
    .where(
      and(eq(payments.tenantId, tenantId), inArray(payments.appointmentId, [...appointmentIds])),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
  const byAppointment = new Map<string, (typeof rows)[number][]>()
  for (const row of rows) {
    const ofAppointment = byAppointment.get(row.appointmentId)
    if (ofAppointment) ofAppointment.push(row)
    else byAppointment.set(row.appointmentId, [row])
  }
  for (const [appointmentId, ofAppointment] of byAppointment) {
    const summary = summarisePayments(ofAppointment)
    // The latest payment's currency: an appointment's payments are all in its price's currency.
    const currency = ofAppointment.at(-1)?.currency
    if (summary && currency) summaries.set(appointmentId, { ...summary, currency })
  }
  return summaries
}

/**
 * Each state as a condition on ONE payment row, so the list can filter by it in SQL. It must
 * say what `summarisePayments([row])` says of that row; `tests/api/payments-list.test.ts`
 * holds the two together for every kind, status and refund.
 */
const STATE_CONDITIONS: Record<PaymentState, SQL> = {
  pending: sql`${payments.status} = 'pending'`,
  failed: sql`${payments.status} = 'failed'`,
  expired: sql`${payments.status} = 'expired'`,
  card_on_file: sql`${payments.status} = 'succeeded' and ${payments.kind} = 'card_on_file'`,
  paid: sql`${payments.status} = 'succeeded' and ${payments.kind} in ('prepayment', 'no_show_fee', 'in_person') and ${payments.refundedAmountMinor} = 0`,
  deposit_paid: sql`${payments.status} = 'succeeded' and ${payments.kind} = 'deposit' and ${payments.refundedAmountMinor} = 0`,
  partly_refunded: sql`${payments.status} = 'succeeded' and ${payments.refundedAmountMinor} > 0 and ${payments.refundedAmountMinor} < ${payments.amountMinor}`,
  refunded: sql`${payments.status} = 'succeeded' and ${payments.kind} <> 'card_on_file' and ${payments.refundedAmountMinor} >= ${payments.amountMinor}`,
}

export interface PaymentListFilter {
  /** Started at or after (inclusive). */
  from?: Date | undefined
  /** Started before (exclusive). */
  to?: Date | undefined
  state?: PaymentState | undefined
  /** Only payments older than this one (newest-first order). */
  after?: ActivityCursor | null
}

/** A payment with what the list shows of its appointment. */
export interface PaymentListRow {
  id: string
  kind: 'prepayment' | 'deposit' | 'no_show_fee' | 'in_person'
  /** How an `in_person` payment was made; null for payments online. */
  method: TillMethod | null
  state: PaymentState
  amountMinor: number
  refundedMinor: number
  /** What the business keeps: charged less refunded; 0 while nothing was charged. */
  netMinor: number
  currency: string
  createdAt: Date
  paidAt: Date | null
  appointmentId: string
  appointmentStartsAt: Date
  customerId: string
  customerName: string
  serviceName: string
  /** created_at in UTC with PostgreSQL's full microsecond precision, for the next page's cursor. */
  position: string
}

const position = sql<string>`to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/**
 * Up to `limit` payments of the business, newest first (same instant: higher id first). A card
 * kept on file moves no money, so it is not a payment here. One query, joined.
 */
export async function listPayments(
  db: Db,
  tenantId: string,
  filter: PaymentListFilter,
  limit: number,
): Promise<PaymentListRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(payments.tenantId, tenantId),
    ne(payments.kind, 'card_on_file'),
  ]
  if (filter.from) conditions.push(gte(payments.createdAt, filter.from))
  if (filter.to) conditions.push(lt(payments.createdAt, filter.to))
  if (filter.state) conditions.push(STATE_CONDITIONS[filter.state])
  if (filter.after) {
    conditions.push(
      sql`(${payments.createdAt}, ${payments.id}) < (${filter.after.occurredAt}::timestamptz, ${filter.after.id}::uuid)`,
    )
  }
  const rows = await db
    .select({
      payment: getTableColumns(payments),
      appointmentStartsAt: appointments.startsAt,
      customerId: appointments.customerId,
      customerName: customers.name,
      serviceName: services.name,
      position,
    })
    .from(payments)
    .innerJoin(appointments, paymentAppointment())
    .innerJoin(services, appointmentService())
    .innerJoin(customers, appointmentCustomer())
    .where(and(...conditions))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)
  return rows.flatMap(({ payment, ...joined }) => {
    const summary = summarisePayments([payment])
    if (!summary || payment.kind === 'card_on_file') return []
    return [
      {
        id: payment.id,
        kind: payment.kind,
        method: payment.method,
        state: summary.state,
        amountMinor: payment.amountMinor,
        refundedMinor: payment.refundedAmountMinor,
        netMinor: summary.paidMinor - summary.refundedMinor,
        currency: payment.currency,
        createdAt: payment.createdAt,
        paidAt: payment.paidAt,
        appointmentId: payment.appointmentId,
        ...joined,
      },
    ]
  })
}

/**
 * What [from, to) actually brought in, in minor units of `currency` (amounts in another
 * currency cannot be added to it and are left out): succeeded payments, online and at the till
 * (tips included), by when they were paid, less refunds by when they were made (a refund this
 * week of last week's payment lowers this week). A visit nobody recorded a payment for counts
 * nothing: revenue is exactly what the payments list holds. Holds, expired and failed payments
 * never count: only succeeded ones have a paid_at.
 */
export async function loadTakings(
  db: Db,
  tenantId: string,
  from: Date,
  to: Date,
  currency: string,
): Promise<number> {
  const [takings] = await loadTakingsByRange(db, tenantId, [from, to], currency)
  return takings ?? 0
}

/**
 * `loadTakings` of consecutive ranges [bounds[0], bounds[1]), [bounds[1], bounds[2]) … in one
 * statement (Insights' period and the one before it), in their order.
 */
export async function loadTakingsByRange(
  db: Db,
  tenantId: string,
  bounds: readonly Date[],
  currency: string,
): Promise<number[]> {
  const ranges = bounds
    .slice(1)
    .map(
      (to, n) =>
        sql`(${n}::int, ${bounds[n]?.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`,
    )
  if (ranges.length === 0) return []
  const result = (await db.execute(
    sql`select (
        (select coalesce(sum(${payments.amountMinor}), 0) from ${payments}
          where ${and(
            eq(payments.tenantId, tenantId),
            eq(payments.status, 'succeeded'),
            ne(payments.kind, 'card_on_file'),
            eq(payments.currency, currency),
          )}
            and ${payments.paidAt} >= r.range_from and ${payments.paidAt} < r.range_to)
        - (select coalesce(sum(${paymentRefunds.amountMinor}), 0) from ${paymentRefunds}
          join ${payments} on ${refundPayment()}
          where ${and(eq(paymentRefunds.tenantId, tenantId), eq(payments.currency, currency))}
            and ${paymentRefunds.createdAt} >= r.range_from
            and ${paymentRefunds.createdAt} < r.range_to)
      )::text as "takings"
      from (values ${sql.join(ranges, sql`, `)}) as r(n, range_from, range_to)
      order by r.n`,
  )) as unknown as { rows: { takings: string }[] }
  return result.rows.map((row) => Number(row.takings))
}
