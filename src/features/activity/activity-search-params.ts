import { type CalendarDate, parseDate } from '@internationalized/date'
import { type DayRange, dayRangeToInstants } from '../../domain/day-range'
import { type ActivityEntityType, isEntityType } from './activity-format'

/** What the log is narrowed to; null = no narrowing on that axis. Instants are RFC 3339 UTC. */
export interface ActivityFilter {
  entityType: ActivityEntityType | null
  actor: string | null
  from: string | null
  to: string | null
}

export const NO_ACTIVITY_FILTER: ActivityFilter = {
  entityType: null,
  actor: null,
  from: null,
  to: null,
}

/**
 * What the activity log screen shows, as kept in its address (`?type=customer&actor=…&from=
 * 2026-03-01&to=2026-03-03&entry=…`): a filtered view or an open entry can be bookmarked, shared
 * and reached again with the browser's Back button.
 */
export interface ActivityView {
  entityType: ActivityEntityType | null
  actor: string | null
  range: DayRange | null
  /** The entry whose details are open. */
  entryId: string | null
}

export const EMPTY_ACTIVITY_VIEW: ActivityView = {
  entityType: null,
  actor: null,
  range: null,
  entryId: null,
}

function parseDay(value: string | null): CalendarDate | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  try {
    return parseDate(value)
  } catch {
    return null
  }
}

/** Reads the view from a query string; anything malformed (a hand-edited link) is ignored. */
export function parseActivityView(search: string): ActivityView {
  const params = new URLSearchParams(search)
  const type = params.get('type')
  const actor = params.get('actor')?.trim()
  const start = parseDay(params.get('from'))
  const end = parseDay(params.get('to'))
  const entryId = params.get('entry')?.trim()
  return {
    entityType: type !== null && isEntityType(type) ? type : null,
    actor: actor ? actor : null,
    range: start && end && start.compare(end) <= 0 ? { start, end } : null,
    entryId: entryId ? entryId : null,
  }
}

/** The query string for a view, without the leading '?'; empty for the unfiltered log. */
export function formatActivityView(view: ActivityView): string {
  const params = new URLSearchParams()
  if (view.entityType) params.set('type', view.entityType)
  if (view.actor) params.set('actor', view.actor)
  if (view.range) {
    params.set('from', view.range.start.toString())
    params.set('to', view.range.end.toString())
  }
  if (view.entryId) params.set('entry', view.entryId)
  return params.toString()
}

/** The API filter for a view; days are read in the business's time zone. */
export function viewToFilter(view: ActivityView, timeZone: string): ActivityFilter {
  const instants = view.range ? dayRangeToInstants(view.range, timeZone) : null
  return {
    ...NO_ACTIVITY_FILTER,
    entityType: view.entityType,
    actor: view.actor,
    from: instants?.from ?? null,
    to: instants?.to ?? null,
  }
}

/** Same narrowing (the open entry aside): no need to load the log again. */
export function sameFilter(a: ActivityFilter, b: ActivityFilter): boolean {
  return a.entityType === b.entityType && a.actor === b.actor && a.from === b.from && a.to === b.to
}

export function isFiltered(view: ActivityView): boolean {
  return view.entityType !== null || view.actor !== null || view.range !== null
}
