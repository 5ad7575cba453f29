import { describe, expect, it } from 'vitest'
import { pooledSlots } from '../../../../../server/domain/availability/any-available.ts'
import { chooseTeamMember } from '../../../../../server/domain/availability/fair-assignment.ts'
import {
  day,
  member,
  policy,
  service,
  zone,
} from '../../../../support/unit/availability-support.ts'

const ny = zone('America/New_York')
const monday = (time: string) => ny.at(`2026-06-15T${time}`)

describe('pooledSlots', () => {
  it('offers each start once, with every member free then, ids sorted', () => {
    const ben = member({ teamMemberId: 'ben', workingHours: [day(1, '09:00', '11:00')] })
    const ana = member({
      teamMemberId: 'ana',
      workingHours: [day(1, '10:00', '12:00')],
      busy: [
        {
          startsAt: monday('11:00'),
          endsAt: monday('11:30'),
          bufferBeforeMinutes: 0,
          bufferAfterMinutes: 0,
        },
      ],
    })
    const slots = pooledSlots({
      schedules: [ben, ana],
      service: service({ durationMinutes: 30 }),
      policy: policy({ slotIntervalMinutes: 30 }),
      now: Date.UTC(2026, 0, 1),
      from: monday('00:00'),
      to: monday('23:59'),
    })
    expect(slots.map((slot) => [ny.iso(slot.startsAt).slice(11, 16), slot.teamMemberIds])).toEqual([
      ['09:00', ['ben']],
      ['09:30', ['ben']],
      ['10:00', ['ana', 'ben']],
      ['10:30', ['ana', 'ben']],
      ['11:30', ['ana']],
    ])
    expect(slots.every((slot) => slot.endsAt - slot.startsAt === 30 * 60_000)).toBe(true)
  })

  it('offers nothing without members', () => {
    expect(
      pooledSlots({
        schedules: [],
        service: service(),
        policy: policy(),
        now: 0,
        from: 0,
        to: 86_400_000,
      }),
    ).toEqual([])
  })
})

describe('chooseTeamMember', () => {
  const candidate = (
    teamMemberId: string,
    appointmentsThatDay: number,
    lastAssignedAt: number | null,
  ) => ({
    teamMemberId,
    appointmentsThatDay,
    lastAssignedAt,
  })

  it('picks the member with the fewest appointments that day', () => {
    expect(
      chooseTeamMember([
        candidate('ana', 3, null),
        candidate('ben', 1, 500),
        candidate('cy', 2, null),
      ]),
    ).toBe('ben')
  })

  it('breaks a tie by who was assigned least recently, never assigned first', () => {
    expect(chooseTeamMember([candidate('ana', 1, 900), candidate('ben', 1, 100)])).toBe('ben')
    expect(chooseTeamMember([candidate('ana', 1, 100), candidate('ben', 1, null)])).toBe('ben')
  })

  it('then by id, whatever the order given', () => {
    expect(chooseTeamMember([candidate('cy', 0, null), candidate('ben', 0, null)])).toBe('ben')
    expect(chooseTeamMember([candidate('ben', 0, 7), candidate('ana', 0, 7)])).toBe('ana')
  })

  it('has no one to choose from an empty list', () => {
    expect(chooseTeamMember([])).toBeUndefined()
  })
})
