import { describe, expect, it } from 'vitest'
import { checkFit } from '../../../../../server/domain/availability/check-fit.ts'
import { memberSlots } from '../../../../../server/domain/availability/slots.ts'
import {
  breakPeriods,
  workingPeriods,
} from '../../../../../server/domain/availability/working-periods.ts'
import {
  day,
  everyDay,
  HOUR,
  member,
  policy,
  service,
  zone,
} from '../../../../support/unit/availability-support.ts'

const ny = zone('America/New_York')
const monday = (time: string) => ny.at(`2026-06-15T${time}`)
const tuesday = (time: string) => ny.at(`2026-06-16T${time}`)
const span = (period: { startsAt: number; endsAt: number }) =>
  `${ny.iso(period.startsAt)} – ${ny.iso(period.endsAt)}`

describe('workingPeriods', () => {
  const schedule = member({
    workingHours: [
      day(1, '09:00', '17:00', [
        ['12:00', '13:00'],
        ['15:00', '15:15'],
      ]),
      day(2, '10:00', '14:00'),
    ],
    timeOff: [
      { allDay: false, startsAt: new Date(monday('16:00')), endsAt: new Date(tuesday('11:00')) },
    ],
  })

  it('is hours minus breaks minus time off, as instants', () => {
    expect(workingPeriods(schedule, monday('00:00'), tuesday('23:59')).map(span)).toEqual([
      '2026-06-15T09:00-04:00 – 2026-06-15T12:00-04:00',
      '2026-06-15T13:00-04:00 – 2026-06-15T15:00-04:00',
      '2026-06-15T15:15-04:00 – 2026-06-15T16:00-04:00',
      '2026-06-16T11:00-04:00 – 2026-06-16T14:00-04:00',
    ])
  })

  it('returns whole periods that overlap the range, not cut at its ends', () => {
    expect(workingPeriods(schedule, monday('10:00'), monday('13:00')).map(span)).toEqual([
      '2026-06-15T09:00-04:00 – 2026-06-15T12:00-04:00',
    ])
  })

  it('drops whole days off from midnight to midnight in the member’s zone', () => {
    const off = member({
      workingHours: [day(1, '00:00', '23:59'), day(2, '00:00', '23:59')],
      timeOff: [{ allDay: true, startDate: '2026-06-15', endDate: '2026-06-15' }],
    })
    expect(workingPeriods(off, monday('00:00'), tuesday('23:59')).map(span)).toEqual([
      '2026-06-16T00:00-04:00 – 2026-06-16T23:59-04:00',
    ])
  })
})

describe('breakPeriods', () => {
  const schedule = member({
    workingHours: [
      day(1, '09:00', '17:00', [
        ['12:00', '13:00'],
        ['15:00', '15:15'],
      ]),
      day(2, '10:00', '14:00', [['11:00', '11:30']]),
    ],
    timeOff: [
      { allDay: false, startsAt: new Date(monday('15:05')), endsAt: new Date(monday('16:00')) },
      { allDay: true, startDate: '2026-06-16', endDate: '2026-06-16' },
    ],
  })

  it('lists the breaks as instants, less what time off already covers', () => {
    expect(breakPeriods(schedule, monday('00:00'), tuesday('23:59')).map(span)).toEqual([
      '2026-06-15T12:00-04:00 – 2026-06-15T13:00-04:00',
      '2026-06-15T15:00-04:00 – 2026-06-15T15:05-04:00',
    ])
  })

  it('keeps only the breaks touching the range, whole', () => {
    expect(breakPeriods(schedule, monday('12:30'), monday('14:00')).map(span)).toEqual([
      '2026-06-15T12:00-04:00 – 2026-06-15T13:00-04:00',
    ])
  })

  it('reads the wall clock in the member’s zone', () => {
    const tokyo = zone('Asia/Tokyo')
    const inTokyo = member({
      timeZone: 'Asia/Tokyo',
      workingHours: everyDay('09:00', '17:00', [['12:00', '12:45']]),
    })
    const from = tokyo.at('2026-06-15T00:00')
    expect(
      breakPeriods(inTokyo, from, from + 24 * HOUR).map(
        (p) => `${tokyo.iso(p.startsAt)} – ${tokyo.iso(p.endsAt)}`,
      ),
    ).toEqual(['2026-06-15T12:00+09:00 – 2026-06-15T12:45+09:00'])
  })
})

describe('checkFit', () => {
  const busy = {
    startsAt: monday('11:00'),
    endsAt: monday('12:00'),
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 10,
  }
  const schedule = member({
    workingHours: [day(1, '09:00', '17:00', [['13:00', '14:00']])],
    timeOff: [
      { allDay: false, startsAt: new Date(monday('15:00')), endsAt: new Date(monday('16:00')) },
    ],
    busy: [busy, { ...busy, startsAt: monday('18:00'), endsAt: monday('19:00') }],
  })
  const fitAt = (time: string, overrides = {}) =>
    checkFit({
      schedule,
      service: service({ durationMinutes: 30, ...overrides }),
      startsAt: monday(time),
    })

  it('accepts an appointment inside working time and clear of every buffer', () => {
    expect(fitAt('09:00')).toBeNull()
    expect(fitAt('10:30')).toBeNull() // ends exactly when the busy appointment starts
    expect(fitAt('12:10')).toBeNull() // starts exactly when its after-buffer ends
    expect(fitAt('16:00')).toBeNull()
  })

  it('names the busy appointment a buffered range overlaps', () => {
    expect(fitAt('12:00')).toEqual({ kind: 'busy', appointmentIndex: 0 })
    expect(fitAt('10:30', { bufferAfterMinutes: 1 })).toEqual({ kind: 'busy', appointmentIndex: 0 })
    expect(fitAt('18:30')).toEqual({ kind: 'busy', appointmentIndex: 1 })
  })

  it('reports a clash before working hours, since a staff booking may override only the hours', () => {
    expect(fitAt('18:15')).toEqual({ kind: 'busy', appointmentIndex: 1 })
  })

  it('rejects an appointment before, after or across a break as outside working hours', () => {
    expect(fitAt('08:45')).toEqual({ kind: 'outside_working_hours' })
    expect(fitAt('16:45')).toEqual({ kind: 'outside_working_hours' })
    expect(fitAt('12:45')).toEqual({ kind: 'outside_working_hours' })
    expect(checkFit({ schedule, service: service(), startsAt: tuesday('10:00') })).toEqual({
      kind: 'outside_working_hours',
    })
  })

  it('rejects an appointment within working hours that overlaps time off', () => {
    expect(fitAt('14:45')).toEqual({ kind: 'time_off' })
    expect(fitAt('15:30')).toEqual({ kind: 'time_off' })
  })
})

describe('a day that ends at midnight (24:00)', () => {
  const hours = (timeZone: string, date: string, start: string) => {
    const { at } = zone(timeZone)
    const schedule = member({ timeZone, workingHours: everyDay(start, '24:00') })
    return workingPeriods(schedule, at(`${date}T00:00`), at(`${date}T23:59`)).filter(
      (period) => period.startsAt === at(`${date}T${start}`),
    )
  }

  it('ends at the next local midnight', () => {
    const { at } = zone('Europe/Berlin')
    expect(hours('Europe/Berlin', '2026-03-04', '20:00')).toEqual([
      { startsAt: at('2026-03-04T20:00'), endsAt: at('2026-03-05T00:00') },
    ])
  })

  it('is as long as the day really is when the clocks change at midnight', () => {
    // Chile springs forward at 24:00 on 5 September 2026: midnight is the next day's 01:00,
    // and 22:00–24:00 is still two hours of real time.
    const [period] = hours('America/Santiago', '2026-09-05', '22:00')
    expect(period && (period.endsAt - period.startsAt) / HOUR).toBe(2)
  })

  it('offers the last slot of the day ending at midnight', () => {
    const { at, iso } = zone('America/New_York')
    const schedule = member({ workingHours: everyDay('22:00', '24:00') })
    const slots = memberSlots({
      schedule,
      service: service({ durationMinutes: 30 }),
      policy: policy({ slotIntervalMinutes: 30 }),
      now: 0,
      from: at('2026-03-04T00:00'),
      to: at('2026-03-05T00:00'),
    })
    expect(slots.map((slot) => iso(slot.startsAt))).toEqual([
      '2026-03-04T22:00-05:00',
      '2026-03-04T22:30-05:00',
      '2026-03-04T23:00-05:00',
      '2026-03-04T23:30-05:00',
    ])
  })
})
