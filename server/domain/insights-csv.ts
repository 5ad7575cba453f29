import type { components } from '../../shared/contract/schema.d.ts'
import { type CsvValue, csvRow, UTF8_BOM } from './csv.ts'
import { decimalAmount } from './payment-csv.ts'

type Insights = components['schemas']['Insights']
type InsightsPeriod = components['schemas']['InsightsPeriod']
export type InsightsChart = components['schemas']['InsightsChart']

/*
 * Each chart of Insights as the CSV a spreadsheet opens: the period's figure and, where the
 * chart compares, the previous period's beside it. Amounts are decimals in the currency,
 * rates fractions (0.25, empty when there is nothing to divide by); every cell goes through
 * `csvCell`, so a service or member named "=SUM(...)" stays text.
 */

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

const file = (rows: readonly (readonly CsvValue[])[]) => UTF8_BOM + rows.map(csvRow).join('')

function summary({ currency, period, previous }: Insights): string {
  const figures: [string, (p: InsightsPeriod) => CsvValue][] = [
    ['revenue', (p) => decimalAmount(p.revenue.amount_minor, currency)],
    ['bookings', (p) => p.bookings],
    ['completed', (p) => p.attendance.completed],
    ['no_shows', (p) => p.attendance.no_shows],
    ['no_show_rate', (p) => p.attendance.no_show_rate],
    ['cancellations', (p) => p.attendance.cancellations],
    ['late_cancellations', (p) => p.attendance.late_cancellations],
    ['new_clients', (p) => p.clients.new],
    ['returning_clients', (p) => p.clients.returning],
    ['completed_visits', (p) => p.rebooking.visits],
    ['rebooked_within_60_days', (p) => p.rebooking.rebooked],
    ['rebooking_rate', (p) => p.rebooking.rate],
  ]
  return file([
    ['figure', 'period', 'previous_period', 'currency'],
    ...figures.map(([name, of]) => [name, of(period), of(previous), currency]),
  ])
}

function utilisation({ period, previous }: Insights): string {
  return file([
    [
      'team_member',
      'booked_minutes',
      'available_minutes',
      'utilisation',
      'previous_booked_minutes',
      'previous_available_minutes',
      'previous_utilisation',
    ],
    ...period.utilisation.map((row) => {
      const before = previous.utilisation.find((p) => p.team_member_id === row.team_member_id)
      return [
        row.name,
        row.booked_minutes,
        row.available_minutes,
        row.rate,
        before?.booked_minutes,
        before?.available_minutes,
        before?.rate,
      ]
    }),
  ])
}

function topServices({ currency, period, previous }: Insights): string {
  return file([
    ['service', 'bookings', 'booked_value', 'currency', 'previous_bookings'],
    ...period.top_services.map((row) => [
      row.name,
      row.bookings,
      decimalAmount(row.booked_value.amount_minor, currency),
      currency,
      previous.top_services.find((p) => p.service_id === row.service_id)?.bookings ?? 0,
    ]),
  ])
}

/** Every weekday and hour, empty ones as 0, so a spreadsheet can pivot the whole week. */
function busiestHours({ period }: Insights): string {
  const rows: CsvValue[][] = []
  for (let weekday = 1; weekday <= 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      const cell = period.busiest_hours.find((c) => c.weekday === weekday && c.hour === hour)
      rows.push([WEEKDAYS[weekday - 1], `${String(hour).padStart(2, '0')}:00`, cell?.bookings ?? 0])
    }
  }
  return file([['weekday', 'hour', 'bookings'], ...rows])
}

export const INSIGHTS_CSV: Record<InsightsChart, (insights: Insights) => string> = {
  summary,
  utilisation,
  top_services: topServices,
  busiest_hours: busiestHours,
}
