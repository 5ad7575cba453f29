import { describe, expect, it } from 'vitest'
import {
  busyRange,
  clashOf,
  type Placement,
  placedColumns,
} from '../../../../../server/services/booking/placement.ts'

const START = Date.parse('2026-12-01T09:00:00Z')

describe('placing on the schedule', () => {
  it('ends after the duration and takes the buffers either side as busy time', () => {
    const range = busyRange(START, {
      durationMinutes: 45,
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 15,
    })
    expect(new Date(range.endsAt).toISOString()).toBe('2026-12-01T09:45:00.000Z')
    expect(range.busyFrom.toISOString()).toBe('2026-12-01T08:50:00.000Z')
    expect(range.busyUntil.toISOString()).toBe('2026-12-01T10:00:00.000Z')
  })

  const placement: Placement = {
    appointmentId: 'a1',
    teamMemberId: 'm1',
    seatGroup: 's1@1',
    endsAt: new Date(START + 45 * 60_000),
    busyFrom: new Date(START - 600_000),
    busyUntil: new Date(START + 60 * 60_000),
    outsideWorkingHours: true,
  }

  it('writes the buffers captured and where it was placed', () => {
    const timing = { durationMinutes: 45, bufferBeforeMinutes: 10, bufferAfterMinutes: 15 }
    expect(placedColumns(timing, placement)).toEqual({
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 15,
      busyFrom: placement.busyFrom,
      busyUntil: placement.busyUntil,
      seatGroup: 's1@1',
      outsideWorkingHours: true,
    })
  })

  it('looks a clash up by its member, busy range and seat group, itself excepted', () => {
    expect(clashOf(placement)).toEqual({
      teamMemberId: 'm1',
      busyFrom: placement.busyFrom,
      busyUntil: placement.busyUntil,
      seatGroup: 's1@1',
      exceptId: 'a1',
    })
  })
})
