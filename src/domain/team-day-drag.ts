/**
 * Where a block being moved would land, in the team day view's terms: a column (member) and a
 * span of minutes. Pure, so the pointer drag and the keyboard move share it, and it becomes the
 * `MoveRequest` the screen is handed.
 */
import type { MoveRequest } from './appointment-move'
import { addDays, wallClockToInstant } from './appointment-time'
import { clockOfMinute, MINUTES_PER_DAY, type MinuteSpan, SLOT_MINUTES } from './team-day-layout'

export interface MoveDraft extends MinuteSpan {
  appointmentId: string
  /** The column it would land in, by position among the shown members. */
  column: number
}

/** The draft moved by whole slots and columns, kept inside the day and the shown columns. */
export function shiftDraft(
  draft: MoveDraft,
  by: { minutes: number; columns: number },
  columnCount: number,
): MoveDraft {
  const length = draft.end - draft.start
  const start = Math.min(Math.max(0, draft.start + by.minutes), MINUTES_PER_DAY - length)
  const column = Math.min(Math.max(0, draft.column + by.columns), columnCount - 1)
  return { ...draft, start, end: start + length, column }
}

/** The draft's end moved, never shorter than one slot nor past midnight. */
export function resizeDraft(draft: MoveDraft, minutes: number): MoveDraft {
  const end = Math.min(Math.max(draft.start + SLOT_MINUTES, draft.end + minutes), MINUTES_PER_DAY)
  return { ...draft, end }
}

/**
 * A keyboard step of a picked-up block: Up and Down move it by a slot (with Shift they move its
 * end), Left and Right to the neighbouring column. Null for any other key.
 */
export function keyboardStep(
  draft: MoveDraft,
  key: string,
  shift: boolean,
  columnCount: number,
): MoveDraft | null {
  const vertical = key === 'ArrowUp' ? -SLOT_MINUTES : key === 'ArrowDown' ? SLOT_MINUTES : 0
  if (vertical !== 0) {
    return shift
      ? resizeDraft(draft, vertical)
      : shiftDraft(draft, { minutes: vertical, columns: 0 }, columnCount)
  }
  const sideways = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : 0
  return sideways === 0 ? null : shiftDraft(draft, { minutes: 0, columns: sideways }, columnCount)
}

/** The instant of a minute of a business-zone day (1440 is the next midnight). */
export function instantOfMinute(date: string, minute: number, timeZone: string): string {
  const day = minute >= MINUTES_PER_DAY ? addDays(date, 1) : date
  return wallClockToInstant(`${day}T${clockOfMinute(minute % MINUTES_PER_DAY)}`, timeZone)
}

/** The draft as the move the screen acts on. */
export function draftRequest(
  draft: MoveDraft,
  where: { date: string; timeZone: string; memberIds: readonly string[] },
): MoveRequest {
  return {
    appointmentId: draft.appointmentId,
    startsAt: instantOfMinute(where.date, draft.start, where.timeZone),
    endsAt: instantOfMinute(where.date, draft.end, where.timeZone),
    teamMemberId: where.memberIds[draft.column] ?? '',
  }
}

/** Whether the draft is where the appointment already is (nothing to ask for). */
export function isUnmoved(draft: MoveDraft, origin: MoveDraft): boolean {
  return draft.start === origin.start && draft.end === origin.end && draft.column === origin.column
}
