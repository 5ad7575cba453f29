import { fromPromise } from 'xstate'
import { loadTeam, type TeamMember } from '../../api/appointments'
import { calendarMachine } from '../../machines/calendar.machine'
import { createLoadMachine } from '../../machines/page-load.machine'
import { loadCalendarView } from './api'

/** The calendar's machine with the visible range's appointments loaded from the API. */
export const calendarLogic = calendarMachine.provide({
  actors: { loadView: fromPromise(({ input }) => loadCalendarView(input)) },
})

/** The calendar's columns: the bookable team members. */
export const teamLogic = createLoadMachine<TeamMember[]>().provide({
  actors: {
    load: fromPromise(async () => (await loadTeam()).filter((member) => member.bookable)),
  },
})
