import type { Appointment } from '../../api/appointments'

/** "Tue 14:00" in the business's zone: the day and clock a move is told by. */
export function moveWhen(instant: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone }).format(
    new Date(instant),
  )
  const clock = new Intl.DateTimeFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  }).format(new Date(instant))
  return `${day} ${clock}`
}

/** "Move Alex Kim's Haircut to Tue 14:00 with Priya?" (or "Make … end at 15:30?" for a resize). */
export function moveQuestion(
  appointment: Appointment,
  to: { startsAt: string; endsAt: string; memberName: string },
  timeZone: string,
): string {
  const whose = `${appointment.customer_name}'s ${appointment.service_name}`
  const sameStart = Date.parse(to.startsAt) === Date.parse(appointment.starts_at)
  const sameMember = to.memberName === appointment.team_member_name
  if (sameStart && sameMember) return `Make ${whose} end at ${moveWhen(to.endsAt, timeZone)}?`
  return `Move ${whose} to ${moveWhen(to.startsAt, timeZone)} with ${to.memberName}?`
}

/** "Moved Alex Kim to Tue 14:00 with Priya." */
export function movedSentence(appointment: Appointment, timeZone: string): string {
  return `Moved ${appointment.customer_name} to ${moveWhen(appointment.starts_at, timeZone)} with ${appointment.team_member_name}.`
}

/** "Alex Kim is back at Mon 10:00 with Sam." */
export function undoneSentence(appointment: Appointment, timeZone: string): string {
  return `${appointment.customer_name} is back at ${moveWhen(appointment.starts_at, timeZone)} with ${appointment.team_member_name}.`
}
