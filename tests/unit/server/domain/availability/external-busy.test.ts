import { describe, expect, it } from 'vitest'
import { checkFit } from '../../../../../server/domain/availability/check-fit.ts'
import { memberSlots } from '../../../../../server/domain/availability/slots.ts'
import {
  day,
  member,
  policy,
  service,
  zone,
} from '../../../../support/unit/availability-support.ts'

// Monday 15 June 2026 in New York; the member works 09:00–13:00.
const ny = zone('America/New_York')
const monday = (time: string) => ny.at(`2026-06-15T${time}`)
const schedule = member({
  workingHours: [day(1, '09:00', '13:00')],
  // A dentist's appointment in the member's own calendar, and an event across midnight.
  externalBusy: [
    { startsAt: monday('10:00'), endsAt: monday('10:40') },
    { startsAt: monday('12:30'), endsAt: ny.at('2026-06-16T01:00') },
  ],
})

describe('busy times of the member’s own calendars', () => {
  it('take their time from the free starts, with no buffers of their own', () => {
    const slots = memberSlots({
      schedule,
      service: service({ durationMinutes: 30, bufferAfterMinutes: 10 }),
      policy: policy({ slotIntervalMinutes: 30 }),
      now: 0,
      from: monday('00:00'),
      to: ny.at('2026-06-16T00:00'),
    })
    // 09:30 would end its buffer at 10:10; 10:30 starts inside the event; 12:00's buffer ends
    // at 12:40, past the next event's start.
    expect(slots.map((slot) => ny.iso(slot.startsAt))).toEqual([
      '2026-06-15T09:00-04:00',
      '2026-06-15T11:00-04:00',
      '2026-06-15T11:30-04:00',
    ])
  })

  it('are a problem of their own in the booking check, after a clash with an appointment', () => {
    const fitAt = (startsAt: number, busy = schedule.busy) =>
      checkFit({ schedule: { ...schedule, busy }, service: service(), startsAt })
    expect(fitAt(monday('10:30'))).toEqual({ kind: 'external_busy', externalIndex: 0 })
    expect(fitAt(monday('12:30'))).toEqual({ kind: 'external_busy', externalIndex: 1 })
    expect(fitAt(monday('11:00'))).toBeNull()
    const appointment = { startsAt: monday('10:00'), endsAt: monday('11:00') }
    expect(
      fitAt(monday('10:30'), [{ ...appointment, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 }]),
    ).toEqual({ kind: 'busy', appointmentIndex: 0 })
  })
})
