import { describe, expect, it } from 'vitest'
import type { WorkingDay } from '../../../../server/domain/working-hours.ts'
import {
  defaultWorkingHours,
  normalizeWorkingHours,
  weekdayName,
  workingHoursErrors,
} from '../../../../server/domain/working-hours.ts'

const day = (overrides: Partial<WorkingDay> = {}): WorkingDay => ({
  weekday: 1,
  start: '09:00',
  end: '17:00',
  breaks: [],
  ...overrides,
})

const errors = (days: WorkingDay[]) => workingHoursErrors(days, 'body.working_hours')

describe('workingHoursErrors', () => {
  it('accepts a week with lunch breaks, back-to-back breaks and days off', () => {
    expect(
      errors([
        day({ breaks: [{ start: '12:00', end: '13:00' }] }),
        day({
          weekday: 3,
          breaks: [
            { start: '13:00', end: '13:30' },
            { start: '12:00', end: '13:00' },
          ],
        }),
        day({ weekday: 6, start: '10:00', end: '14:00' }),
      ]),
    ).toEqual([])
    expect(errors([])).toEqual([])
    expect(errors(defaultWorkingHours())).toEqual([])
  })

  it('accepts hours and breaks that end at midnight (24:00), never a day starting then', () => {
    expect(errors([day({ end: '24:00', breaks: [{ start: '23:00', end: '24:00' }] })])).toEqual([])
    expect(errors([day({ start: '24:00', end: '24:00' })]).map((e) => e.path)).toEqual([
      'body.working_hours.0.end',
    ])
    expect(
      errors([day({ end: '24:00', breaks: [{ start: '24:00', end: '24:00' }] })]).map(
        (e) => e.path,
      ),
    ).toEqual(['body.working_hours.0.breaks.0'])
  })

  it('accepts breaks that start or end with the working day', () => {
    expect(
      errors([
        day({
          breaks: [
            { start: '09:00', end: '09:30' },
            { start: '16:30', end: '17:00' },
          ],
        }),
      ]),
    ).toEqual([])
  })

  it('names the second entry of a weekday listed twice', () => {
    expect(errors([day(), day({ weekday: 2 }), day({ start: '18:00', end: '20:00' })])).toEqual([
      { path: 'body.working_hours.2.weekday', message: 'Monday is listed twice' },
    ])
  })

  it.each([
    ['ends before it starts', '17:00', '09:00'],
    ['ends when it starts', '09:00', '09:00'],
  ])('refuses a day that %s', (_, start, end) => {
    expect(errors([day({ start, end })])).toEqual([
      { path: 'body.working_hours.0.end', message: `must be later than the start (${start})` },
    ])
  })

  it.each([
    ['starts before the day', { start: '08:30', end: '09:30' }],
    ['ends after the day', { start: '16:30', end: '17:30' }],
    ['lies wholly outside the day', { start: '18:00', end: '19:00' }],
  ])('refuses a break that %s', (_, pause) => {
    expect(errors([day({ breaks: [pause] })])).toEqual([
      {
        path: 'body.working_hours.0.breaks.0',
        message: 'must be within the working hours 09:00–17:00',
      },
    ])
  })

  it('refuses a break that ends before it starts', () => {
    expect(errors([day({ breaks: [{ start: '13:00', end: '12:00' }] })])).toEqual([
      { path: 'body.working_hours.0.breaks.0', message: 'must end later than it starts (13:00)' },
    ])
  })

  it('names the later-listed of two overlapping breaks, whatever their order in time', () => {
    const overlapping = (breaks: WorkingDay['breaks']) => errors([day({ breaks })])

    expect(
      overlapping([
        { start: '12:00', end: '13:00' },
        { start: '12:30', end: '13:30' },
      ]),
    ).toEqual([
      { path: 'body.working_hours.0.breaks.1', message: 'overlaps the break 12:00–13:00' },
    ])
    expect(
      overlapping([
        { start: '12:30', end: '13:30' },
        { start: '12:00', end: '13:00' },
      ]),
    ).toEqual([
      { path: 'body.working_hours.0.breaks.1', message: 'overlaps the break 12:30–13:30' },
    ])
    expect(
      overlapping([
        { start: '10:00', end: '16:00' },
        { start: '11:00', end: '11:15' },
        { start: '14:00', end: '14:15' },
      ]).map((error) => error.path),
    ).toEqual(['body.working_hours.0.breaks.1', 'body.working_hours.0.breaks.2'])
  })

  it('reports every problem in the week at once, in path order', () => {
    expect(
      errors([
        day({ breaks: [{ start: '07:00', end: '08:00' }] }),
        day({ weekday: 2, start: '12:00', end: '11:00' }),
        day(),
      ]).map((error) => error.path),
    ).toEqual([
      'body.working_hours.0.breaks.0',
      'body.working_hours.1.end',
      'body.working_hours.2.weekday',
    ])
  })
})

describe('normalizeWorkingHours', () => {
  it('puts Monday first and each day’s breaks in time order, without changing the input', () => {
    const input = [
      day({ weekday: 5 }),
      day({
        weekday: 1,
        breaks: [
          { start: '15:00', end: '15:15' },
          { start: '12:00', end: '13:00' },
        ],
      }),
    ]

    const normalized = normalizeWorkingHours(input)

    expect(normalized.map((entry) => entry.weekday)).toEqual([1, 5])
    expect(normalized[0]?.breaks).toEqual([
      { start: '12:00', end: '13:00' },
      { start: '15:00', end: '15:15' },
    ])
    expect(input[0]?.weekday).toBe(5)
  })

  it('drops fields that are not part of a working day', () => {
    const sloppy = { ...day(), note: 'ignored' } as WorkingDay

    expect(normalizeWorkingHours([sloppy])).toEqual([day()])
  })
})

describe('defaults and names', () => {
  it('starts a new team member on Monday to Friday, nine to five', () => {
    expect(defaultWorkingHours()).toEqual(
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00', breaks: [] })),
    )
  })

  it('names ISO weekdays', () => {
    expect([1, 7].map(weekdayName)).toEqual(['Monday', 'Sunday'])
  })
})
