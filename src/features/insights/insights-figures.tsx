import { formatMoney } from '../../components/form/money'
import type { Insights } from './api'
import { type Delta, deltaOf } from './insights-range'

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 })

/** A rate as "25%", or "—" when there was nothing to rate. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : percent.format(rate)
}

function DeltaBadge({ delta }: { delta: Delta | null }) {
  if (!delta) return <span className="p-insights-delta">Nothing to compare</span>
  const arrow = { up: '▲', down: '▼', same: '' }[delta.direction]
  const words = { up: 'up', down: 'down', same: '' }[delta.direction]
  return (
    <span className={`p-insights-delta p-insights-delta--${delta.tone}`}>
      <span aria-hidden="true">{arrow} </span>
      <span className="p-visually-hidden">{words} </span>
      {delta.text} <span className="p-insights-delta__against">vs previous period</span>
    </span>
  )
}

interface HeadlineFigure {
  id: string
  label: string
  value: string
  note: string
  delta: Delta | null
}

function headlineFigures({ currency, period, previous }: Insights): HeadlineFigure[] {
  const { attendance: now, clients, rebooking } = period
  const before = previous.attendance
  return [
    {
      id: 'revenue',
      label: 'Revenue',
      value: formatMoney(period.revenue.amount_minor, currency),
      note: 'Paid online and at the till, less refunds',
      delta: deltaOf(period.revenue.amount_minor, previous.revenue.amount_minor, { kind: 'count' }),
    },
    {
      id: 'bookings',
      label: 'Bookings',
      value: String(period.bookings),
      note: 'Appointments starting in these dates, not cancelled',
      delta: deltaOf(period.bookings, previous.bookings, { kind: 'count' }),
    },
    {
      id: 'no-shows',
      label: 'No-show rate',
      value: formatRate(now.no_show_rate),
      note: `${now.no_shows} ${now.no_shows === 1 ? 'no-show' : 'no-shows'} of ${now.completed + now.no_shows} closed visits`,
      delta: deltaOf(now.no_show_rate, before.no_show_rate, {
        kind: 'rate',
        higherIsBetter: false,
      }),
    },
    {
      id: 'late-cancellations',
      label: 'Late cancellations',
      value: String(now.late_cancellations),
      note: `Inside your cancellation cut-off, of ${now.cancellations} cancellations`,
      delta: deltaOf(now.late_cancellations, before.late_cancellations, {
        kind: 'count',
        higherIsBetter: false,
      }),
    },
    {
      id: 'clients',
      label: 'Returning clients',
      value: String(clients.returning),
      note: `and ${clients.new} new ${clients.new === 1 ? 'client' : 'clients'}`,
      delta: deltaOf(clients.returning, previous.clients.returning, { kind: 'count' }),
    },
    {
      id: 'rebooking',
      label: 'Rebooked within 60 days',
      value: formatRate(rebooking.rate),
      note: `${rebooking.rebooked} of ${rebooking.visits} completed visits`,
      delta: deltaOf(rebooking.rate, previous.rebooking.rate, { kind: 'rate' }),
    },
  ]
}

/** The headline figures, each with how it moved since the previous period (arrow, words, colour). */
export function InsightsFigures({ insights }: { insights: Insights }) {
  return (
    <dl className="p-insights-figures">
      {headlineFigures(insights).map((figure) => (
        <div key={figure.id} className="p-insights-figure" data-testid={`insight-${figure.id}`}>
          <dt className="p-insights-figure__label">{figure.label}</dt>
          <dd className="p-insights-figure__value">{figure.value}</dd>
          <dd className="p-insights-figure__note">{figure.note}</dd>
          <dd className="p-insights-figure__delta">
            <DeltaBadge delta={figure.delta} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** Placeholders the size of the figures while they load. */
export function InsightsFiguresSkeleton() {
  return (
    <div className="p-insights-figures" role="status">
      <span className="p-visually-hidden">Loading the figures…</span>
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="p-insights-figure" aria-hidden="true">
          <span className="p-skeleton" style={{ width: '6rem' }} />
          <span className="p-skeleton p-insights-figure__value" style={{ width: '5rem' }} />
          <span className="p-skeleton" style={{ width: '9rem' }} />
        </div>
      ))}
    </div>
  )
}
