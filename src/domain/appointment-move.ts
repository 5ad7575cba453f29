/**
 * A change of an appointment's place made on the calendar: dragged, resized or moved by
 * keyboard, to a new start, end and (in the team day view) another member's column.
 */
export interface MoveRequest {
  appointmentId: string
  startsAt: string
  endsAt: string
  teamMemberId: string
}
