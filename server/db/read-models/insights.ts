import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { isLateCancellation } from './customer-figures.ts'

/*
 * The figures of the Insights screen, in SQL, for a period and the one before it at once:
 * every query reads the appointments starting in [previousFrom, to) and files each under
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

const BOOKING = sql.raw(`('confirmed', 'completed', 'no_show')`)

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** `period` or `previous` for the appointment, by its start. */
const periodOf = (w: InsightsWindow) =>
  sql`case when appointments.starts_at >= ${w.from.toISOString()}::timestamptz then 'period' else 'previous' end`

/** The appointments of the business starting in either period. */
const inWindow = (w: InsightsWindow) =>
  sql`appointments.tenant_id = ${w.tenantId}::uuid
    and appointments.starts_at >= ${w.previousFrom.toISOString()}::timestamptz
    and appointments.starts_at < ${w.to.toISOString()}::timestamptz`

/**
 * Per member and period: bookings and their minutes (buffers left out), attendance and
 * cancellations (late ones by the business's cut-off, the client profile's rule).
 */
export function loadMemberBookings(
  db: Db,
  w: InsightsWindow,
  cutoffMinutes: number,
): Promise<MemberBookings[]> {
  return rowsOf(
    db,
    sql`select ${periodOf(w)} as "period", appointments.team_member_id as "teamMemberId",
        count(*) filter (where appointments.status in ${BOOKING})::int as "bookings",
        coalesce(sum(extract(epoch from appointments.ends_at - appointments.starts_at) / 60)
          filter (where appointments.status in ${BOOKING}), 0)::int as "bookedMinutes",
        count(*) filter (where appointments.status = 'completed')::int as "completed",
        count(*) filter (where appointments.status = 'no_show')::int as "noShows",
        count(*) filter (where appointments.status = 'cancelled')::int as "cancellations",
        count(*) filter (where ${isLateCancellation(cutoffMinutes)})::int as "lateCancellations"
      from appointments
      where ${inWindow(w)}
      group by 1, 2`,
  )
}

/** Bookings per service and period, with what they were booked for in `currency`. */
export function loadServiceBookings(
  db: Db,
  w: InsightsWindow,
  currency: string,
): Promise<ServiceBookings[]> {
  return rowsOf(
    db,
    sql`select ${periodOf(w)} as "period", appointments.service_id as "serviceId", s.name as "name",
        count(*)::int as "bookings",
        coalesce(sum(appointments.price_minor) filter (where appointments.currency = ${currency}), 0)::int
          as "bookedValueMinor"
      from appointments
      join services s on s.tenant_id = appointments.tenant_id and s.id = appointments.service_id
      where ${inWindow(w)} and appointments.status in ${BOOKING}
      group by 1, 2, 3`,
  )
}

/** Bookings per period, weekday (ISO, 1 = Monday) and hour on the wall clock of `timeZone`. */
export function loadHourBookings(
  db: Db,
  w: InsightsWindow,
  timeZone: string,
): Promise<HourBookings[]> {
  return rowsOf(
    db,
    sql`select ${periodOf(w)} as "period",
        extract(isodow from appointments.starts_at at time zone ${timeZone})::int as "weekday",
        extract(hour from appointments.starts_at at time zone ${timeZone})::int as "hour",
        count(*)::int as "bookings"
      from appointments
      where ${inWindow(w)} and appointments.status in ${BOOKING}
      group by 1, 2, 3`,
  )
}

/**
 * Customers with a booking in each period: returning when they had a booking starting before
 * that period began, new otherwise (their first booking ever starts in it). One probe of the
 * customer index per customer of the window, however long the business's history.
 */
export function loadClientCounts(db: Db, w: InsightsWindow): Promise<ClientCounts[]> {
  return rowsOf(
    db,
    sql`select c.period as "period",
        count(*) filter (where not c.earlier)::int as "newClients",
        count(*) filter (where c.earlier)::int as "returning"
      from (
        select d.period, exists (
          select 1 from appointments e
          where e.tenant_id = ${w.tenantId}::uuid and e.customer_id = d.customer_id
            and e.status in ${BOOKING}
            and e.starts_at < case when d.period = 'period'
              then ${w.from.toISOString()}::timestamptz
              else ${w.previousFrom.toISOString()}::timestamptz end
        ) as earlier
        from (
          select distinct ${periodOf(w)} as period, appointments.customer_id
          from appointments
          where ${inWindow(w)} and appointments.status in ${BOOKING}
        ) d
      ) c
      group by 1`,
  )
}

/**
 * Completed visits per period, and those whose customer has another booking starting after
 * the visit's start and at most REBOOKING_DAYS × 24 h after it: a window over each customer's
 * bookings in order (the frame is the bookings strictly after, up to the limit), one sort of
 * the window's bookings instead of a lookup per visit.
 */
export function loadRebooking(db: Db, w: InsightsWindow): Promise<RebookingCounts[]> {
  const limit = sql.raw(`interval '${REBOOKING_DAYS * 24} hours'`)
  return rowsOf(
    db,
    sql`select v.period as "period", count(*)::int as "visits",
        count(*) filter (where v.later > 0)::int as "rebooked"
      from (
        select ${periodOf(w)} as period, appointments.status,
          appointments.starts_at >= ${w.previousFrom.toISOString()}::timestamptz
            and appointments.starts_at < ${w.to.toISOString()}::timestamptz as in_window,
          count(*) over (
            partition by appointments.customer_id order by appointments.starts_at
            range between interval '1 microsecond' following and ${limit} following
          ) as later
        from appointments
        where appointments.tenant_id = ${w.tenantId}::uuid
          and appointments.status in ${BOOKING}
          and appointments.starts_at >= ${w.previousFrom.toISOString()}::timestamptz
          and appointments.starts_at < ${w.to.toISOString()}::timestamptz + ${limit}
      ) v
      where v.in_window and v.status = 'completed'
      group by 1`,
  )
}
