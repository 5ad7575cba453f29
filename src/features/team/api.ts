import type { components } from '../../../shared/contract/schema'
import { ApiError, unwrap } from '../../api/api-error'
import { api } from '../../api/client'
import type { ListPage, ListQuery } from '../../machines/entity-list.machine'
import type {
  TeamMember,
  TeamMemberInput,
  TeamMemberPatch,
  TimeOff,
  TimeOffInput,
} from './team-member-values'

export interface TeamListFilters {
  bookable?: boolean
}

/** listTeamMembers for the list machine's query (the API lists by name). */
export async function loadTeamMemberPage(
  query: ListQuery<TeamListFilters>,
): Promise<ListPage<TeamMember>> {
  const page = unwrap(
    await api.GET('/api/v1/team-members', {
      params: {
        query: {
          search: query.search.trim() || undefined,
          bookable: query.filters.bookable,
          limit: query.limit,
          offset: query.offset,
        },
      },
    }),
  )
  return { items: page.items, total: page.total }
}

export async function loadTeamMember(id: string): Promise<TeamMember> {
  return unwrap(
    await api.GET('/api/v1/team-members/{teamMemberId}', {
      params: { path: { teamMemberId: id } },
    }),
  )
}

export async function createTeamMember(input: TeamMemberInput): Promise<TeamMember> {
  return unwrap(await api.POST('/api/v1/team-members', { body: input }))
}

export async function updateTeamMember(id: string, patch: TeamMemberPatch): Promise<TeamMember> {
  return unwrap(
    await api.PATCH('/api/v1/team-members/{teamMemberId}', {
      params: { path: { teamMemberId: id } },
      body: patch,
    }),
  )
}

export async function deleteTeamMember(id: string): Promise<void> {
  unwrap(
    await api.DELETE('/api/v1/team-members/{teamMemberId}', {
      params: { path: { teamMemberId: id } },
    }),
  )
}

/** Removes the person's access, or withdraws their invitation; the record stays. */
export async function removeTeamMemberAccess(teamMemberId: string): Promise<TeamMember> {
  return unwrap(
    await api.DELETE('/api/v1/team-members/{teamMemberId}/access', {
      params: { path: { teamMemberId } },
    }),
  )
}

/** Restores removed access, or opens a withdrawn invitation again. */
export async function restoreTeamMemberAccess(teamMemberId: string): Promise<TeamMember> {
  return unwrap(
    await api.PUT('/api/v1/team-members/{teamMemberId}/access', {
      params: { path: { teamMemberId } },
    }),
  )
}

export async function createTimeOff(teamMemberId: string, input: TimeOffInput): Promise<TimeOff> {
  return unwrap(
    await api.POST('/api/v1/team-members/{teamMemberId}/time-off', {
      params: { path: { teamMemberId } },
      body: input,
    }),
  )
}

export async function deleteTimeOff(teamMemberId: string, timeOffId: string): Promise<void> {
  unwrap(
    await api.DELETE('/api/v1/team-members/{teamMemberId}/time-off/{timeOffId}', {
      params: { path: { teamMemberId, timeOffId } },
    }),
  )
}

/** The member's private calendar feed URL (secret). */
export async function loadCalendarFeed(teamMemberId: string): Promise<string> {
  const feed = unwrap(
    await api.GET('/api/v1/team-members/{teamMemberId}/calendar-feed', {
      params: { path: { teamMemberId } },
    }),
  )
  return feed.url
}

/** A new feed URL; the old one stops working. */
export async function rotateCalendarFeed(teamMemberId: string): Promise<string> {
  const feed = unwrap(
    await api.POST('/api/v1/team-members/{teamMemberId}/calendar-feed', {
      params: { path: { teamMemberId } },
    }),
  )
  return feed.url
}

export type PlanUsage = components['schemas']['PlanUsage']
export type PlanLimit = components['schemas']['PlanLimit']

/** The problem type of a request a plan's limit refused (HTTP 402). */
export const PLAN_LIMIT_PROBLEM = '/problems/plan-limit'

/** The plan in force and what the business uses of it (whoever can see the team). */
export async function loadPlanUsage(): Promise<PlanUsage> {
  return unwrap(await api.GET('/api/v1/billing/plan-usage'))
}

/** The plan limit a failed call ran into (402 `/problems/plan-limit`), or null for anything else. */
export function planLimitOf(error: unknown): { limit: PlanLimit; detail: string } | null {
  if (!(error instanceof ApiError) || error.status !== 402) return null
  const { problem } = error
  if (problem.type !== PLAN_LIMIT_PROBLEM || !problem.limit) return null
  return { limit: problem.limit, detail: problem.detail ?? error.message }
}

export type CalendarConnection = components['schemas']['CalendarConnection']
export type CalendarConnectionList = components['schemas']['CalendarConnectionList']
export type ConnectedCalendar = components['schemas']['ConnectedCalendar']
export type CalendarPrivacy = components['schemas']['CalendarPrivacy']
export type CalDavConnectionInput = components['schemas']['CalDavConnectionInput']

/** The member's connected calendars, with their health (never a credential). */
export async function loadCalendarConnections(
  teamMemberId: string,
): Promise<CalendarConnectionList> {
  return unwrap(
    await api.GET('/api/v1/team-members/{teamMemberId}/calendar-connections', {
      params: { path: { teamMemberId } },
    }),
  )
}

/** Signs in to a CalDAV server and adds the calendars found there. */
export async function connectCalDav(
  teamMemberId: string,
  input: CalDavConnectionInput,
): Promise<CalendarConnection> {
  return unwrap(
    await api.POST('/api/v1/team-members/{teamMemberId}/calendar-connections/caldav', {
      params: { path: { teamMemberId } },
      body: input,
    }),
  )
}

/** Adds a calendar's secret iCal address (read-only busy times). */
export async function connectICalAddress(
  teamMemberId: string,
  url: string,
): Promise<CalendarConnection> {
  return unwrap(
    await api.POST('/api/v1/team-members/{teamMemberId}/calendar-connections/ical-url', {
      params: { path: { teamMemberId } },
      body: { url },
    }),
  )
}

/** Google's consent address to send the browser to; it comes back to the Calendars screen. */
export async function startGoogleConnection(teamMemberId: string): Promise<string> {
  const consent = unwrap(
    await api.POST('/api/v1/team-members/{teamMemberId}/calendar-connections/google', {
      params: { path: { teamMemberId } },
    }),
  )
  return consent.consent_url
}

export async function updateCalendarConnection(
  teamMemberId: string,
  connectionId: string,
  patch: { privacy?: CalendarPrivacy; display_name?: string },
): Promise<CalendarConnection> {
  return unwrap(
    await api.PATCH('/api/v1/team-members/{teamMemberId}/calendar-connections/{connectionId}', {
      params: { path: { teamMemberId, connectionId } },
      body: patch,
    }),
  )
}

/** Checks a calendar for conflicts, or makes it the one bookings go to; answers every connection. */
export async function updateConnectedCalendar(
  teamMemberId: string,
  connectionId: string,
  calendarId: string,
  patch: { check_conflicts?: boolean; add_bookings?: boolean },
): Promise<CalendarConnectionList> {
  return unwrap(
    await api.PATCH(
      '/api/v1/team-members/{teamMemberId}/calendar-connections/{connectionId}/calendars/{calendarId}',
      { params: { path: { teamMemberId, connectionId, calendarId } }, body: patch },
    ),
  )
}

/** Syncs the connection now; answers it as it stands after (at most ten seconds). */
export async function syncCalendarConnection(
  teamMemberId: string,
  connectionId: string,
): Promise<CalendarConnection> {
  return unwrap(
    await api.POST('/api/v1/team-members/{teamMemberId}/calendar-connections/{connectionId}/sync', {
      params: { path: { teamMemberId, connectionId } },
    }),
  )
}

export async function disconnectCalendar(
  teamMemberId: string,
  connectionId: string,
): Promise<void> {
  unwrap(
    await api.DELETE('/api/v1/team-members/{teamMemberId}/calendar-connections/{connectionId}', {
      params: { path: { teamMemberId, connectionId } },
    }),
  )
}
