import { unwrap } from '../../api/api-error'
import { api } from '../../api/client'
import type { ListPage, ListQuery } from '../../machines/entity-list.machine'
import type {
  TeamMember,
  TeamMemberInput,
  TeamMemberPatch,
  TimeOff,
  TimeOffInput,
} from './team-member-values'

/** The API's largest page. */
const MAX_PAGE = 100

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

/** Every team member, page by page: the choices of a "who performs this" picker. */
export async function loadAllTeamMembers(): Promise<ListPage<TeamMember>> {
  const items: TeamMember[] = []
  for (let offset = 0; ; offset += MAX_PAGE) {
    const page = unwrap(
      await api.GET('/api/v1/team-members', { params: { query: { limit: MAX_PAGE, offset } } }),
    )
    items.push(...page.items)
    if (page.items.length === 0 || items.length >= page.total) return { items, total: page.total }
  }
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
