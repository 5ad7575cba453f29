import { describe, expect, it } from 'vitest'
import { memberSlots } from '../../../../../server/domain/availability/slots.ts'
import type { SlotPolicy } from '../../../../../server/domain/availability/types.ts'
import { workingPeriods } from '../../../../../server/domain/availability/working-periods.ts'
import {
  day,
  HOUR,
  member,
  policy,
  service,
  zone,
} from '../../../../support/unit/availability-support.ts'

// Every date below is a Sunday (ISO weekday 7) on which the zone changes its offset.
const longAgo = Date.UTC(2026, 0, 1)

function sunday(
  timeZone: string,
  date: string,
  start: string,
  end: string,
  grid: Partial<SlotPolicy> & { duration: number },
) {
  const clock = zone(timeZone)
  const schedule = member({ timeZone, workingHours: [day(7, start, end)] })
  const from = clock.at(`${date}T00:00`)
  const to = from + 30 * HOUR
  const slots = memberSlots({
    schedule,
    service: service({ durationMinutes: grid.duration }),
    policy: policy(grid),
    now: longAgo,
    from,
    to,
  })
  const [period] = workingPeriods(schedule, from, to)
  return {
    starts: slots.map((slot) => clock.iso(slot.startsAt)),
    hours: period ? (period.endsAt - period.startsAt) / HOUR : 0,
  }
}

describe('America/New_York', () => {
  it('spring forward (8 March 2026): 00:00–04:00 lasts 3 hours, the grid stays 30 real minutes apart', () => {
    const result = sunday('America/New_York', '2026-03-08', '00:00', '04:00', {
      slotIntervalMinutes: 30,
      duration: 60,
    })
    expect(result.hours).toBe(3)
    expect(result.starts).toEqual([
      '2026-03-08T00:00-05:00',
      '2026-03-08T00:30-05:00',
      '2026-03-08T01:00-05:00',
      '2026-03-08T01:30-05:00', // ends at 03:00 EDT, one real hour later
      '2026-03-08T03:00-04:00',
    ])
  })

  it('spring forward: normal hours 09:00–17:00 are still 8 hours, in EDT', () => {
    const result = sunday('America/New_York', '2026-03-08', '09:00', '17:00', {
      slotIntervalMinutes: 60,
      duration: 60,
    })
    expect(result.hours).toBe(8)
    expect(result.starts).toHaveLength(8)
    expect(result.starts[0]).toBe('2026-03-08T09:00-04:00')
    expect(result.starts.at(-1)).toBe('2026-03-08T16:00-04:00')
  })

  it('spring forward: hours that start inside the skipped hour start when it ends', () => {
    const result = sunday('America/New_York', '2026-03-08', '02:30', '05:00', {
      slotIntervalMinutes: 30,
      duration: 30,
    })
    expect(result.starts).toEqual([
      '2026-03-08T03:30-04:00',
      '2026-03-08T04:00-04:00',
      '2026-03-08T04:30-04:00',
    ])
  })

  it('fall back (1 November 2026): 00:00–04:00 lasts 5 hours and offers the repeated hour twice', () => {
    const result = sunday('America/New_York', '2026-11-01', '00:00', '04:00', {
      slotIntervalMinutes: 30,
      duration: 60,
    })
    expect(result.hours).toBe(5)
    expect(result.starts).toEqual([
      '2026-11-01T00:00-04:00',
      '2026-11-01T00:30-04:00',
      '2026-11-01T01:00-04:00',
      '2026-11-01T01:30-04:00',
      '2026-11-01T01:00-05:00',
      '2026-11-01T01:30-05:00',
      '2026-11-01T02:00-05:00',
      '2026-11-01T02:30-05:00',
      '2026-11-01T03:00-05:00',
    ])
  })

  it('fall back: normal hours 09:00–17:00 are 8 hours in EST', () => {
    const result = sunday('America/New_York', '2026-11-01', '09:00', '17:00', {
      slotIntervalMinutes: 60,
      duration: 60,
    })
    expect(result.hours).toBe(8)
    expect(result.starts[0]).toBe('2026-11-01T09:00-05:00')
    expect(result.starts).toHaveLength(8)
  })
})

describe('Europe/Berlin', () => {
  it('spring forward (29 March 2026): a 15-minute grid steps over 02:00–03:00', () => {
    const result = sunday('Europe/Berlin', '2026-03-29', '01:00', '04:00', {
      slotIntervalMinutes: 15,
      duration: 45,
    })
    expect(result.hours).toBe(2)
    expect(result.starts).toEqual([
      '2026-03-29T01:00+01:00',
      '2026-03-29T01:15+01:00',
      '2026-03-29T01:30+01:00',
      '2026-03-29T01:45+01:00',
      '2026-03-29T03:00+02:00',
      '2026-03-29T03:15+02:00',
    ])
  })

  it('fall back (25 October 2026): 02:00 comes twice, as two distinct slots', () => {
    const result = sunday('Europe/Berlin', '2026-10-25', '01:00', '04:00', {
      slotIntervalMinutes: 60,
      duration: 60,
    })
    expect(result.hours).toBe(4)
    expect(result.starts).toEqual([
      '2026-10-25T01:00+02:00',
      '2026-10-25T02:00+02:00',
      '2026-10-25T02:00+01:00',
      '2026-10-25T03:00+01:00',
    ])
  })
})

describe('Australia/Lord_Howe (a 30-minute change)', () => {
  it('fall back (5 April 2026): 01:30–02:00 comes twice, 01:00–03:00 lasts 2.5 hours', () => {
    const result = sunday('Australia/Lord_Howe', '2026-04-05', '01:00', '03:00', {
      slotIntervalMinutes: 30,
      duration: 30,
    })
    expect(result.hours).toBe(2.5)
    expect(result.starts).toEqual([
      '2026-04-05T01:00+11:00',
      '2026-04-05T01:30+11:00',
      '2026-04-05T01:30+10:30',
      '2026-04-05T02:00+10:30',
      '2026-04-05T02:30+10:30',
    ])
  })

  it('spring forward (4 October 2026): 02:00–02:30 does not exist, 01:00–04:00 lasts 2.5 hours', () => {
    const result = sunday('Australia/Lord_Howe', '2026-10-04', '01:00', '04:00', {
      slotIntervalMinutes: 30,
      duration: 30,
    })
    expect(result.hours).toBe(2.5)
    expect(result.starts).toEqual([
      '2026-10-04T01:00+10:30',
      '2026-10-04T01:30+10:30',
      '2026-10-04T02:30+11:00',
      '2026-10-04T03:00+11:00',
      '2026-10-04T03:30+11:00',
    ])
  })
})

describe('zones half an hour off UTC', () => {
  it('Asia/Kolkata (+05:30, no DST): wall-clock hours at their exact instants', () => {
    const kolkata = zone('Asia/Kolkata')
    const schedule = member({ timeZone: 'Asia/Kolkata', workingHours: [day(1, '09:00', '10:30')] })
    const slots = memberSlots({
      schedule,
      service: service({ durationMinutes: 30 }),
      policy: policy({ slotIntervalMinutes: 30 }),
      now: longAgo,
      from: kolkata.at('2026-03-09T00:00'),
      to: kolkata.at('2026-03-10T00:00'),
    })
    expect(slots.map((slot) => new Date(slot.startsAt).toISOString())).toEqual([
      '2026-03-09T03:30:00.000Z',
      '2026-03-09T04:00:00.000Z',
      '2026-03-09T04:30:00.000Z',
    ])
  })

  it('Australia/Adelaide (+10:30 → +09:30 on 5 April 2026): the repeated 02:00–03:00 is offered twice', () => {
    const result = sunday('Australia/Adelaide', '2026-04-05', '01:00', '04:00', {
      slotIntervalMinutes: 60,
      duration: 60,
    })
    expect(result.hours).toBe(4)
    expect(result.starts).toEqual([
      '2026-04-05T01:00+10:30',
      '2026-04-05T02:00+10:30',
      '2026-04-05T02:00+09:30',
      '2026-04-05T03:00+09:30',
    ])
  })
})
