import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  contrastRatio,
  readableTextColor,
  relativeLuminance,
} from '../../../../../src/components/appointments/appointment-format'
import { applyAppointmentChange, visibleRange } from '../../../../../src/domain/calendar-range'
import { complementIntervals } from '../../../../../src/domain/intervals'
import {
  appointmentEvent,
  bookingAnswersSummary,
  busyEvents,
  isDraggable,
  scheduleEvents,
  shownAppointments,
} from '../../../../../src/features/calendar/calendar-events'
import {
  ALEX,
  BERLIN,
  BO,
  NOW,
  sampleAppointment,
} from '../../../../support/unit/appointment-samples'

const week = {
  from: '2026-11-22T23:00:00.000Z',
  to: '2026-11-29T23:00:00.000Z',
}

describe('readable text on service colours', () => {
  it('picks the text colour with the higher contrast, at least 4.5:1 on typical colours', () => {
    for (const colour of [
      '#4f46e5',
      '#0ea5e9',
      '#facc15',
      '#16a34a',
      '#ffffff',
      '#000000',
      '#e11d48',
    ]) {
      const text = readableTextColor(colour)
      const ratio = contrastRatio(relativeLuminance(colour) ?? 0, relativeLuminance(text) ?? 0)
      expect(ratio, `${text} on ${colour}`).toBeGreaterThanOrEqual(4.5)
    }
    expect(readableTextColor('#facc15')).toBe('#111114')
    expect(readableTextColor('#4f46e5')).toBe('#ffffff')
  })

  it('falls back to dark text for a value that is not a colour', () => {
    expect(readableTextColor('blue')).toBe('#111114')
  })
})

describe('visible range', () => {
  it('reads the business-zone days of a week, end exclusive', () => {
    expect(visibleRange('2026-11-23T00:00:00+01:00', '2026-11-30T00:00:00+01:00', BERLIN)).toEqual({
      from: '2026-11-22T23:00:00.000Z',
      to: '2026-11-29T23:00:00.000Z',
      startDate: '2026-11-23',
      endDate: '2026-11-29',
    })
  })

  it('holds across the spring change in New York (a 23-hour day)', () => {
    expect(
      visibleRange('2026-03-08T00:00:00-05:00', '2026-03-09T00:00:00-04:00', 'America/New_York'),
    ).toMatchObject({ startDate: '2026-03-08', endDate: '2026-03-08' })
  })
})

describe('keeping the loaded list in step', () => {
  const first = sampleAppointment()
  const second = sampleAppointment({
    id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    starts_at: '2026-11-26T09:00:00.000Z',
    ends_at: '2026-11-26T09:30:00.000Z',
  })

  it('adds a new appointment in start order', () => {
    expect(applyAppointmentChange([first], second, week, null).map((a) => a.id)).toEqual([
      second.id,
      first.id,
    ])
  })

  it('replaces a changed one and drops it when it moves out of the view or filter', () => {
    const moved = {
      ...first,
      starts_at: '2026-12-02T09:00:00.000Z',
      ends_at: '2026-12-02T09:45:00.000Z',
      updated_at: '2026-11-21T00:00:00.000Z',
    }
    expect(applyAppointmentChange([first, second], moved, week, null)).toEqual([second])
    const otherMember = { ...first, team_member_id: BO, updated_at: '2026-11-21T00:00:00.000Z' }
    expect(applyAppointmentChange([first], otherMember, week, ALEX)).toEqual([])
    expect(applyAppointmentChange([first], otherMember, week, null)).toEqual([otherMember])
  })

  it('ignores an older version than the one shown', () => {
    const newer = { ...first, notes: 'new', updated_at: '2026-11-22T00:00:00.000Z' }
    const older = { ...first, notes: 'old', updated_at: '2026-11-21T00:00:00.000Z' }
    expect(applyAppointmentChange([newer], older, week, null)).toEqual([newer])
  })

  it('hides cancelled appointments unless asked', () => {
    const cancelled = { ...second, status: 'cancelled' as const }
    expect(shownAppointments([first, cancelled], false)).toEqual([first])
    expect(shownAppointments([first, cancelled], true)).toEqual([first, cancelled])
  })

  it('shows a hold awaiting payment, and a hold never paid only with the cancelled ones', () => {
    const held = { ...first, status: 'pending_payment' as const }
    const expired = { ...second, status: 'payment_expired' as const }
    expect(shownAppointments([held, expired], false)).toEqual([held])
    expect(shownAppointments([held, expired], true)).toEqual([held, expired])
  })
})

describe('appointments as events', () => {
  const owner = { writeAny: true, ownTeamMemberId: null }
  // Whether an event can be dragged depends on the clock: the samples' appointment lies a
  // day after NOW, so the clock is held there (on the real one it turned past on 27 Nov 2026).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('marks a hold as awaiting payment, not draggable, and a hold never paid as freed', () => {
    const held = appointmentEvent(sampleAppointment({ status: 'pending_payment' }), owner, BERLIN)
    expect(held.startEditable).toBe(false)
    expect(held.durationEditable).toBe(false)
    expect(held.classNames).toContain('p-cal-event--pending-payment')
    expect((held.extendedProps as { label: string }).label).toContain('Awaiting payment')
    const expired = appointmentEvent(
      sampleAppointment({ status: 'payment_expired' }),
      owner,
      BERLIN,
    )
    expect(expired.classNames).toContain('p-cal-event--cancelled')
    expect(expired.backgroundColor).toBe('transparent')
  })

  it('uses the service colour with readable text and a label naming it all', () => {
    const event = appointmentEvent(sampleAppointment({ service_color: '#facc15' }), owner, BERLIN)
    expect(event).toMatchObject({
      backgroundColor: '#facc15',
      textColor: '#111114',
      startEditable: true,
      durationEditable: true,
      extendedProps: { label: '10:00–10:45, Ana Lopez, Haircut, with Alex Kim' },
    })
  })

  it('lets only confirmed future appointments the user may change be dragged', () => {
    const confirmed = sampleAppointment()
    expect(isDraggable(confirmed, owner, NOW)).toBe(true)
    expect(isDraggable({ ...confirmed, status: 'completed' }, owner, NOW)).toBe(false)
    expect(isDraggable(confirmed, { writeAny: false, ownTeamMemberId: BO }, NOW)).toBe(false)
    expect(isDraggable(confirmed, { writeAny: false, ownTeamMemberId: ALEX }, NOW)).toBe(true)
    expect(isDraggable(confirmed, owner, Date.parse('2026-11-28T00:00:00Z'))).toBe(false)
    expect(isDraggable(confirmed, null, NOW)).toBe(false)
  })

  it('names the booking answers in the label: a count, the first two cut short, the rest counted', () => {
    const answer = (id: string, label: string, value: string | boolean | string[]) => ({
      question_id: id,
      label,
      kind: 'short_text' as const,
      value,
    })
    const one = appointmentEvent(
      sampleAppointment({ booking_answers: [answer('q1', 'Allergies', 'Peanuts\nand latex')] }),
      owner,
      BERLIN,
    )
    expect((one.extendedProps as { label: string }).label).toBe(
      '10:00–10:45, Ana Lopez, Haircut, with Alex Kim, 1 booking answer: Allergies: Peanuts and latex',
    )
    const long = 'x'.repeat(80)
    const several = appointmentEvent(
      sampleAppointment({
        booking_answers: [
          answer('q1', 'Notes', long),
          answer('q2', 'Parking', true),
          answer('q3', 'Extras', ['Wash', 'Style']),
        ],
      }),
      owner,
      BERLIN,
    )
    expect((several.extendedProps as { label: string }).label).toMatch(
      new RegExp(`, 3 booking answers: Notes: ${'x'.repeat(59)}…; Parking: Yes; 1 more$`),
    )
    expect(bookingAnswersSummary([])).toBeNull()
  })

  it('says the payment in the label, with its amount, and not twice for a hold', () => {
    const deposit = appointmentEvent(
      sampleAppointment({
        payment: { state: 'deposit_paid', paid_minor: 1000, refunded_minor: 0, currency: 'EUR' },
      }),
      owner,
      BERLIN,
    )
    expect((deposit.extendedProps as { label: string }).label).toMatch(
      /^10:00–10:45, Ana Lopez, Haircut, with Alex Kim, payment: deposit paid · .*10\.00/,
    )
    const held = appointmentEvent(
      sampleAppointment({
        status: 'pending_payment',
        payment: { state: 'pending', paid_minor: 0, refunded_minor: 0, currency: 'EUR' },
      }),
      owner,
      BERLIN,
    )
    expect((held.extendedProps as { label: string }).label).not.toContain('payment:')
    expect((held.extendedProps as { label: string }).label).toContain('Awaiting payment')
  })

  it('draws cancelled ones hollow and says so in the label', () => {
    const event = appointmentEvent(sampleAppointment({ status: 'cancelled' }), owner, BERLIN)
    expect(event.backgroundColor).toBe('transparent')
    expect(event.classNames).toContain('p-cal-event--cancelled')
    expect((event.extendedProps as { label: string }).label).toMatch(/Cancelled$/)
  })
})

describe('schedule shading', () => {
  it('complements working time within the range', () => {
    expect(
      complementIntervals(
        [
          { start: 30, end: 40 },
          { start: 10, end: 20 },
          { start: 15, end: 25 },
        ],
        0,
        50,
      ),
    ).toEqual([
      { start: 0, end: 10 },
      { start: 25, end: 30 },
      { start: 40, end: 50 },
    ])
    expect(complementIntervals([{ start: -5, end: 60 }], 0, 50)).toEqual([])
    expect(complementIntervals([], 0, 50)).toEqual([{ start: 0, end: 50 }])
  })

  const schedule = {
    time_zone: BERLIN,
    members: [
      {
        team_member_id: ALEX,
        name: 'Alex Kim',
        color: '#4f46e5',
        time_zone: BERLIN,
        working_periods: [
          { starts_at: '2026-11-23T08:00:00.000Z', ends_at: '2026-11-23T16:00:00.000Z' },
        ],
        breaks: [],
        time_off: [
          {
            starts_at: '2026-11-24T23:00:00.000Z',
            ends_at: '2026-11-25T23:00:00.000Z',
            reason: 'Dentist',
          },
        ],
        busy_blocks: [],
      },
      {
        team_member_id: BO,
        name: 'Bo Berg',
        color: '#0ea5e9',
        time_zone: BERLIN,
        working_periods: [
          { starts_at: '2026-11-23T12:00:00.000Z', ends_at: '2026-11-23T18:00:00.000Z' },
        ],
        breaks: [],
        time_off: [],
        busy_blocks: [],
      },
    ],
  }

  it('shades the time nobody works and marks time off with whose and why', () => {
    const events = scheduleEvents(schedule, week, { withOffHours: true, withNames: true })
    const off = events.filter((event) => event.classNames?.includes('p-cal-off-hours'))
    expect(off.map((event) => [event.start, event.end])).toEqual([
      ['2026-11-22T23:00:00.000Z', '2026-11-23T08:00:00.000Z'],
      ['2026-11-23T18:00:00.000Z', '2026-11-29T23:00:00.000Z'],
    ])
    const timeOff = events.filter((event) => event.classNames?.includes('p-cal-time-off'))
    expect(timeOff.map((event) => event.title)).toEqual(['Alex Kim: Dentist'])
    expect(timeOff[0]?.display).toBe('background')
  })

  it('leaves out the off-hours shading in the month view and names only when several show', () => {
    const events = scheduleEvents(schedule, week, { withOffHours: false, withNames: false })
    expect(events.map((event) => event.title)).toEqual(['Dentist'])
  })
})

describe('busy blocks from members’ own calendars', () => {
  const blocks = [
    // Alex's lecture 10:00–11:00 Berlin; Bo's with no title (the caller may not see it).
    {
      team_member_id: ALEX,
      starts_at: '2026-11-27T09:00:00Z',
      ends_at: '2026-11-27T10:00:00Z',
      title: 'Lecture',
    },
    // Over midnight: the label names both days.
    {
      team_member_id: BO,
      starts_at: '2026-11-27T22:00:00Z',
      ends_at: '2026-11-28T01:00:00Z',
      title: null,
    },
  ]
  const nameOf = (id: string) => (id === ALEX ? 'Alex Kim' : 'Bo Berg')

  it('shows a title only where the contract gives one, never editable, named by a sentence', () => {
    const events = busyEvents(blocks, { timeZone: BERLIN, nameOf, withNames: false })
    expect(events.map((event) => event.title)).toEqual(['Lecture', 'Busy'])
    expect(
      events.every((event) => event.startEditable === false && event.durationEditable === false),
    ).toBe(true)
    expect(events.map((event) => event.extendedProps?.label)).toEqual([
      'Busy 10:00–11:00 in Alex Kim’s own calendar: Lecture',
      'Busy 2026-11-27 23:00 – 2026-11-28 02:00 in Bo Berg’s own calendar',
    ])
  })

  it('says whose each is when several members show', () => {
    const events = busyEvents(blocks, { timeZone: BERLIN, nameOf, withNames: true })
    expect(events.map((event) => event.title)).toEqual(['Alex Kim: Lecture', 'Bo Berg: Busy'])
  })
})
