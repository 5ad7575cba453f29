import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  draftRequest,
  instantOfMinute,
  type MoveDraft,
  resizeDraft,
  shiftDraft,
} from '../../../../src/domain/team-day-drag'
import {
  blockDetail,
  laneLayout,
  memberOffTime,
  minuteOfDay,
  serviceLines,
  snapMinute,
  spanOfDay,
  visibleMinutes,
} from '../../../../src/domain/team-day-layout'
import {
  moveInOrder,
  NO_TEAM_VIEW_CHOICE,
  orderedMembers,
  parseTeamViewChoice,
  shownMembers,
  withShown,
} from '../../../../src/domain/team-view-choice'

const ZONE = 'America/New_York'
const DAY = '2026-12-02'

describe('minutes of a business day', () => {
  it('reads instants on the business clock, clamped to the day', () => {
    // 15:30 UTC is 10:30 in New York in December.
    expect(minuteOfDay('2026-12-02T15:30:00Z', DAY, ZONE)).toBe(10 * 60 + 30)
    expect(minuteOfDay('2026-12-02T01:00:00Z', DAY, ZONE)).toBe(0)
    expect(minuteOfDay('2026-12-03T06:00:00Z', DAY, ZONE)).toBe(24 * 60)
    expect(
      spanOfDay({ starts_at: '2026-12-01T10:00:00Z', ends_at: '2026-12-01T12:00:00Z' }, DAY, ZONE),
    ).toBeNull()
  })

  it('snaps down to the quarter hour', () => {
    expect(snapMinute(614)).toBe(600)
    expect(snapMinute(615)).toBe(615)
  })

  it('turns a minute back into the instant, next midnight included', () => {
    expect(instantOfMinute(DAY, 13 * 60 + 15, ZONE)).toBe('2026-12-02T18:15:00.000Z')
    expect(instantOfMinute(DAY, 24 * 60, ZONE)).toBe('2026-12-03T05:00:00.000Z')
  })
})

describe('the shown hours', () => {
  it('run whole hours from an hour before the earliest to an hour after the latest', () => {
    expect(
      visibleMinutes([
        { start: 9 * 60 + 30, end: 17 * 60 },
        { start: 11 * 60, end: 19 * 60 + 15 },
      ]),
    ).toEqual({
      start: 8 * 60,
      end: 21 * 60,
    })
  })

  it('stay inside the day, and show a working day when nothing is on', () => {
    expect(visibleMinutes([{ start: 15, end: 24 * 60 }])).toEqual({ start: 0, end: 24 * 60 })
    expect(visibleMinutes([])).toEqual({ start: 9 * 60, end: 17 * 60 })
  })
})

describe('lanes for overlapping appointments', () => {
  it('puts overlapping ones side by side and lets the next group start afresh', () => {
    const lanes = laneLayout([
      { id: 'a', start: 600, end: 660 },
      { id: 'b', start: 630, end: 690 },
      { id: 'c', start: 660, end: 720 },
      { id: 'd', start: 720, end: 750 },
    ])
    expect(lanes.get('a')).toEqual({ lane: 0, lanes: 2 })
    expect(lanes.get('b')).toEqual({ lane: 1, lanes: 2 })
    // c starts when a ends: it takes a's lane, in the same group (it overlaps b).
    expect(lanes.get('c')).toEqual({ lane: 0, lanes: 2 })
    expect(lanes.get('d')).toEqual({ lane: 0, lanes: 1 })
  })
})

describe('what a block has room for', () => {
  it('grows from the client to client and time to everything', () => {
    expect(blockDetail(15)).toBe('client')
    expect(blockDetail(30)).toBe('clientTime')
    expect(blockDetail(44)).toBe('clientTime')
    expect(blockDetail(45)).toBe('full')
  })

  it('gives a wrapped service one line at 45 minutes and one more for every quarter after', () => {
    expect(serviceLines(45)).toBe(1)
    expect(serviceLines(59)).toBe(1)
    expect(serviceLines(60)).toBe(2)
    expect(serviceLines(90)).toBe(4)
  })
})

describe("a member's shaded time", () => {
  it('tells outside hours, breaks and time off (with its reason) apart', () => {
    const working = [
      { start: 9 * 60, end: 12 * 60 },
      { start: 13 * 60, end: 15 * 60 },
      { start: 16 * 60, end: 17 * 60 },
    ]
    const breaks = [{ start: 12 * 60, end: 13 * 60 }]
    const timeOff = [{ start: 15 * 60, end: 16 * 60, reason: ' Dentist ' }]
    expect(memberOffTime(working, breaks, timeOff)).toEqual([
      { start: 0, end: 540, kind: 'offHours', label: 'Not working' },
      { start: 720, end: 780, kind: 'break', label: 'Break' },
      { start: 900, end: 960, kind: 'timeOff', label: 'Dentist' },
      { start: 1020, end: 1440, kind: 'offHours', label: 'Not working' },
    ])
  })

  it('shades the whole day of someone not working, with time off as its own reason', () => {
    expect(memberOffTime([], [], [{ start: 0, end: 1440, reason: '' }])).toEqual([
      { start: 0, end: 1440, kind: 'timeOff', label: 'Time off' },
    ])
    expect(memberOffTime([], [], [])).toEqual([
      { start: 0, end: 1440, kind: 'offHours', label: 'Not working' },
    ])
  })

  it('calls only the real breaks breaks: a gap between two shifts is time not working', () => {
    const split = [
      { start: 9 * 60, end: 12 * 60 },
      { start: 12 * 60 + 30, end: 14 * 60 },
      { start: 17 * 60, end: 20 * 60 },
    ]
    const lunch = [{ start: 12 * 60, end: 12 * 60 + 30 }]
    expect(memberOffTime(split, lunch, [])).toEqual([
      { start: 0, end: 540, kind: 'offHours', label: 'Not working' },
      { start: 720, end: 750, kind: 'break', label: 'Break' },
      { start: 840, end: 1020, kind: 'offHours', label: 'Not working' },
      { start: 1200, end: 1440, kind: 'offHours', label: 'Not working' },
    ])
  })

  it('shades every minute outside working time exactly once, breaks only where the schedule has them', () => {
    const span = fc
      .tuple(fc.integer({ min: 0, max: 96 }), fc.integer({ min: 1, max: 16 }))
      .map(([start, length]) => ({ start: start * 15, end: Math.min(1440, (start + length) * 15) }))
    const spans = fc.array(span, { maxLength: 4 })
    fc.assert(
      fc.property(spans, spans, spans, (working, breaks, away) => {
        const timeOff = away.map((off) => ({ ...off, reason: 'Away' }))
        const shaded = memberOffTime(working, breaks, timeOff)
        for (let minute = 0; minute < 1440; minute += 15) {
          const inside = (s: { start: number; end: number }) => s.start <= minute && minute < s.end
          const over = shaded.filter(inside)
          if (working.some(inside) && !timeOff.some(inside)) expect(over).toEqual([])
          else expect(over.length, `minute ${minute}`).toBeGreaterThan(0)
          const pause = over.some((piece) => piece.kind === 'break')
          expect(pause).toBe(!working.some(inside) && !timeOff.some(inside) && breaks.some(inside))
        }
      }),
    )
  })
})

describe('a move in progress', () => {
  const draft: MoveDraft = { appointmentId: 'x', column: 1, start: 600, end: 645 }

  it('moves by slots and columns, inside the day and the shown columns', () => {
    expect(shiftDraft(draft, { minutes: 15, columns: 1 }, 3)).toMatchObject({
      start: 615,
      end: 660,
      column: 2,
    })
    expect(shiftDraft(draft, { minutes: 0, columns: 5 }, 3).column).toBe(2)
    expect(shiftDraft(draft, { minutes: -2000, columns: -5 }, 3)).toMatchObject({
      start: 0,
      end: 45,
      column: 0,
    })
    expect(shiftDraft(draft, { minutes: 2000, columns: 0 }, 3)).toMatchObject({
      start: 1395,
      end: 1440,
    })
  })

  it('resizes by its end, never below one slot', () => {
    expect(resizeDraft(draft, 15)).toMatchObject({ start: 600, end: 660 })
    expect(resizeDraft(draft, -60)).toMatchObject({ start: 600, end: 615 })
  })

  it('becomes a move request in the column member', () => {
    expect(draftRequest(draft, { date: DAY, timeZone: ZONE, memberIds: ['p', 'd'] })).toEqual({
      appointmentId: 'x',
      startsAt: '2026-12-02T15:00:00.000Z',
      endsAt: '2026-12-02T15:45:00.000Z',
      teamMemberId: 'd',
    })
  })
})

describe('the team filter choice', () => {
  const team = [{ id: 'a' }, { id: 'b' }, { id: 'c' }]

  it('orders the chosen first and keeps newcomers, in their order, after them', () => {
    expect(orderedMembers(team, { order: ['c', 'a'], hidden: [] }).map((m) => m.id)).toEqual([
      'c',
      'a',
      'b',
    ])
  })

  it('hides the hidden, but never everyone', () => {
    expect(shownMembers(team, withShown(NO_TEAM_VIEW_CHOICE, 'b', false)).map((m) => m.id)).toEqual(
      ['a', 'c'],
    )
    expect(shownMembers(team, { order: [], hidden: ['a', 'b', 'c'] })).toHaveLength(3)
    expect(withShown({ order: [], hidden: ['b'] }, 'b', true).hidden).toEqual([])
  })

  it('moves a member up and down, not past the ends', () => {
    expect(moveInOrder(team, NO_TEAM_VIEW_CHOICE, 'b', -1).order).toEqual(['b', 'a', 'c'])
    expect(moveInOrder(team, NO_TEAM_VIEW_CHOICE, 'c', 1)).toBe(NO_TEAM_VIEW_CHOICE)
  })

  it('reads a stored choice defensively', () => {
    expect(parseTeamViewChoice({ order: ['a', 3], hidden: 'b' })).toEqual({
      order: ['a'],
      hidden: [],
    })
    expect(parseTeamViewChoice(null)).toEqual(NO_TEAM_VIEW_CHOICE)
  })
})
