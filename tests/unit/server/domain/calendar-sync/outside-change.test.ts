import { describe, expect, it } from 'vitest'
import { outsideChangeOf } from '../../../../../server/domain/calendar-sync/outside-change.ts'
import { externalEvent, utc, zoned } from '../../../../support/calendar-sync/external-events.ts'

const uid = 'appointment-1@slotwise'
/** 14:00–14:45 in Berlin on a winter day (UTC+1). */
const appointment = {
  start: Date.parse('2026-12-02T13:00:00Z'),
  end: Date.parse('2026-12-02T13:45:00Z'),
}

describe('a written event changed outside Slotwise', () => {
  it('is no change where Slotwise wrote it, however the calendar rewrote its times', () => {
    const rewritten = externalEvent({
      uid,
      start: zoned('2026-12-02T14:00:00', 'Europe/Berlin'),
      end: zoned('2026-12-02T14:45:00', 'Europe/Berlin'),
    })
    expect(outsideChangeOf(appointment, [rewritten], 'America/New_York')).toBeNull()
  })

  it('is a move to the event’s new time, read in its own zone', () => {
    const moved = externalEvent({
      uid,
      start: zoned('2026-12-02T15:00:00', 'Europe/Berlin'),
      end: zoned('2026-12-02T16:00:00', 'Europe/Berlin'),
    })
    expect(outsideChangeOf(appointment, [moved], 'Europe/Berlin')).toEqual({
      kind: 'moved',
      start: Date.parse('2026-12-02T14:00:00Z'),
      end: Date.parse('2026-12-02T15:00:00Z'),
    })
  })

  it('is a deletion when the event is gone or cancelled', () => {
    expect(outsideChangeOf(appointment, [], 'Europe/Berlin')).toEqual({ kind: 'deleted' })
    const cancelled = externalEvent({
      uid,
      start: utc('2026-12-02T13:00:00Z'),
      end: utc('2026-12-02T13:45:00Z'),
      cancelled: true,
    })
    expect(outsideChangeOf(appointment, [cancelled], 'Europe/Berlin')).toEqual({
      kind: 'deleted',
    })
  })
})
