import type { components } from '../../../shared/contract/schema'
import { unwrap } from '../../api/api-error'
import { type Appointment, listAppointments, loadSchedule } from '../../api/appointments'
import { appointmentsPath, schedulePath } from '../../api/call-paths'
import { api } from '../../api/client'
import { answeredEarly } from '../../api/early-calls'
import type { MoveRequest } from '../../domain/appointment-move'
import type { CalendarData, CalendarQuery } from '../../machines/calendar.machine'

type UpdatedAppointment = components['schemas']['UpdatedAppointment']

/**
 * A view's appointments and the team's schedule for its days, side by side (a cold start's
 * early answers when it asked for this view, see start-calls.ts).
 */
export async function loadCalendarView(query: CalendarQuery): Promise<CalendarData> {
  const [appointments, schedule] = await Promise.all([
    answeredEarly(appointmentsPath(query), () =>
      listAppointments({
        from: query.range.from,
        to: query.range.to,
        teamMemberId: query.memberId,
      }),
    ),
    answeredEarly(schedulePath(query), () =>
      loadSchedule({
        startDate: query.range.startDate,
        endDate: query.range.endDate,
        teamMemberId: query.memberId,
      }),
    ),
  ])
  return { appointments: appointments.items, truncated: appointments.truncated, schedule }
}

/** Saves a move or resize from the calendar; the answer names the change its undo takes back. */
export async function saveAppointmentMove(input: {
  request: MoveRequest
  notifyCustomer: boolean
}): Promise<UpdatedAppointment> {
  const { request } = input
  return unwrap(
    await api.PATCH('/api/v1/appointments/{appointmentId}', {
      params: { path: { appointmentId: request.appointmentId } },
      body: {
        starts_at: request.startsAt,
        ends_at: request.endsAt,
        team_member_id: request.teamMemberId,
        notify_customer: input.notifyCustomer,
        override_working_hours: false,
      },
    }),
  )
}

/** Takes a saved move back exactly (see `undoAppointmentChange` in the contract). */
export async function undoAppointmentMove(input: {
  appointmentId: string
  changeId: string
}): Promise<Appointment> {
  return unwrap(
    await api.POST('/api/v1/appointments/{appointmentId}/undo-change', {
      params: { path: { appointmentId: input.appointmentId } },
      body: { change_id: input.changeId },
    }),
  )
}

/**
 * Whether a move tells the customer unless the mover says otherwise: the business's setting,
 * or yes for members who may not read the settings.
 */
export async function loadMoveNotifyDefault(): Promise<boolean> {
  const { data } = await api.GET('/api/v1/settings')
  return data?.notifications.notify_customer_on_staff_change ?? true
}
