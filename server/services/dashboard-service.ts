import type { components } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import { loadAppointments } from '../db/read-models/appointment-views.ts'
import { loadTakings } from '../db/read-models/payment-views.ts'
import { createAppointmentRepository } from '../db/repositories/appointment-repository.ts'
import { addDays, dateAt, startOfDate, weekAround } from '../domain/business-time.ts'

type Dashboard = components['schemas']['Dashboard']

const DAY_MS = 86_400_000
const NO_SHOW_PERIOD_DAYS = 30
const UPCOMING_LIMIT = 10
/** Bookings: what the lists show (not cancelled, and not a payment hold, live or expired). */
const HELD = ['confirmed', 'completed', 'no_show'] as const

/** The staff dashboard: today, this week and attendance, in the business's time zone. */
export function createDashboardService(database: Database) {
  return {
    /**
     * Today and this week (Monday to Sunday) in the business's time zone. Counts leave out
     * cancelled appointments; revenue is what the week actually brought in, in the business
     * currency (`loadTakings`: payments online and at the till, less refunds), so a booking nobody paid for yet never counts as money; the no-show rate is over the appointments that started in the last 30 days and were closed.
     */
    async dashboard(tenantId: string): Promise<Dashboard> {
      const repo = createAppointmentRepository(database.db)
      const { timeZone, currency } = await repo.policy(tenantId)
      const now = Date.now()
      const today = dateAt(now, timeZone)
      const week = weekAround(today)
      const dayStart = new Date(startOfDate(today, timeZone))
      const tomorrow = new Date(startOfDate(addDays(today, 1), timeZone))
      const weekStart = new Date(startOfDate(week.startDate, timeZone))
      const weekEnd = new Date(startOfDate(addDays(week.endDate, 1), timeZone))

      const todayTotals = await repo.totals(tenantId, dayStart, tomorrow)
      const weekTotals = await repo.totals(tenantId, weekStart, weekEnd)
      const weekRevenue = await loadTakings(database.db, tenantId, weekStart, weekEnd, currency)
      const attendance = await repo.attendance(
        tenantId,
        new Date(now - NO_SHOW_PERIOD_DAYS * DAY_MS),
        new Date(now),
      )
      const todayAppointments = await loadAppointments(database.db, tenantId, {
        startingFrom: dayStart,
        startingBefore: tomorrow,
        statuses: HELD,
        limit: 500,
      })
      const upcoming = await loadAppointments(database.db, tenantId, {
        startingFrom: tomorrow,
        statuses: HELD,
        limit: UPCOMING_LIMIT,
      })
      const closed = attendance.completed + attendance.noShows
      return {
        time_zone: timeZone,
        today: { date: today, count: todayTotals.count },
        week: {
          start_date: week.startDate,
          end_date: week.endDate,
          count: weekTotals.count,
          revenue: { amount_minor: weekRevenue, currency },
        },
        no_show_rate: {
          rate: closed === 0 ? null : attendance.noShows / closed,
          no_shows: attendance.noShows,
          attended_or_missed: closed,
          period_days: NO_SHOW_PERIOD_DAYS,
        },
        today_appointments: todayAppointments,
        upcoming,
      }
    },
  }
}
