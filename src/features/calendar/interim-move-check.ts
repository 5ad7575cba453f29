import type { Appointment, Schedule } from '../../api/appointments'
import type { MoveRequest } from '../../domain/appointment-move'

/**
 * Until the moves work brings `moveProblem()`: a drop is refused when it changes the length
 * (the service fixes it) or leaves the target member's working periods, with the reason a
 * person would give. Replaced by `moveProblem()` (hours, breaks, time off and other bookings).
 */
export function interimMoveProblem(
  request: MoveRequest,
  appointments: readonly Appointment[],
  schedule: Schedule | null,
): string | null {
  const appointment = appointments.find((item) => item.id === request.appointmentId)
  const member = schedule?.members.find((entry) => entry.team_member_id === request.teamMemberId)
  if (!appointment || !member) return null
  const ms = (instant: string) => new Date(instant).getTime()
  const start = ms(request.startsAt)
  const end = ms(request.endsAt)
  if (end - start !== ms(appointment.ends_at) - ms(appointment.starts_at)) {
    return 'The service fixes the length'
  }
  const within = member.working_periods.some(
    (period) => ms(period.starts_at) <= start && end <= ms(period.ends_at),
  )
  if (within) return null
  const away = member.time_off.find((off) => ms(off.starts_at) < end && start < ms(off.ends_at))
  if (away) return `${member.name} is away: ${away.reason.trim() || 'time off'}`
  const starts = member.working_periods.map((period) => ms(period.starts_at))
  const ends = member.working_periods.map((period) => ms(period.ends_at))
  const duringDay = starts.length > 0 && start >= Math.min(...starts) && end <= Math.max(...ends)
  return duringDay ? `${member.name} is on a break then` : `${member.name} is not working then`
}
