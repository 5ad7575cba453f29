import type { DayRange } from '../../domain/day-range'
import type { InsightsPeriod } from './api'
import { ChartCard } from './chart-card'

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/** The hours worth a row: from the earliest to the latest with bookings, at least 09–17. */
function hoursShown(cells: InsightsPeriod['busiest_hours']): number[] {
  const hours = cells.map((cell) => cell.hour)
  const first = Math.min(9, ...hours)
  const last = Math.max(17, ...hours)
  return Array.from({ length: last - first + 1 }, (_, index) => first + index)
}

/**
 * Bookings by weekday and hour on the business's clock: a table whose cells are shaded by how
 * busy they are, so the heat map is its own accessible table (weekdays across, fitting 375 px).
 */
export function BusiestHours({
  period,
  range,
  timeZone,
}: {
  period: InsightsPeriod
  range: DayRange
  timeZone: string
}) {
  const cells = period.busiest_hours
  const most = Math.max(1, ...cells.map((cell) => cell.bookings))
  const count = (weekday: number, hour: number) =>
    cells.find((cell) => cell.weekday === weekday && cell.hour === hour)?.bookings ?? 0
  const rows = hoursShown(cells).map((hour) => ({
    key: String(hour),
    cells: [
      `${String(hour).padStart(2, '0')}:00`,
      ...WEEKDAYS.map((_, index) => {
        const bookings = count(index + 1, hour)
        return (
          <span
            key={WEEKDAYS[index]}
            className="p-insights-heat"
            style={{ '--p-insights-heat': bookings / most } as React.CSSProperties}
            title={`${WEEKDAY_NAMES[index]} ${String(hour).padStart(2, '0')}:00: ${bookings}`}
          >
            {bookings}
          </span>
        )
      }),
    ],
  }))
  return (
    <ChartCard
      title="Busiest hours"
      description={`Bookings by the hour they start, in ${timeZone.replaceAll('_', ' ')}.`}
      csv="busiest_hours"
      range={range}
      tableFirst
      table={{ columns: ['Hour', ...WEEKDAYS], rows }}
    />
  )
}
