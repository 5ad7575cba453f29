import { listAppointments, loadSchedule } from '../../api/appointments'
import type { CalendarData, CalendarQuery } from '../../machines/calendar.machine'

/** A view's appointments and the team's schedule for its days, side by side. */
export async function loadCalendarView(query: CalendarQuery): Promise<CalendarData> {
  const [appointments, schedule] = await Promise.all([
    listAppointments({ from: query.range.from, to: query.range.to, teamMemberId: query.memberId }),
    loadSchedule({
      startDate: query.range.startDate,
      endDate: query.range.endDate,
      teamMemberId: query.memberId,
    }),
  ])
  return { appointments: appointments.items, truncated: appointments.truncated, schedule }
}
