import { describe, expect, it } from 'vitest'
import {
  newTeamMemberValues,
  slugFromName,
  teamMemberInput,
  teamMemberPatch,
  validateTeamMember,
} from '../../../../../src/features/team/team-member-values'

describe('team member form values', () => {
  it('a new member starts as bookable staff, Monday to Friday nine to five, in the business zone', () => {
    const values = newTeamMemberValues('Europe/Berlin')
    expect(values).toMatchObject({
      permission: 'staff',
      bookable: true,
      time_zone: 'Europe/Berlin',
    })
    expect(values.working_hours.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5])
    expect(validateTeamMember(values)).toEqual({ name: 'Enter the team member’s name.' })
  })

  it('checks e-mail, slug and working hours before sending', () => {
    const values = {
      ...newTeamMemberValues('UTC'),
      name: 'Ada',
      email: 'ada@',
      slug: 'Ada Park',
    }
    values.working_hours[0] = { weekday: 1, start: '17:00', end: '09:00', breaks: [] }
    expect(validateTeamMember(values)).toEqual({
      email: 'Enter an e-mail address like name@example.com.',
      slug: 'Use 2–60 lowercase letters, digits and single hyphens, e.g. ada-park.',
      'working_hours.0.end': 'Finish after the start (17:00).',
    })
  })

  it('blank e-mail is null and a blank slug is left to the server', () => {
    const body = teamMemberInput({ ...newTeamMemberValues('UTC'), name: ' Ada ', email: ' ' })
    expect(body.email).toBeNull()
    expect(body.name).toBe('Ada')
    expect('slug' in body).toBe(false)
  })

  it('a blank colour is left to the server; a typed one is checked', () => {
    const values = { ...newTeamMemberValues('UTC'), name: 'Ada' }
    expect(teamMemberInput(values)).not.toHaveProperty('color')
    expect(teamMemberInput({ ...values, color: '#14b8a6' }).color).toBe('#14b8a6')
    expect(validateTeamMember({ ...values, color: '#14b8a' })).toEqual({
      color: 'Pick a colour or type one like #4f46e5.',
    })
  })

  it('a staff member’s patch of their own hours carries nothing else', () => {
    const initial = {
      ...newTeamMemberValues('UTC'),
      name: 'Sam',
      email: 'sam@example.test',
      slug: 'sam',
    }
    const changed = {
      ...initial,
      working_hours: [
        ...initial.working_hours.slice(0, 2),
        { weekday: 3, start: '09:00', end: '17:00', breaks: [{ start: '12:00', end: '13:00' }] },
        ...initial.working_hours.slice(3),
      ],
    }
    expect(Object.keys(teamMemberPatch(initial, changed))).toEqual(['working_hours'])
  })

  it('makes a public handle from a name', () => {
    expect(slugFromName('Zoë Martín-Ruiz')).toBe('zoe-martin-ruiz')
    expect(slugFromName('  --Ben  & Jerry--  ')).toBe('ben-jerry')
    expect(slugFromName('李')).toBe('')
  })
})
