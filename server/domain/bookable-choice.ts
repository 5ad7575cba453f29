/*
 * What may be booked: an active service, with a bookable team member who performs it. One
 * wording for staff booking, staff availability and the moves of both; each refusal is the
 * field error of the service or team member the request named.
 */

/** Why the service cannot be booked, or null when it can. */
export function serviceRefusal(service: { name: string; active: boolean }): string | null {
  return service.active ? null : `is ${service.name}, which is inactive`
}

/** Why the team member cannot take a booking of the service, or null when they can. */
export function performerRefusal(
  member: { name: string; bookable: boolean; performs: boolean },
  serviceName: string,
): string | null {
  if (!member.bookable) return `is ${member.name}, who is not bookable`
  if (!member.performs) return `is ${member.name}, who does not perform ${serviceName}`
  return null
}
