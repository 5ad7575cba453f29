import type { TimeOffSpan } from '../time-off.ts'
import type { WorkingDay } from '../working-hours.ts'

// All instants here are epoch milliseconds; all durations are whole minutes as stored.

export interface ServiceTiming {
  durationMinutes: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
}

/** An existing non-cancelled appointment of the member, with the buffers captured when it was booked. */
export interface BusyAppointment {
  startsAt: number
  endsAt: number
  bufferBeforeMinutes: number
  bufferAfterMinutes: number
}

/** A busy time from one of the member's own calendars (issue 25), as synced and stored. */
export interface ExternalBusy {
  startsAt: number
  endsAt: number
}

export interface MemberSchedule {
  teamMemberId: string
  /** IANA name; working hours and whole-day time off are read in this zone. */
  timeZone: string
  workingHours: WorkingDay[]
  timeOff: TimeOffSpan[]
  busy: BusyAppointment[]
  /**
   * Busy times of the member's calendars checked for conflicts (absent: none). No new
   * appointment's buffered range may overlap one; staff may book over one with the override.
   */
  externalBusy?: readonly ExternalBusy[] | undefined
}

export interface SlotPolicy {
  /** The grid step in real elapsed minutes, counted from the start of each working period. */
  slotIntervalMinutes: number
  /** Slots start at or after now + notice. */
  minNoticeMinutes: number
  /** Slots start at or before now + days × 24 h; Infinity for no limit. */
  bookingWindowDays: number
}

export interface Slot {
  startsAt: number
  endsAt: number
}

/** A start time offered by "any available", with every member free then (ids sorted). */
export interface PooledSlot extends Slot {
  teamMemberIds: string[]
}

export interface WorkingPeriod {
  startsAt: number
  endsAt: number
}

/**
 * Why an appointment does not fit a member; `appointmentIndex` points into `schedule.busy`,
 * `externalIndex` into `schedule.externalBusy`.
 */
export type FitProblem =
  | { kind: 'outside_working_hours' }
  | { kind: 'time_off' }
  | { kind: 'busy'; appointmentIndex: number }
  | { kind: 'external_busy'; externalIndex: number }

/** The problems staff may override: everything but a clash with another appointment. */
export type OverridableProblem = Exclude<FitProblem, { kind: 'busy' }>

export interface AssignmentCandidate {
  teamMemberId: string
  appointmentsThatDay: number
  /** When the member was last given an "any available" booking; null when never. */
  lastAssignedAt: number | null
}
