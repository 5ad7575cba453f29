import { formatMoney } from '../../components/form/money'
import { formatDuration } from '../../domain/duration-minutes'
import type { CustomerOverview } from './api'

type Figures = CustomerOverview['figures']

function times(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

function formatDay(iso: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat(undefined, { timeZone, dateStyle: 'medium' }).format(new Date(iso))
}

/**
 * The client's figures as labelled cards (a description list, so each number is read with its
 * label): money received, completed visits, no-shows, late cancellations and the last visit.
 */
export function CustomerFigures({
  figures,
  timeZone,
}: {
  figures: Figures
  timeZone: string | undefined
}) {
  const cutoff = formatDuration(figures.cancellation_cutoff_minutes)
  return (
    <dl className="p-client-figures" aria-label="Figures">
      <div className="p-client-figure" data-testid="figure-spent">
        <dt>Total spent</dt>
        <dd className="p-client-figure__value">
          {formatMoney(figures.total_spent.amount_minor, figures.total_spent.currency)}
        </dd>
        <dd className="p-client-figure__note">Payments recorded, less refunds</dd>
      </div>
      <div className="p-client-figure" data-testid="figure-visits">
        <dt>Visits</dt>
        <dd className="p-client-figure__value">{figures.visits_completed}</dd>
        <dd className="p-client-figure__note">Completed</dd>
      </div>
      <div className="p-client-figure" data-testid="figure-no-shows">
        <dt>No-shows</dt>
        <dd className="p-client-figure__value">{figures.no_shows}</dd>
        <dd className="p-client-figure__note">Marked as not arrived</dd>
      </div>
      <div className="p-client-figure" data-testid="figure-late">
        <dt>Late cancellations</dt>
        <dd className="p-client-figure__value">{figures.late_cancellations}</dd>
        <dd className="p-client-figure__note">
          Within {cutoff} of the start;{' '}
          {times(figures.cancellations, 'cancellation', 'cancellations')} in all
        </dd>
      </div>
      <div className="p-client-figure" data-testid="figure-last-visit">
        <dt>Last visit</dt>
        <dd className="p-client-figure__value">
          {figures.last_visit_at ? formatDay(figures.last_visit_at, timeZone) : 'None yet'}
        </dd>
        <dd className="p-client-figure__note">Latest completed visit</dd>
      </div>
    </dl>
  )
}
