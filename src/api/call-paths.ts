/*
 * Calls by address, for the ones a cold start asks for early (early-calls.ts): the early fetch
 * and the client's call find the same answer by the same address. Small and free of the
 * client, so a route's start calls can name them without loading it.
 */

export interface RangeCall {
  range: { from: string; to: string; startDate: string; endDate: string }
  memberId: string | null
}

/** The largest page a list answers with: every page the app walks through whole. */
export const PAGE_SIZE = 100

function withQuery(path: string, query: Record<string, string | number | null>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query))
    if (value !== null) params.set(name, String(value))
  return `${path}?${params}`
}

/** A calendar view's appointments: every one in its range (at most 2,000; the answer says if cut). */
export function appointmentsPath({ range, memberId }: RangeCall): string {
  return withQuery('/api/v1/appointments', {
    from: range.from,
    to: range.to,
    team_member_id: memberId,
    limit: 2000,
  })
}

/** The working hours, breaks and time off of a view's days. */
export function schedulePath({ range, memberId }: RangeCall): string {
  return withQuery('/api/v1/schedule', {
    start_date: range.startDate,
    end_date: range.endDate,
    team_member_id: memberId,
  })
}

/** A page of the team. */
export function teamPagePath(offset: number): string {
  return withQuery('/api/v1/team-members', { limit: PAGE_SIZE, offset })
}
