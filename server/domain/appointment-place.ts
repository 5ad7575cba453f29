/**
 * Where an appointment sits on its member's schedule: what a move or resize changes and an
 * undo puts back exactly. Stored as JSON with each change (`appointment_changes`); instants
 * as RFC 3339 strings. The busy range follows from the times and buffers.
 */
export interface AppointmentPlace {
  teamMemberId: string
  startsAt: string
  endsAt: string
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  seatGroup: string
  outsideWorkingHours: boolean
  /** The reminder's bookkeeping: a move makes a new reminder due, an undo restores it. */
  reminderQueuedAt: string | null
}

/** Whether the appointment still sits where a change put it (time, length and member). */
export function samePlace(a: AppointmentPlace, b: AppointmentPlace): boolean {
  return (
    a.teamMemberId === b.teamMemberId &&
    Date.parse(a.startsAt) === Date.parse(b.startsAt) &&
    Date.parse(a.endsAt) === Date.parse(b.endsAt)
  )
}

/** The place of an appointment as its row holds it. */
export function placeOf(row: {
  teamMemberId: string
  startsAt: Date
  endsAt: Date
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
  seatGroup: string
  outsideWorkingHours: boolean
  reminderQueuedAt: Date | null
}): AppointmentPlace {
  return {
    teamMemberId: row.teamMemberId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
    seatGroup: row.seatGroup,
    outsideWorkingHours: row.outsideWorkingHours,
    reminderQueuedAt: row.reminderQueuedAt?.toISOString() ?? null,
  }
}
