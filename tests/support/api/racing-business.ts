import { Temporal } from 'temporal-polyfill'
import { expect } from 'vitest'
import type { components } from '../../../shared/contract/schema.d.ts'
import { type BusinessUser, callAs, newOwner } from './team-access.ts'
import type { TestApp } from './test-app.ts'

/**
 * A new business for races on one time: its one team member works every day 07:00–21:00
 * without breaks (so each round's times are plainly inside hours), with a one-to-one haircut
 * (60 min, 10 min buffers either side) and a group class of three seats.
 */
export interface RacingBusiness {
  owner: BusinessUser
  api: ReturnType<typeof callAs>
  memberId: string
  timeZone: string
  haircutId: string
  groupClassId: string
  /** An instant `days` from today at `hour`:00 on the team member's wall clock. */
  localTime(days: number, hour: number): number
}

export async function createRacingBusiness(
  testApp: TestApp,
  ownerName: string,
): Promise<RacingBusiness> {
  const owner = await newOwner(testApp, ownerName)
  const api = callAs(testApp, owner)
  const team = (await api('GET', '/api/v1/team-members')).json<{
    items: components['schemas']['TeamMember'][]
  }>()
  const member = team.items[0]
  if (!member) throw new Error('The new business has no team member.')
  const hours = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    start: '07:00',
    end: '21:00',
    breaks: [],
  }))
  expect(
    (await api('PATCH', `/api/v1/team-members/${member.id}`, { working_hours: hours })).statusCode,
  ).toBe(200)

  const service = async (body: object) => {
    const response = await api('POST', '/api/v1/services', {
      team_member_ids: [member.id],
      ...body,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json<{ id: string }>().id
  }
  const timeZone = member.time_zone
  return {
    owner,
    api,
    memberId: member.id,
    timeZone,
    haircutId: await service({
      name: 'Haircut',
      duration_minutes: 60,
      price_minor: 4500,
      buffer_before_minutes: 10,
      buffer_after_minutes: 10,
    }),
    groupClassId: await service({
      name: 'Group class',
      duration_minutes: 60,
      price_minor: 1500,
      capacity: 3,
    }),
    localTime: (days, hour) =>
      Temporal.Now.plainDateISO(timeZone)
        .add({ days })
        .toPlainDateTime({ hour })
        .toZonedDateTime(timeZone).epochMilliseconds,
  }
}
