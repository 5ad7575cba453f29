import { useEffect, useMemo, useRef, useState } from 'react'
import { readCalendarTeam, storeCalendarTeam } from '../../app/storage'
import type { VisibleRange } from '../../domain/calendar-range'
import type { CalendarViewName } from '../../domain/calendar-search-params'
import {
  parseTeamViewChoice,
  shownMembers,
  type TeamViewChoice,
} from '../../domain/team-view-choice'
import { teamDayRange } from './team-day-range'
import type { TeamColumnMember } from './team-day-view'

/** The Team filter's choice, read from and written to this browser's storage. */
export function useTeamViewChoice() {
  const [choice, setChoice] = useState(() => parseTeamViewChoice(readCalendarTeam()))
  const choose = (next: TeamViewChoice) => {
    setChoice(next)
    storeCalendarTeam(next)
  }
  return [choice, choose] as const
}

/**
 * The day view's columns: the address's member alone when it names one, else the members the
 * Team filter shows, in its order, each in their own calendar colour.
 */
export function teamColumns(
  team: readonly TeamColumnMember[],
  choice: TeamViewChoice,
  memberId: string | null,
): TeamColumnMember[] {
  const columns = team.map(({ id, name, color }) => ({ id, name, color }))
  if (memberId) return columns.filter((member) => member.id === memberId)
  return shownMembers(columns, choice)
}

/**
 * The calendar screen's team day: the Team filter's choice, the columns it gives, and whether
 * the day view is ours (more than one column; a single member's day stays FullCalendar's). In
 * the day view it reports the day's title and range itself, at once, so the appointments load
 * while the team does; until the team is known (`waiting`), neither grid is drawn, so
 * FullCalendar's one column never flashes before the team's.
 */
export function useTeamDay({
  members,
  teamLoading,
  memberId,
  view,
  date,
  timeZone,
  onShown,
}: {
  /** The bookable team; null until loaded. */
  members: readonly TeamColumnMember[] | null
  teamLoading: boolean
  memberId: string | null
  view: CalendarViewName
  date: string
  timeZone: string
  onShown: (title: string, range: VisibleRange) => void
}) {
  const [choice, setChoice] = useTeamViewChoice()
  const columns = useMemo(
    () => teamColumns(members ?? [], choice, memberId),
    [members, choice, memberId],
  )
  const day = view === 'day'
  // The latest callback, without making a new one on every render a reason to report again.
  const report = useRef(onShown)
  report.current = onShown
  useEffect(() => {
    if (!day) return
    const shown = teamDayRange(date, timeZone)
    report.current(shown.title, shown.range)
  }, [day, date, timeZone])
  return {
    choice,
    setChoice,
    columns,
    active: day && columns.length > 1,
    waiting: day && memberId === null && teamLoading,
  }
}
