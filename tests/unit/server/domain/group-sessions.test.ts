import { describe, expect, it } from 'vitest'
import {
  mergeSlots,
  openSessions,
  poolSlots,
  seatsLeftAt,
} from '../../../../server/domain/group-sessions.ts'
import { hasFreeSeat, isSeatGroupKey, seatGroupFor } from '../../../../server/domain/seat-group.ts'

const HOUR = 3_600_000
const slot = (start: number, length = HOUR) => ({ startsAt: start, endsAt: start + length })

describe('seat groups', () => {
  it('is the appointment itself for one-to-one services, the session for group ones', () => {
    const base = { appointmentId: 'a1', serviceId: 's1', startsAt: 1_800_000_000_000 }
    expect(seatGroupFor({ ...base, capacity: 1 })).toBe('a1')
    expect(seatGroupFor({ ...base, capacity: 8 })).toBe('s1@1800000000000')
    expect(isSeatGroupKey('a1')).toBe(false)
    expect(isSeatGroupKey('s1@1800000000000')).toBe(true)
  })
})

describe('a free seat', () => {
  it('is there while fewer seats are taken than the service has', () => {
    expect(hasFreeSeat(0, 1)).toBe(true)
    expect(hasFreeSeat(7, 8)).toBe(true)
    expect(hasFreeSeat(8, 8)).toBe(false)
  })
})

describe('open sessions', () => {
  const seat = (start: number, service = 'yoga') => ({
    seatGroup: `${service}@${start}`,
    startsAt: start,
    endsAt: start + HOUR,
  })
  const window = { serviceId: 'yoga', capacity: 2, from: 0, to: 100 * HOUR, now: 0 }

  it('offers the start of a session with a free seat, not a full one', () => {
    const seats = [seat(10 * HOUR), seat(20 * HOUR), seat(20 * HOUR)]
    expect(openSessions(seats, window)).toEqual([slot(10 * HOUR)])
  })

  it('leaves out other services’ sessions, and starts outside the range or in the past', () => {
    const seats = [seat(10 * HOUR, 'pilates'), seat(2 * HOUR), seat(200 * HOUR), seat(30 * HOUR)]
    expect(openSessions(seats, { ...window, now: 5 * HOUR })).toEqual([slot(30 * HOUR)])
  })
})

describe('seats left', () => {
  const seat = (start: number, service = 'yoga') => ({
    seatGroup: `${service}@${start}`,
    startsAt: start,
    endsAt: start + HOUR,
  })
  const yoga = { serviceId: 'yoga', capacity: 3 }

  it('is the capacity less the seats of that session, summed over the members offering it', () => {
    const seats = new Map([
      ['ann', [seat(10 * HOUR), seat(10 * HOUR), seat(11 * HOUR), seat(10 * HOUR, 'pilates')]],
      ['bo', [seat(10 * HOUR)]],
    ])
    expect(seatsLeftAt(seats, { startsAt: 10 * HOUR, teamMemberIds: ['ann'] }, yoga)).toBe(1)
    expect(seatsLeftAt(seats, { startsAt: 10 * HOUR, teamMemberIds: ['ann', 'bo'] }, yoga)).toBe(3)
    expect(seatsLeftAt(seats, { startsAt: 12 * HOUR, teamMemberIds: ['ann', 'cy'] }, yoga)).toBe(6)
  })
})

describe('merging and pooling', () => {
  it('merges two ascending lists, each start once', () => {
    const merged = mergeSlots([slot(1 * HOUR), slot(3 * HOUR)], [slot(2 * HOUR), slot(3 * HOUR)])
    expect(merged.map((s) => s.startsAt / HOUR)).toEqual([1, 2, 3])
  })

  it('pools members’ lists by start, with the members free then, ids sorted', () => {
    const pooled = poolSlots([
      { teamMemberId: 'm2', slots: [slot(1 * HOUR), slot(2 * HOUR)] },
      { teamMemberId: 'm1', slots: [slot(2 * HOUR), slot(3 * HOUR)] },
    ])
    expect(pooled.map((s) => [s.startsAt / HOUR, s.teamMemberIds])).toEqual([
      [1, ['m2']],
      [2, ['m1', 'm2']],
      [3, ['m1']],
    ])
  })
})
