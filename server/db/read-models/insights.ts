import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { isLateCancellation } from './customer-figures.ts'

/*
 * The figures of the Insights screen, in SQL, for a period and the one before it at once: one
 * statement reads the appointments starting in [previousFrom, to) and files each under
 * `period` (from `from` on) or `previous`. Definitions are the contract's (`InsightsPeriod`)
 * and docs/design/insights.md; money is `loadTakings`, the dashboard's rule.
 */

export type PeriodKey = 'period' | 'previous'

/** The previous period [previousFrom, from) and the period [from, to), as instants. */
export interface InsightsWindow {
  tenantId: string
  previousFrom: Date
  from: Date
  to: Date
}

export interface MemberBookings {
  period: PeriodKey
  teamMemberId: string
  bookings: number
  bookedMinutes: number
  completed: number
  noShows: number
  cancellations: number
  lateCancellations: number
}

export interface ServiceBookings {
  period: PeriodKey
  serviceId: string
  name: string
  bookings: number
  /** Prices of the bookings in the business currency (others left out). */
  bookedValueMinor: number
}

export interface HourBookings {
  period: PeriodKey
  weekday: number
  hour: number
  bookings: number
}

export interface ClientCounts {
  period: PeriodKey
  newClients: number
  returning: number
}

export interface RebookingCounts {
  period: PeriodKey
  visits: number
  rebooked: number
}

/** How far after a completed visit a next booking counts as a rebooking. */
export const REBOOKING_DAYS = 60

/** Every appointment figure of the window, row by row, as `loadInsightsRows` reads them. */
export interface InsightsRows {
  members: MemberBookings[]
  services: ServiceBookings[]
  hours: HourBookings[]
  clients: ClientCounts[]
  rebooking: RebookingCounts[]
}

const BOOKING = sql.raw(`('confirmed', 'completed', 'no_show')`)
const EPOCH = sql.raw(`timestamptz '1970-01-01 00:00:00+00'`)

/**
 * Every appointment figure of both periods in one statement: the window's appointments are
 * read once (with the REBOOKING_DAYS after it, for rebookings) into `visits`, and each figure
 * is a pass over that, handed back as JSON rows. One index scan of the window instead of one
 * per figure, and one round trip.
 *
 * - members: per member, bookings and their minutes (buffers left out), attendance and
 *   cancellations (late ones by the business's cut-off, the client profile's rule);
 * - services: bookings per service, with what they were booked for in `currency`;
 * - hours: bookings per ISO weekday (1 = Monday) and hour on the wall clock of `timeZone`;
 * - clients: customers with a booking in a period are returning when they had a booking
 *   starting before that period began (in the previous period, or before it by one probe of
 *   the customer index per customer of the window), new otherwise;
 * - rebooking: completed visits, and those whose customer has another booking starting after
 *   the visit's start and at most REBOOKING_DAYS × 24 h after it (a window frame over each
 *   customer's bookings in order: one sort instead of a lookup per visit).
 */
export async function loadInsightsRows(
  db: Db,
  w: InsightsWindow,
  business: { cutoffMinutes: number; currency: string; timeZone: string },
): Promise<InsightsRows> {
  const { cutoffMinutes, currency, timeZone } = business
  const previousFrom = sql`${w.previousFrom.toISOString()}::timestamptz`
  const from = sql`${w.from.toISOString()}::timestamptz`
  const to = sql`${w.to.toISOString()}::timestamptz`
  const rebookingLimit = sql.raw(`interval '${REBOOKING_DAYS * 24} hours'`)
  const asJson = (rows: SQL) => sql`(select coalesce(json_agg(r), '[]') from (${rows}) r)`

  const members = sql`select v.period, v.team_member_id as "teamMemberId",
      count(*) filter (where v.booking)::int as "bookings",
      coalesce(sum(v.minutes) filter (where v.booking), 0)::int as "bookedMinutes",
      count(*) filter (where v.status = 'completed')::int as "completed",
      count(*) filter (where v.status = 'no_show')::int as "noShows",
      count(*) filter (where v.status = 'cancelled')::int as "cancellations",
      count(*) filter (where v.late_cancellation)::int as "lateCancellations"
    from visits v where v.in_window group by 1, 2`
  const services = sql`select b.period, b.service_id as "serviceId", s.name as "name",
      b.bookings, b.booked_value as "bookedValueMinor"
    from (
      select v.period, v.service_id, count(*)::int as bookings,
        coalesce(sum(v.price_minor) filter (where v.currency = ${currency}), 0)::int as booked_value
      from visits v where v.in_window and v.booking group by 1, 2
    ) b
    join services s on s.tenant_id = ${w.tenantId}::uuid and s.id = b.service_id`
  // Counted per quarter hour first, then each quarter read on the wall clock: every zone's
  // offset is a whole number of quarter hours, and a time zone conversion per row is what
  // costs most here.
  const hours = sql`select q.period,
      date_part('isodow', q.quarter at time zone ${timeZone})::int as "weekday",
      date_part('hour', q.quarter at time zone ${timeZone})::int as "hour",
      sum(q.bookings)::int as "bookings"
    from (
      select v.period, date_bin('15 minutes', v.starts_at, ${EPOCH}) as quarter,
        count(*) as bookings
      from visits v where v.in_window and v.booking group by 1, 2
    ) q
    group by 1, 2, 3`
  const clients = sql`select p.period,
      count(*) filter (where not p.earlier)::int as "newClients",
      count(*) filter (where p.earlier)::int as "returning"
    from (
      select v.customer_id, bool_or(v.period = 'previous') as in_previous,
        bool_or(v.period = 'period') as in_period
      from visits v where v.in_window and v.booking group by 1
    ) c
    cross join lateral (
      select exists (
        select 1 from appointments e
        where e.tenant_id = ${w.tenantId}::uuid and e.customer_id = c.customer_id
          and e.status in ${BOOKING} and e.starts_at < ${previousFrom}
      ) as before
      offset 0 -- probed once per customer, though both periods below read it
    ) b
    cross join lateral (
      values ('previous', c.in_previous, b.before), ('period', c.in_period, b.before or c.in_previous)
    ) as p(period, present, earlier)
    where p.present
    group by 1`
  const rebooking = sql`select r.period, count(*)::int as "visits",
      count(*) filter (where r.later > 0)::int as "rebooked"
    from (
      select v.period, v.in_window, v.status,
        count(*) over (
          partition by v.customer_id order by v.starts_at
          range between interval '1 microsecond' following and ${rebookingLimit} following
        ) as later
      from visits v where v.booking
    ) r
    where r.in_window and r.status = 'completed'
    group by 1`

  const [row] = await rowsOf<InsightsRows>(
    db,
    sql`with visits as materialized (
        select
          case when appointments.starts_at >= ${from} then 'period' else 'previous' end as period,
          appointments.starts_at < ${to} as in_window,
          appointments.status in ${BOOKING} as booking,
          ${isLateCancellation(cutoffMinutes)} as late_cancellation,
          date_part('epoch', appointments.ends_at - appointments.starts_at) / 60 as minutes,
          appointments.team_member_id, appointments.service_id, appointments.customer_id,
          appointments.status, appointments.starts_at, appointments.price_minor,
          appointments.currency
        from appointments
        where appointments.tenant_id = ${w.tenantId}::uuid
          and appointments.starts_at >= ${previousFrom}
          and appointments.starts_at < ${to} + ${rebookingLimit}
      )
      select ${asJson(members)} as "members", ${asJson(services)} as "services",
        ${asJson(hours)} as "hours", ${asJson(clients)} as "clients",
        ${asJson(rebooking)} as "rebooking"`,
  )
  if (!row) throw new Error('The insights statement returned no row.')
  return row
}

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
