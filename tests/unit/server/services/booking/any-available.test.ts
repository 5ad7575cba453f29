import { describe, expect, it } from 'vitest'
import { seatGroupFor } from '../../../../../server/domain/seat-group.ts'
import {
  freeToTake,
  type SeatedSchedule,
} from '../../../../../server/services/booking/any-available.ts'
import { seatsTaken } from '../../../../../server/services/booking/seats.ts'
import { day, zone } from '../../../../support/unit/availability-support.ts'

const { at } = zone('Europe/Berlin')
// A Tuesday, nine to five.
const START = at('2026-12-01T10:00')
const timing = { durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 }

function schedule(teamMemberId: string, busy: SeatedSchedule['busy'] = []): SeatedSchedule {
  return {
    teamMemberId,
    timeZone: 'Europe/Berlin',
    workingHours: [day(2, '09:00', '17:00')],
    timeOff: [],
    busy,
  }
}

function seat(seatGroup: string, startsAt = START) {
  return {
    startsAt,
    endsAt: startsAt + 3_600_000,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    seatGroup,
  }
}

const oneToOne = { timing, capacity: 1, sessionKey: 'new-id', startsAt: START }
const classKey = seatGroupFor({
  appointmentId: '',
  serviceId: 'yoga',
  capacity: 3,
  startsAt: START,
})
const groupClass = { timing, capacity: 3, sessionKey: classKey, startsAt: START }

describe('any available', () => {
  it('offers everyone free then, and nobody who is busy', () => {
    const busy = schedule('ben', [seat('other')])
    expect(freeToTake([schedule('ana'), busy], oneToOne, false)).toEqual(['ana'])
  })

  it('leaves out members outside their working time unless staff override it', () => {
    const evening = { ...oneToOne, startsAt: at('2026-12-01T18:00') }
    expect(freeToTake([schedule('ana')], evening, false)).toEqual([])
    expect(freeToTake([schedule('ana')], evening, true)).toEqual(['ana'])
  })

  it('fills the seats of a session already running before opening a parallel one', () => {
    const running = schedule('ben', [seat(classKey)])
    expect(freeToTake([schedule('ana'), running], groupClass, false)).toEqual(['ben'])
  })

  it('skips a session that is full, so a parallel one opens', () => {
    const full = schedule('ben', [seat(classKey), seat(classKey), seat(classKey)])
    expect(freeToTake([schedule('ana'), full], groupClass, false)).toEqual(['ana'])
  })

  it('lets a running session take a seat outside working hours: its time was agreed', () => {
    const evening = at('2026-12-01T18:00')
    const key = seatGroupFor({
      appointmentId: '',
      serviceId: 'yoga',
      capacity: 3,
      startsAt: evening,
    })
    const running = schedule('ben', [seat(key, evening)])
    const input = { timing, capacity: 3, sessionKey: key, startsAt: evening }
    expect(freeToTake([running], input, false)).toEqual(['ben'])
  })
})

describe('seats', () => {
  it('counts the seats of one session, and none for a one-to-one booking', () => {
    const busy = [seat(classKey), seat(classKey), seat('someone-else')]
    expect(seatsTaken(busy, classKey)).toBe(2)
    expect(seatsTaken(busy, 'someone-else')).toBe(0)
  })
})
