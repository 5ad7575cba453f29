/*
 * Seat groups: which non-cancelled appointments of one team member may share busy time.
 * A one-to-one appointment is a group of its own (its id); the seats of a group session
 * (a service with capacity above 1) share `<service id>@<start epoch ms>`, so the exclusion
 * constraint lets them overlap each other and nothing else.
 */

/** The seat group of a one-to-one appointment, or of a seat of a group session. */
export function seatGroupFor(input: {
  appointmentId: string
  serviceId: string
  capacity: number
  startsAt: number
}): string {
  return input.capacity > 1 ? `${input.serviceId}@${input.startsAt}` : input.appointmentId
}

/** Whether a seat group names a group session rather than one appointment. */
export function isSeatGroupKey(seatGroup: string): boolean {
  return seatGroup.includes('@')
}

/** Whether a group session with `taken` seats booked can take one more: the one seat rule. */
export function hasFreeSeat(taken: number, capacity: number): boolean {
  return taken < capacity
}
