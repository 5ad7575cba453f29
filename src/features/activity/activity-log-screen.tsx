import './activity-log.css'
import { useMemo } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import { useProfile } from '../../app/auth-context'
import { AccessDenied } from '../../components/access-denied'
import { CursorFeedBody } from '../../components/form/cursor-feed-body'
import { EmptyState } from '../../components/form/empty-state'
import { ListSkeleton } from '../../components/form/list-skeleton'
import { useCursorFeed } from '../../components/form/use-cursor-feed'
import { createCursorFeedMachine } from '../../machines/cursor-feed.machine'
import { ActivityEntryPanel } from './activity-entry-panel'
import { ActivityFilterBar } from './activity-filter-bar'
import {
  type ActivityEntry,
  actionLabel,
  actorLabel,
  ENTITY_TYPE_LABELS,
  formatOccurredAt,
} from './activity-format'
import {
  type ActivityFilter,
  type ActivityView,
  EMPTY_ACTIVITY_VIEW,
  formatActivityView,
  isFiltered,
  parseActivityView,
  sameFilter,
  viewToFilter,
} from './activity-search-params'
import { loadActivityPage } from './api'
import { useKnownActors } from './known-actors'

const PATH = '/activity-log'

const activityFeed = createCursorFeedMachine<ActivityEntry, ActivityFilter>()

/** /activity-log: who changed what, when (owner and admin). */
export function ActivityLogScreen() {
  const profile = useProfile()
  if (!profile) return <ActivitySkeleton />
  if (!can(profile.permission, 'activity.read')) return <AccessDenied what="the activity log" />
  return <ActivityLog timeZone={profile.tenant.time_zone} />
}

function hrefFor(view: ActivityView): string {
  const query = formatActivityView(view)
  return query ? `${PATH}?${query}` : PATH
}

function ActivityLog({ timeZone }: { timeZone: string }) {
  const search = useSearch()
  const [, navigate] = useLocation()
  const view = useMemo(() => parseActivityView(search), [search])
  const filter = useMemo(() => viewToFilter(view, timeZone), [view, timeZone])

  const feed = useCursorFeed({
    machine: activityFeed,
    filter,
    sameFilter,
    loadPage: loadActivityPage,
  })
  const { items: entries, failure } = feed
  const actors = useKnownActors(entries)

  const show = (next: ActivityView) => navigate(hrefFor(next), { replace: true })

  if (failure?.status === 403) return <AccessDenied what="the activity log" />

  return (
    <div className="p-stack">
      <p className="p-muted">
        Every change to your business, newest first. Times are shown in {timeZone}.
      </p>
      <ActivityFilterBar view={view} actors={actors} timeZone={timeZone} onChange={show} />
      <CursorFeedBody
        feed={feed}
        skeleton={<ActivityTableSkeleton />}
        errorTitle="Couldn't load the activity log"
        filtered={isFiltered(view)}
        noMatch={{
          title: 'No activity matches these filters',
          hint: 'Try another type, person or range of days.',
          onClear: () => show(EMPTY_ACTIVITY_VIEW),
        }}
        nothingYet={
          <EmptyState title="No activity yet">
            Changes to services, customers, the team and settings will appear here.
          </EmptyState>
        }
      >
        <ActivityTable entries={entries} view={view} timeZone={timeZone} />
      </CursorFeedBody>
      {view.entryId ? (
        <ActivityEntryPanel
          entryId={view.entryId}
          knownEntry={entries.find((entry) => entry.id === view.entryId)}
          timeZone={timeZone}
          onClose={() => show({ ...view, entryId: null })}
        />
      ) : null}
    </div>
  )
}

function ActivityTable({
  entries,
  view,
  timeZone,
}: {
  entries: ActivityEntry[]
  view: ActivityView
  timeZone: string
}) {
  return (
    <table className="p-activity-table">
      <caption className="p-visually-hidden">Activity, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">What</th>
          <th scope="col">Summary</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} data-testid="activity-row">
            <td data-label="When">
              <time dateTime={entry.occurred_at}>
                {formatOccurredAt(entry.occurred_at, timeZone)}
              </time>
            </td>
            <td data-label="Who">{actorLabel(entry.actor)}</td>
            <td data-label="What">
              <span className="p-badge">{ENTITY_TYPE_LABELS[entry.entity_type]}</span>{' '}
              <span className="p-activity-table__action">{actionLabel(entry.action)}</span>
            </td>
            <td data-label="Summary">
              <Link
                href={hrefFor({ ...view, entryId: entry.id })}
                replace
                className="p-activity-table__summary"
              >
                {entry.summary}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function ActivityTableSkeleton() {
  return <ListSkeleton rows={6} columns={4} label="Loading activity…" />
}

function ActivitySkeleton() {
  return (
    <div className="p-stack">
      <span className="p-skeleton" style={{ width: '18rem' }} aria-hidden="true" />
      <ActivityTableSkeleton />
    </div>
  )
}
