import type { ReactNode } from 'react'
import { type Dashboard, formatDateRange, formatRevenue, noShowFigure } from './dashboard-values'

function Figure({
  id,
  label,
  value,
  note,
}: {
  id: string
  label: string
  value: ReactNode
  note: ReactNode
}) {
  return (
    <div className="p-figure" data-testid={`figure-${id}`}>
      <dt className="p-figure__label">{label}</dt>
      <dd className="p-figure__value">{value}</dd>
      <dd className="p-figure__note">{note}</dd>
    </div>
  )
}

function appointments(count: number): string {
  return count === 1 ? 'appointment' : 'appointments'
}

/**
 * The four figures as labelled cards (a description list, so each number is read with its
 * label): today's and this week's count, the money this week actually brought in (paid online
 * and recorded at the till, less refunds; never a booking not paid yet), in the
 * business currency, and the no-show rate of the last 30 days ("—" and why, when there is nothing to rate).
 */
export function DashboardFigures({ dashboard, stale }: { dashboard: Dashboard; stale: boolean }) {
  const noShow = noShowFigure(dashboard.no_show_rate)
  return (
    <dl className={stale ? 'p-dashboard__figures p-list--stale' : 'p-dashboard__figures'}>
      <Figure
        id="today"
        label="Today"
        value={dashboard.today.count}
        note={`${appointments(dashboard.today.count)} today`}
      />
      <Figure
        id="week"
        label="This week"
        value={dashboard.week.count}
        note={`${appointments(dashboard.week.count)}, ${formatDateRange(dashboard.week.start_date, dashboard.week.end_date)}`}
      />
      <Figure
        id="revenue"
        label="Revenue this week"
        value={formatRevenue(dashboard.week.revenue)}
        note="Paid online and at the till, tips included, less refunds"
      />
      <Figure
        id="no-show"
        label={`No-show rate, last ${dashboard.no_show_rate.period_days} days`}
        value={
          noShow.value === '—' ? (
            <>
              <span aria-hidden="true">—</span>
              <span className="p-visually-hidden">No data yet</span>
            </>
          ) : (
            noShow.value
          )
        }
        note={noShow.explanation}
      />
    </dl>
  )
}

/** The same cards with placeholders of the same size, while the figures load. */
export function DashboardFiguresSkeleton() {
  const labels = ['Today', 'This week', 'Revenue this week', 'No-show rate, last 30 days']
  return (
    <div className="p-dashboard__figures" role="status">
      <span className="p-visually-hidden">Loading the figures…</span>
      {labels.map((label) => (
        <div key={label} className="p-figure" aria-hidden="true">
          <span className="p-figure__label">{label}</span>
          <span className="p-figure__value">
            <span className="p-skeleton" style={{ width: '4rem' }} />
          </span>
          <span className="p-figure__note">
            <span className="p-skeleton" style={{ width: '8rem' }} />
          </span>
        </div>
      ))}
    </div>
  )
}
