import type { components } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import {
  type InsightsWindow,
  loadInsightsRows,
  type MemberBookings,
  type PeriodKey,
} from '../db/read-models/insights.ts'
import { loadTakingsByRange } from '../db/read-models/payment-views.ts'
import { createAppointmentRepository } from '../db/repositories/appointment-repository.ts'
import { createScheduleRepository } from '../db/repositories/schedule-repository.ts'
import { createSettingsRepository } from '../db/repositories/settings-repository.ts'
import { timeOffSpan } from '../db/repositories/time-off-repository.ts'
import { addDays, daysBetween, startOfDate } from '../domain/business-time.ts'
import { INSIGHTS_CSV, type InsightsChart } from '../domain/insights-csv.ts'
import { invalidField } from '../domain/refusal.ts'
import { availableMinutes, rateOf } from '../domain/utilisation.ts'

type Insights = components['schemas']['Insights']
type InsightsPeriod = components['schemas']['InsightsPeriod']

/** How many days after the first the last may be: a whole year, leap years included. */
export const MAX_INSIGHTS_DAYS = 366
const TOP_SERVICES = 5

export interface InsightsQuery {
  start_date: string
  end_date: string
}

export interface InsightsExport {
  fileName: string
  /** RFC 4180 CSV with a BOM, so spreadsheets read it as UTF-8. */
  body: string
}

/**
 * Insights: the figures of a run of dates in the business's zone and of the run just before
 * it, each computed once in SQL (`read-models/insights.ts`); available minutes come from the
 * availability engine's working time. Read-only; owners and admins (the access table).
 */
export function createInsightsService(database: Database) {
  const { db } = database

  async function insights(tenantId: string, query: InsightsQuery): Promise<Insights> {
    const { start_date: startDate, end_date: endDate } = query
    const days = checkedLength(startDate, endDate)
    const previousStart = addDays(startDate, -(days + 1))
    const previousEnd = addDays(startDate, -1)
    const [{ timeZone, currency }, { cancellationCutoffMinutes }] = await Promise.all([
      createAppointmentRepository(db).policy(tenantId),
      createSettingsRepository(db).get(tenantId),
    ])
    const w: InsightsWindow = {
      tenantId,
      previousFrom: new Date(startOfDate(previousStart, timeZone)),
      from: new Date(startOfDate(startDate, timeZone)),
      to: new Date(startOfDate(addDays(endDate, 1), timeZone)),
    }
    const [team, figures, [previousRevenue = 0, revenue = 0]] = await Promise.all([
      teamWithTimeOff(createScheduleRepository(db), tenantId, w),
      loadInsightsRows(db, w, { cutoffMinutes: cancellationCutoffMinutes, currency, timeZone }),
      loadTakingsByRange(db, tenantId, [w.previousFrom, w.from, w.to], currency),
    ])
    const { members: byMember, services: byService, hours: byHour, clients, rebooking } = figures

    const periodOf = (key: PeriodKey, first: string, last: string, money: number) => {
      const [from, to] = key === 'period' ? [w.from, w.to] : [w.previousFrom, w.from]
      const rows = byMember.filter((row) => row.period === key)
      const sum = (field: keyof Omit<MemberBookings, 'period' | 'teamMemberId'>) =>
        rows.reduce((total, row) => total + row[field], 0)
      const completed = sum('completed')
      const noShows = sum('noShows')
      const client = clients.find((row) => row.period === key)
      const visits = rebooking.find((row) => row.period === key)
      const period: InsightsPeriod = {
        start_date: first,
        end_date: last,
        revenue: { amount_minor: money, currency },
        bookings: sum('bookings'),
        attendance: {
          completed,
          no_shows: noShows,
          no_show_rate: rateOf(noShows, completed + noShows),
          cancellations: sum('cancellations'),
          late_cancellations: sum('lateCancellations'),
        },
        clients: { new: client?.newClients ?? 0, returning: client?.returning ?? 0 },
        rebooking: {
          visits: visits?.visits ?? 0,
          rebooked: visits?.rebooked ?? 0,
          rate: rateOf(visits?.rebooked ?? 0, visits?.visits ?? 0),
        },
        utilisation: team.map((member) => {
          const booked = rows.find((row) => row.teamMemberId === member.id)?.bookedMinutes ?? 0
          const available = availableMinutes(member, from.getTime(), to.getTime())
          return {
            team_member_id: member.id,
            name: member.name,
            booked_minutes: booked,
            available_minutes: available,
            rate: rateOf(booked, available),
          }
        }),
        top_services: byService
          .filter((row) => row.period === key)
          .sort((a, b) => b.bookings - a.bookings || a.name.localeCompare(b.name))
          .slice(0, TOP_SERVICES)
          .map((row) => ({
            service_id: row.serviceId,
            name: row.name,
            bookings: row.bookings,
            booked_value: { amount_minor: row.bookedValueMinor, currency },
          })),
        busiest_hours: byHour
          .filter((row) => row.period === key)
          .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)
          .map(({ weekday, hour, bookings }) => ({ weekday, hour, bookings })),
      }
      return period
    }

    return {
      time_zone: timeZone,
      currency,
      period: periodOf('period', startDate, endDate, revenue),
      previous: periodOf('previous', previousStart, previousEnd, previousRevenue),
    }
  }

  return {
    insights,

    /** One chart's rows as CSV, named for the chart and the dates. */
    async export(
      tenantId: string,
      query: InsightsQuery & { chart: InsightsChart },
    ): Promise<InsightsExport> {
      const figures = await insights(tenantId, query)
      return {
        fileName: `insights-${query.chart}-${query.start_date}-to-${query.end_date}.csv`,
        body: INSIGHTS_CSV[query.chart](figures),
      }
    },
  }
}

export type InsightsService = ReturnType<typeof createInsightsService>

/** Every team member (bookable or not) by name, with their time off in the window. */
async function teamWithTimeOff(
  schedules: ReturnType<typeof createScheduleRepository>,
  tenantId: string,
  w: InsightsWindow,
) {
  const members = await schedules.members(tenantId, { bookableOnly: false })
  const away = await schedules.timeOff(
    tenantId,
    members.map((member) => member.id),
    w.previousFrom.getTime(),
    w.to.getTime(),
  )
  return members
    .map((member) => ({
      ...member,
      timeOff: away.filter((row) => row.teamMemberId === member.id).map(timeOffSpan),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
}

/** Days after the first the range runs to; refuses a reversed or too long range. */
function checkedLength(startDate: string, endDate: string): number {
  const days = daysBetween(startDate, endDate)
  if (days < 0) {
    throw invalidField('query.end_date', `must be on or after start_date (${startDate})`)
  }
  if (days > MAX_INSIGHTS_DAYS) {
    throw invalidField(
      'query.end_date',
      `must be at most ${MAX_INSIGHTS_DAYS} days after start_date`,
    )
  }
  return days
}
