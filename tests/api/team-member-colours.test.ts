import { describe, expect, it } from 'vitest'
import { CALENDAR_COLOURS } from '../../shared/calendar-colours.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { activityFor, expectInvalid, setUpTwoBusinesses } from '../support/api/team-business.ts'

type TeamMember = components['schemas']['TeamMember']

const world = setUpTwoBusinesses('Colours', 'Hues')

async function createMember(body: object): Promise<TeamMember> {
  const response = await world.call(world.business.owner, 'POST', '/api/v1/team-members', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<TeamMember>()
}

describe('team members’ calendar colours', () => {
  it('gives each new member the next colour nobody in the business wears yet', async () => {
    // The owner, admin and staff member of the set-up wear the first three.
    const team = await world.call(world.business.owner, 'GET', '/api/v1/team-members')
    const worn = team.json<{ items: TeamMember[] }>().items.map((member) => member.color)
    expect(worn.sort()).toEqual(CALENDAR_COLOURS.slice(0, 3).sort())

    const fourth = await createMember({ name: 'Fourth Hue' })
    const fifth = await createMember({ name: 'Fifth Hue' })

    expect([fourth.color, fifth.color]).toEqual([CALENDAR_COLOURS[3], CALENDAR_COLOURS[4]])
  })

  it('keeps a colour given, in lower case', async () => {
    const chosen = await createMember({ name: 'Chosen Hue', color: '#DB2777' })
    expect(chosen.color).toBe('#db2777')
  })

  it('counts only the business’s own members when picking the next colour', async () => {
    const response = await world.call(world.other.owner, 'POST', '/api/v1/team-members', {
      name: 'Rival Hue',
    })
    expect(response.json<TeamMember>().color).toBe(CALENDAR_COLOURS[3])
  })

  it('changes a colour and logs it in plain words', async () => {
    const member = await createMember({ name: 'Recolour Me' })

    const response = await world.call(
      world.business.admin,
      'PATCH',
      `/api/v1/team-members/${member.id}`,
      { color: '#64748b' },
    )

    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<TeamMember>().color).toBe('#64748b')
    const [entry] = await activityFor(world.testApp, world.business.tenantId, member.id)
    expect(entry?.summary).toBe('Changed the calendar colour of Recolour Me')
    expect(entry?.changes).toEqual([{ field: 'color', before: member.color, after: '#64748b' }])
  })

  it('refuses a colour that is not #rrggbb, naming body.color', async () => {
    expectInvalid(
      await world.call(world.business.owner, 'POST', '/api/v1/team-members', {
        name: 'Bad Hue',
        color: 'teal',
      }),
      'body.color',
    )
    const member = await createMember({ name: 'Still Hue' })
    expectInvalid(
      await world.call(world.business.owner, 'PATCH', `/api/v1/team-members/${member.id}`, {
        color: '#12345',
      }),
      'body.color',
    )
  })
})
