import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appointmentApi,
  createSchedulingBusiness,
  inDays,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import { activityFor, call, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

// A team member's private calendar feed: who may see its address, what it serves, and that
// rotating it ends the old address.

let testApp: TestApp
let salon: SchedulingBusiness
let other: SchedulingBusiness

beforeAll(async () => {
  testApp = await createTestApp()
  salon = await createSchedulingBusiness(testApp, 'Feeds')
  other = await createSchedulingBusiness(testApp, 'Elsewhere')
}, 120_000)
afterAll(() => testApp?.close())

const feedPath = (memberId: string) => `/api/v1/team-members/${memberId}/calendar-feed`

async function feedUrl(business: SchedulingBusiness, memberId: string): Promise<URL> {
  const response = await call(testApp, business.owner, 'GET', feedPath(memberId))
  expect(response.statusCode, response.body).toBe(200)
  return new URL(response.json<{ url: string }>().url)
}

/** GET the public feed at the URL's path and query, as a calendar app would. */
const fetchFeed = (url: URL) =>
  testApp.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })

describe('calendar feed', () => {
  it("serves the member's non-cancelled appointments as a calendar that parses", async () => {
    const api = appointmentApi(testApp, salon)
    const kept = await api.booked(salon.owner, {
      team_member_id: salon.staffMemberId,
      starts_at: inDays(2, '10:00', salon.timeZone),
    })
    const cancelled = await api.booked(salon.owner, {
      team_member_id: salon.staffMemberId,
      starts_at: inDays(2, '14:00', salon.timeZone),
    })
    const elsewhere = await api.booked(salon.owner, {
      team_member_id: salon.adminMemberId,
      starts_at: inDays(2, '10:00', salon.timeZone),
    })
    const cancel = await call(
      testApp,
      salon.owner,
      'POST',
      `/api/v1/appointments/${cancelled.id}/cancel`,
      { reason: 'Customer asked' },
    )
    expect(cancel.statusCode, cancel.body).toBe(200)

    const url = await feedUrl(salon, salon.staffMemberId)
    expect(url.origin).toBe('http://127.0.0.1')
    expect(url.pathname).toBe(`/api/v1/public/calendar-feeds/${salon.staffMemberId}`)
    const response = await fetchFeed(url)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/calendar/)
    const calendar = new ICAL.Component(ICAL.parse(response.body))
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
    expect(events.map((event) => event.uid)).toEqual([`${kept.id}@slotwise`])
    expect(events[0]?.summary).toBe(`Haircut — ${salon.customerName}`)
    expect(events[0]?.startDate.toJSDate().toISOString()).toBe(kept.starts_at)
    expect(response.body).not.toContain(elsewhere.id)
  })

  it('answers 404 for a wrong token, a token of another member and a rotated address', async () => {
    const url = await feedUrl(salon, salon.adminMemberId)
    expect((await fetchFeed(url)).statusCode).toBe(200)

    const wrong = new URL(url)
    wrong.searchParams.set('token', 'x'.repeat(43))
    expectProblem(await fetchFeed(wrong), 404)
    const swapped = new URL(url)
    swapped.pathname = `/api/v1/public/calendar-feeds/${salon.staffMemberId}`
    expectProblem(await fetchFeed(swapped), 404)

    const rotated = await call(testApp, salon.admin, 'POST', feedPath(salon.adminMemberId))
    expect(rotated.statusCode, rotated.body).toBe(200)
    const fresh = new URL(rotated.json<{ url: string }>().url)
    expect(fresh.searchParams.get('token')).not.toBe(url.searchParams.get('token'))
    expectProblem(await fetchFeed(url), 404)
    expect((await fetchFeed(fresh)).statusCode).toBe(200)
    expect((await feedUrl(salon, salon.adminMemberId)).toString()).toBe(fresh.toString())

    const [entry] = await activityFor(testApp, salon.tenantId, salon.adminMemberId)
    expect(entry).toMatchObject({
      entityType: 'team_member',
      action: 'updated',
      actorUid: salon.admin.uid,
      summary: expect.stringContaining('new calendar feed address'),
    })
  })

  it('lets staff see and rotate only their own feed, and admins anyone in their business', async () => {
    expect(
      (await call(testApp, salon.staff, 'GET', feedPath(salon.staffMemberId))).statusCode,
    ).toBe(200)
    expectProblem(await call(testApp, salon.staff, 'GET', feedPath(salon.ownerMemberId)), 403)
    expectProblem(await call(testApp, salon.staff, 'POST', feedPath(salon.adminMemberId)), 403)
    expect(
      (await call(testApp, salon.admin, 'GET', feedPath(salon.staffMemberId))).statusCode,
    ).toBe(200)
    expectProblem(await call(testApp, salon.owner, 'GET', feedPath(other.staffMemberId)), 404)
    expectProblem(await call(testApp, salon.owner, 'POST', feedPath(other.staffMemberId)), 404)
  })

  it('needs a signed-in user for the address', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: feedPath(salon.staffMemberId) })
    expect(response.statusCode).toBe(401)
  })
})
