import { describe, expect, it } from 'vitest'
import type { components } from '../../../../shared/contract/schema'
import { wallClockToInstant } from '../../../../src/domain/appointment-time'
import { offHoursReason, offHoursSentence } from '../../../../src/domain/off-hours-notice'

type MemberSchedule = components['schemas']['MemberSchedule']

const BERLIN = 'Europe/Berlin'
/** Tuesday 24 November 2026, Berlin's clock. */
const TUESDAY = '2026-11-24'
const at = (time: string, date = TUESDAY) => wallClockToInstant(`${date}T${time}`, BERLIN)
const period = (from: string, until: string, date = TUESDAY) => ({
  starts_at: at(from, date),
  ends_at: at(until, date),
})

function priya(overrides: Partial<MemberSchedule> = {}): MemberSchedule {
  return {
    team_member_id: '00000000-0000-4000-8000-000000000001',
    name: 'Priya Natarajan',
    color: '#14b8a6',
    time_zone: BERLIN,
    working_periods: [period('09:00', '13:00'), period('13:30', '18:00')],
    breaks: [period('13:00', '13:30')],
    time_off: [],
    busy_blocks: [],
    ...overrides,
  }
}

/** The sentence for an appointment from `start` to `end` on Tuesday, or null when it fits. */
function say(schedule: MemberSchedule, start: string, end: string): string | null {
  const reason = offHoursReason({
    schedule,
    date: TUESDAY,
    startsAt: at(start),
    endsAt: at(end),
    timeZone: BERLIN,
  })
  return reason && offHoursSentence(reason, schedule.name)
}

describe('offHoursReason and offHoursSentence', () => {
  it('says nothing of a time inside working hours, up to their very end', () => {
    expect(say(priya(), '09:00', '09:45')).toBeNull()
    expect(say(priya(), '17:15', '18:00')).toBeNull()
  })

  it('names the break a time falls into, or runs into', () => {
    expect(say(priya(), '13:00', '13:30')).toBe('Priya is on a break 13:00–13:30')
    expect(say(priya(), '12:30', '13:15')).toBe('Priya is on a break 13:00–13:30')
  })

  it('says when the member starts or finishes on that weekday', () => {
    expect(say(priya(), '08:30', '09:15')).toBe('Priya starts at 09:00 on Tuesdays')
    expect(say(priya(), '17:30', '18:15')).toBe('Priya finishes at 18:00 on Tuesdays')
  })

  it('says the member does not work that weekday', () => {
    expect(say(priya({ working_periods: [], breaks: [] }), '10:00', '10:30')).toBe(
      'Priya does not work on Tuesdays',
    )
  })

  it('names time off with its reason, all day or from when to when', () => {
    const holiday = priya({
      working_periods: [],
      breaks: [],
      time_off: [
        { ...period('00:00', '00:00', '2026-11-25'), starts_at: at('00:00'), reason: 'Holiday' },
      ],
    })
    expect(say(holiday, '10:00', '10:30')).toBe('Priya is away (Holiday) all day')
    const dentist = priya({
      working_periods: [period('09:00', '13:00'), period('16:00', '18:00')],
      time_off: [{ ...period('13:30', '16:00'), reason: ' ' }],
    })
    expect(say(dentist, '14:00', '14:30')).toBe('Priya is away 13:30–16:00')
  })

  it('gives a leave ending another day as lasting to the end of this one', () => {
    const leave = priya({
      working_periods: [period('09:00', '12:00')],
      breaks: [],
      time_off: [{ starts_at: at('12:00'), ends_at: at('12:00', '2026-11-27'), reason: 'Leave' }],
    })
    expect(say(leave, '14:00', '14:30')).toBe('Priya is away (Leave) 12:00–24:00')
  })

  it('says a gap between two shifts is not working time', () => {
    const split = priya({
      working_periods: [period('09:00', '12:00'), period('15:00', '18:00')],
      breaks: [],
    })
    expect(say(split, '13:00', '13:30')).toBe('Priya is not working at 13:00')
  })
})
