import './insights.css'
import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components'
import { useLocation, useSearch } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import { useProfile } from '../../app/auth-context'
import { AccessDenied } from '../../components/access-denied'
import { DayRangeField } from '../../components/form/day-range-field'
import { EmptyState } from '../../components/form/empty-state'
import { LoadFailedAlert } from '../../components/load-failed-alert'
import type { DayRange } from '../../domain/day-range'
import { createInsightsLogic } from './effects'
import { InsightsCharts } from './insights-charts'
import { InsightsFigures, InsightsFiguresSkeleton } from './insights-figures'
import { formatRange, PRESETS, parseRange, presetOf, presetRange, todayIn } from './insights-range'

const PATH = '/insights'

/** /insights: how the business did over a range of days, against the period before (owners, admins). */
export function InsightsScreen() {
  const profile = useProfile()
  if (!profile) return <InsightsFiguresSkeleton />
  if (!can(profile.permission, 'insights.read')) return <AccessDenied what="insights" />
  return <InsightsBody timeZone={profile.tenant.time_zone} />
}

function InsightsBody({ timeZone }: { timeZone: string }) {
  const search = useSearch()
  const [, navigate] = useLocation()
  const now = useMemo(() => todayIn(timeZone), [timeZone])
  const range = useMemo(() => parseRange(search, now), [search, now])
  const preset = presetOf(range, now)
  const show = (next: DayRange) => navigate(`${PATH}?${formatRange(next)}`, { replace: true })

  return (
    <div className="p-stack">
      <search className="p-insights-range" aria-label="Choose the dates">
        <ToggleButtonGroup
          aria-label="Dates"
          className="p-insights-presets"
          selectionMode="single"
          selectedKeys={preset ? [preset] : []}
          onSelectionChange={(keys) => {
            const chosen = PRESETS.find(({ id }) => keys.has(id))
            if (chosen) show(presetRange(chosen.id, now))
          }}
        >
          {PRESETS.map(({ id, label }) => (
            <ToggleButton key={id} id={id} className="p-insights-presets__button">
              {label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <DayRangeField value={range} timeZone={timeZone} onChange={(next) => next && show(next)} />
      </search>
      <InsightsReport key={formatRange(range)} range={range} />
    </div>
  )
}

/** The figures of one range; a new range mounts a new report (and a new load). */
function InsightsReport({ range }: { range: DayRange }) {
  const logic = useMemo(() => createInsightsLogic(range), [range])
  const actor = useActorRef(logic)
  const insights = useSelector(actor, (s) => s.context.data)
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.failure : null))

  if (failure?.status === 403) return <AccessDenied what="insights" />
  if (failure) {
    return (
      <LoadFailedAlert
        title="Couldn't load the insights"
        message={failure.message}
        onRetry={() => actor.send({ type: 'load.retry' })}
      />
    )
  }
  if (!insights) return <InsightsSkeleton />
  const { period, previous } = insights
  const comparedWith = `Compared with ${describeDays(previous.start_date, previous.end_date)}.`
  if (
    period.bookings === 0 &&
    period.revenue.amount_minor === 0 &&
    period.attendance.cancellations === 0
  ) {
    return (
      <EmptyState
        title="No bookings in these dates"
        actionLabel="Open the calendar"
        actionHref="/calendar"
      >
        Choose other dates above, or book appointments in the calendar: Insights counts them once
        they are in.
      </EmptyState>
    )
  }
  return (
    <div className="p-stack">
      <p className="p-muted">
        {describeDays(period.start_date, period.end_date)}, in{' '}
        {insights.time_zone.replaceAll('_', ' ')}. {comparedWith}
      </p>
      <InsightsFigures insights={insights} />
      <InsightsCharts insights={insights} range={range} />
    </div>
  )
}

function describeDays(start: string, end: string): string {
  const format = new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
  return format.formatRange(new Date(`${start}T00:00Z`), new Date(`${end}T00:00Z`))
}

function InsightsSkeleton() {
  return (
    <div className="p-stack" aria-busy="true">
      <InsightsFiguresSkeleton />
      <div className="p-insights-charts" aria-hidden="true">
        {[1, 2].map((n) => (
          <div key={n} className="p-card p-insights-chart">
            <span className="p-skeleton" style={{ width: '12rem' }} />
            <span className="p-skeleton p-insights-chart__placeholder" />
          </div>
        ))}
      </div>
    </div>
  )
}
