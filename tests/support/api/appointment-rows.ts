import { randomUUID } from 'node:crypto'
import type { appointments } from '../../../server/db/schema.ts'

type AppointmentRow = typeof appointments.$inferInsert

/**
 * The columns a hand-inserted appointment row needs besides its times: no buffers, so the busy
 * range is the appointment itself, and a seat group of its own (one-to-one). For tests that set
 * up history directly in the database rather than through the booking API.
 */
export function unbufferedRow(
  row: Omit<AppointmentRow, 'busyFrom' | 'busyUntil' | 'seatGroup'>,
): AppointmentRow {
  return { ...row, busyFrom: row.startsAt, busyUntil: row.endsAt, seatGroup: randomUUID() }
}
