import { describe, expect, it } from 'vitest'
import type { SettingsRow } from '../../../../../server/db/repositories/settings-repository.ts'
import { conflict, notFound, Refusal } from '../../../../../server/domain/refusal.ts'
import {
  checkAnswers,
  checkTeamMemberChoice,
} from '../../../../../server/services/public/booking-pre-checks.ts'
import { publicSlot } from '../../../../../server/services/public/public-refusals.ts'
import type { BookingQuestion } from '../../../../../shared/booking-questions.ts'

function refusalOf(act: () => unknown): Refusal {
  try {
    act()
  } catch (error) {
    expect(error).toBeInstanceOf(Refusal)
    return error as Refusal
  }
  throw new Error('expected a refusal')
}

const allergies: BookingQuestion = {
  id: 'q1',
  label: 'Allergies?',
  kind: 'short_text',
  required: true,
  options: [],
}

describe("the public booking's checks before the core", () => {
  it('keep no answers for a service that asks nothing, and the labels as asked otherwise', () => {
    expect(checkAnswers([], {})).toBeNull()
    expect(checkAnswers([allergies], { q1: 'None' })).toEqual([
      expect.objectContaining({ label: 'Allergies?' }),
    ])
  })

  it('refuse every wrong answer at once, worded as the contract validation words it', () => {
    const one = refusalOf(() => checkAnswers([allergies], {}))
    expect(one.kind).toBe('invalid')
    expect(one.message).toBe(`${one.errors?.[0]?.path} ${one.errors?.[0]?.message}.`)
    expect(one.errors?.[0]?.path).toBe('body.booking_answers.q1')
    const two = refusalOf(() => checkAnswers([allergies], { nope: 'x' }))
    expect(two.message).toBe('2 values in the request are invalid.')
    expect(two.errors?.map((error) => error.path)).toEqual([
      'body.booking_answers.nope',
      'body.booking_answers.q1',
    ])
  })

  it('refuse a team member chosen where the business assigns one, and none where it asks', () => {
    const assigns = { teamMemberChoice: 'any_available' } as SettingsRow
    expect(() => checkTeamMemberChoice(assigns, null)).not.toThrow()
    expect(refusalOf(() => checkTeamMemberChoice(assigns, 'm1')).errors?.[0]?.path).toBe(
      'body.team_member_id',
    )
    const asks = { teamMemberChoice: 'customer_picks' } as SettingsRow
    expect(refusalOf(() => checkTeamMemberChoice(asks, null)).kind).toBe('invalid')
  })

  it('tell a visitor only that the time was just taken, whatever the core named', async () => {
    const named = conflict('Ana already has Cut for Cleo …', { existing: { id: 'a1', href: '/x' } })
    const taken = await publicSlot(() => Promise.reject(named)).catch((error: Refusal) => error)
    expect(taken.kind).toBe('conflict')
    expect(taken.type).toBe('/problems/slot-taken')
    expect(taken.message).toBe('This time was just taken. Please choose another time.')
    expect(taken.existing).toBeUndefined()
    const other = notFound('There is no appointment with this id in your business.')
    await expect(publicSlot(() => Promise.reject(other))).rejects.toBe(other)
  })
})
