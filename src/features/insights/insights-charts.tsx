import type { DayRange } from '../../domain/day-range'
import type { Insights } from './api'
import { BarChart, type BarSeries } from './bar-chart'
import { BusiestHours } from './busiest-hours'
import { ChartCard } from './chart-card'
import { formatRate } from './insights-figures'

const THIS_PERIOD = '--p-primary-color'
const PREVIOUS_PERIOD = '--p-surface-border-strong'

const asPercent = (value: number) => formatRate(value)
const asCount = (value: number) => String(Math.round(value))

function hoursOf(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

/** Each member's booked share of the time they were there to book, now and before. */
function Utilisation({ insights, range }: { insights: Insights; range: DayRange }) {
  const { period, previous } = insights
  const before = (id: string) => previous.utilisation.find((m) => m.team_member_id === id)
  const series: BarSeries[] = [
    {
      label: 'These dates',
      values: period.utilisation.map((m) => m.rate ?? 0),
      colourVariable: THIS_PERIOD,
    },
    {
      label: 'Previous period',
      values: period.utilisation.map((m) => before(m.team_member_id)?.rate ?? 0),
      colourVariable: PREVIOUS_PERIOD,
    },
  ]
  const labels = period.utilisation.map((m) => m.name)
  return (
    <ChartCard
      title="Utilisation per team member"
      description="Booked time ÷ working time (hours less breaks and time off), in each member's own time zone."
      csv="utilisation"
      range={range}
      chart={
        <BarChart
          summary="Bar chart of each team member's utilisation, these dates against the previous period."
          labels={labels}
          series={series}
          formatValue={asPercent}
          horizontal
        />
      }
      table={{
        columns: ['Team member', 'Booked', 'Available', 'Utilisation', 'Previous period'],
        rows: period.utilisation.map((m) => ({
          key: m.team_member_id,
          cells: [
            m.name,
            hoursOf(m.booked_minutes),
            hoursOf(m.available_minutes),
            formatRate(m.rate),
            formatRate(before(m.team_member_id)?.rate ?? null),
          ],
        })),
      }}
    />
  )
}

/** The five services booked most, with their bookings before. */
function TopServices({ insights, range }: { insights: Insights; range: DayRange }) {
  const { period, previous } = insights
  const before = (id: string) =>
    previous.top_services.find((s) => s.service_id === id)?.bookings ?? 0
  const labels = period.top_services.map((s) => s.name)
  const series: BarSeries[] = [
    {
      label: 'These dates',
      values: period.top_services.map((s) => s.bookings),
      colourVariable: THIS_PERIOD,
    },
    {
      label: 'Previous period',
      values: period.top_services.map((s) => before(s.service_id)),
      colourVariable: PREVIOUS_PERIOD,
    },
  ]
  return (
    <ChartCard
      title="Top services"
      description="The services booked most in these dates."
      csv="top_services"
      range={range}
      chart={
        period.top_services.length > 0 ? (
          <BarChart
            summary="Bar chart of the bookings of the top services, these dates against the previous period."
            labels={labels}
            series={series}
            formatValue={asCount}
            wholeNumbers
            horizontal
          />
        ) : undefined
      }
      table={{
        columns: ['Service', 'Bookings', 'Previous period'],
        rows: period.top_services.map((s) => ({
          key: s.service_id,
          cells: [s.name, s.bookings, before(s.service_id)],
        })),
      }}
    />
  )
}

/** New clients against returning ones, now and before. */
function Clients({ insights, range }: { insights: Insights; range: DayRange }) {
  const { period, previous } = insights
  const labels = ['New clients', 'Returning clients']
  const series: BarSeries[] = [
    {
      label: 'These dates',
      values: [period.clients.new, period.clients.returning],
      colourVariable: THIS_PERIOD,
    },
    {
      label: 'Previous period',
      values: [previous.clients.new, previous.clients.returning],
      colourVariable: PREVIOUS_PERIOD,
    },
  ]
  return (
    <ChartCard
      title="New and returning clients"
      description="Clients with a booking in these dates: new when it is their first booking ever."
      csv="summary"
      range={range}
      chart={
        <BarChart
          summary="Bar chart of new and returning clients, these dates against the previous period."
          labels={labels}
          series={series}
          formatValue={asCount}
          wholeNumbers
        />
      }
      table={{
        columns: ['Clients', 'These dates', 'Previous period'],
        rows: [
          { key: 'new', cells: ['New', period.clients.new, previous.clients.new] },
          {
            key: 'returning',
            cells: ['Returning', period.clients.returning, previous.clients.returning],
          },
        ],
      }}
    />
  )
}

/** Every chart of Insights for the loaded figures. */
export function InsightsCharts({ insights, range }: { insights: Insights; range: DayRange }) {
  return (
    <div className="p-insights-charts">
      <Utilisation insights={insights} range={range} />
      <TopServices insights={insights} range={range} />
      <Clients insights={insights} range={range} />
      <BusiestHours period={insights.period} range={range} timeZone={insights.time_zone} />
    </div>
  )
}
