import { describe, expect, it } from 'vitest'
import { memberSlots } from '../../../../../server/domain/availability/slots.ts'
import {
  DAY,
  day,
  everyDay,
  HOUR,
  MINUTE,
  member,
  policy,
  service,
  zone,
} from '../../../../support/unit/availability-support.ts'

// Monday 15 June 2026 in New York (EDT, -04:00) unless a test says otherwise.
const ny = zone('America/New_York')
const monday = (time: string) => ny.at(`2026-06-15T${time}`)
const wholeMonday = { from: monday('00:00'), to: ny.at('2026-06-16T00:00') }
const longAgo = Date.UTC(2026, 0, 1)

const starts = (slots: { startsAt: number }[]) => slots.map((slot) => ny.iso(slot.startsAt))
const isoAt = (time: string) => `2026-06-15T${time}-04:00`
const times = (...clock: string[]) => clock.map(isoAt)

describe('memberSlots', () => {
  it('offers every 30 minutes around a lunch break, each slot as long as the service', () => {
    const slots = memberSlots({
      schedule: member({ workingHours: [day(1, '09:00', '14:00', [['12:00', '13:00']])] }),
      service: service({ durationMinutes: 30 }),
      policy: policy({ slotIntervalMinutes: 30 }),
      now: longAgo,
      ...wholeMonday,
    })
    expect(starts(slots)).toEqual(
      times('09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:00', '13:30'),
    )
    for (const slot of slots) expect(slot.endsAt - slot.startsAt).toBe(30 * MINUTE)
  })

  it('never lets an appointment run across a break, and restarts the grid after it', () => {
    const slots = memberSlots({
      schedule: member({ workingHours: [day(1, '09:00', '12:00', [['10:00', '10:20']])] }),
      service: service({ durationMinutes: 30 }),
      policy: policy({ slotIntervalMinutes: 30 }),
      now: longAgo,
      ...wholeMonday,
    })
    expect(starts(slots)).toEqual(times('09:00', '09:30', '10:20', '10:50', '11:20'))
  })

  it('keeps the new service’s buffers and an existing appointment’s buffers apart; touching is fine', () => {
    // Busy 11:00–12:00 with 5 minutes either side blocks 10:55–12:05. The new service blocks
    // 10 minutes before and 15 after its 30 minutes: [start − 10, start + 45).
    const slots = memberSlots({
      schedule: member({
        workingHours: [day(1, '09:00', '14:00')],
        busy: [
          {
            startsAt: monday('11:00'),
            endsAt: monday('12:00'),
            bufferBeforeMinutes: 5,
            bufferAfterMinutes: 5,
          },
        ],
      }),
      service: service({ durationMinutes: 30, bufferBeforeMinutes: 10, bufferAfterMinutes: 15 }),
      policy: policy({ slotIntervalMinutes: 5 }),
      now: longAgo,
      ...wholeMonday,
    })
    // 10:10 + 45 min ends exactly at 10:55; 12:15 − 10 min starts exactly at 12:05.
    expect(starts(slots).filter((iso) => iso >= isoAt('10:00') && iso <= isoAt('12:30'))).toEqual(
      times('10:00', '10:05', '10:10', '12:15', '12:20', '12:25', '12:30'),
    )
  })

  it('skips whole days off (both dates inclusive) in the member’s own zone', () => {
    const slots = memberSlots({
      schedule: member({
        workingHours: [1, 2, 3, 4, 5].map((weekday) => day(weekday, '09:00', '10:00')),
        timeOff: [{ allDay: true, startDate: '2026-06-16', endDate: '2026-06-17' }],
      }),
      service: service({ durationMinutes: 60 }),
      policy: policy({ slotIntervalMinutes: 60 }),
      now: longAgo,
      from: monday('00:00'),
      to: ny.at('2026-06-20T00:00'),
    })
    expect(slots.map((slot) => ny.iso(slot.startsAt))).toEqual([
      '2026-06-15T09:00-04:00',
      '2026-06-18T09:00-04:00',
      '2026-06-19T09:00-04:00',
    ])
  })

  it('reads a whole day off in the member’s zone, not UTC', () => {
    // Tokyo's Tuesday is Monday afternoon in UTC; the day off must remove Tokyo's Tuesday only.
    const tokyo = zone('Asia/Tokyo')
    const slots = memberSlots({
      schedule: member({
        timeZone: 'Asia/Tokyo',
        workingHours: everyDay('09:00', '10:00'),
        timeOff: [{ allDay: true, startDate: '2026-06-16', endDate: '2026-06-16' }],
      }),
      service: service({ durationMinutes: 60 }),
      policy: policy({ slotIntervalMinutes: 60 }),
      now: longAgo,
      from: tokyo.at('2026-06-15T00:00'),
      to: tokyo.at('2026-06-18T00:00'),
    })
    expect(slots.map((slot) => tokyo.iso(slot.startsAt))).toEqual([
      '2026-06-15T09:00+09:00',
      '2026-06-17T09:00+09:00',
    ])
  })

  it('works around part-day time off; the grid restarts when the time off ends', () => {
    const slots = memberSlots({
      schedule: member({
        workingHours: [day(1, '09:00', '13:00')],
        timeOff: [
          { allDay: false, startsAt: new Date(monday('10:00')), endsAt: new Date(monday('11:10')) },
        ],
      }),
      service: service({ durationMinutes: 30 }),
      policy: policy({ slotIntervalMinutes: 30 }),
      now: longAgo,
      ...wholeMonday,
    })
    expect(starts(slots)).toEqual(times('09:00', '09:30', '11:10', '11:40', '12:10'))
  })

  it('starts no earlier than now plus the minimum notice (exactly then is fine)', () => {
    const slots = memberSlots({
      schedule: member({ workingHours: [day(1, '09:00', '12:00')] }),
      service: service(),
      policy: policy({ minNoticeMinutes: 60 }),
      now: monday('09:30'),
      ...wholeMonday,
    })
    expect(starts(slots)).toEqual(times('10:30', '11:00', '11:30'))
  })

  it('starts no later than now plus the booking window (exactly then is fine)', () => {
    const slots = memberSlots({
      schedule: member({ workingHours: everyDay('09:00', '11:00') }),
      service: service({ durationMinutes: 60 }),
      policy: policy({ slotIntervalMinutes: 60, bookingWindowDays: 2 }),
      now: monday('10:00'),
      from: monday('00:00'),
      to: monday('00:00') + 7 * DAY,
    })
    expect(slots.map((slot) => ny.iso(slot.startsAt))).toEqual([
      '2026-06-15T10:00-04:00',
      '2026-06-16T09:00-04:00',
      '2026-06-16T10:00-04:00',
      '2026-06-17T09:00-04:00',
      '2026-06-17T10:00-04:00',
    ])
  })

  it('a zero-day booking window leaves only a slot starting right now', () => {
    const slots = memberSlots({
      schedule: member(),
      service: service(),
      policy: policy({ bookingWindowDays: 0 }),
      now: monday('10:00'),
      ...wholeMonday,
    })
    expect(starts(slots)).toEqual(times('10:00'))
  })

  it('keeps start times within [from, to) without moving the grid', () => {
    const slots = memberSlots({
      schedule: member({ workingHours: [day(1, '09:00', '17:00')] }),
      service: service({ durationMinutes: 60 }),
      policy: policy({ slotIntervalMinutes: 30 }),
      now: longAgo,
      from: monday('10:10'),
      to: monday('11:30'),
    })
    // 11:00 ends at 12:00, past `to`: the range bounds start times only.
    expect(starts(slots)).toEqual(times('10:30', '11:00'))
  })

  it('offers nothing for an empty or inverted range, and still ends with a nonsense interval', () => {
    const query = { schedule: member(), service: service(), now: longAgo }
    expect(
      memberSlots({ ...query, policy: policy(), from: monday('09:00'), to: monday('09:00') }),
    ).toEqual([])
    expect(
      memberSlots({ ...query, policy: policy(), from: monday('12:00'), to: monday('09:00') }),
    ).toEqual([])
    const guarded = memberSlots({
      ...query,
      policy: policy({ slotIntervalMinutes: 0 }),
      from: monday('09:00'),
      to: monday('09:00') + HOUR,
    })
    expect(guarded).toHaveLength(60)
  })
})
