import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activityLog, memberships, teamMembers } from '../../server/db/schema.ts'
import type { Profile } from '../../server/services/profile-service.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { type EmulatorUser, signUp, uniqueEmail } from '../support/api/emulator-users.ts'
import { bookPublicly, publicCall } from '../support/api/public-booking.ts'
import { businessWithRoles, newOwner } from '../support/api/team-access.ts'
import { call } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type Service = components['schemas']['Service']
type SetupChecklist = components['schemas']['SetupChecklist']
type TeamMember = components['schemas']['TeamMember']
type PublicAvailability = components['schemas']['PublicAvailability']

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp()
}, 120_000)
afterAll(() => testApp?.close())

const register = (user: EmulatorUser, body: object) =>
  call(testApp, user, 'POST', '/api/v1/me/business', body)

async function membersOf(user: EmulatorUser): Promise<TeamMember[]> {
  const response = await call(testApp, user, 'GET', '/api/v1/team-members')
  expect(response.statusCode).toBe(200)
  return response.json<{ items: TeamMember[] }>().items
}

async function checklistOf(user: EmulatorUser): Promise<SetupChecklist> {
  const response = await call(testApp, user, 'GET', '/api/v1/setup-checklist')
  expect(response.statusCode).toBe(200)
  return response.json<SetupChecklist>()
}

const doneSteps = (checklist: SetupChecklist) =>
  checklist.steps.filter((step) => step.done).map((step) => step.id)

function expectFieldError(response: { statusCode: number; json: () => unknown }, path: string) {
  expect(response.statusCode).toBe(400)
  const problem = response.json() as { errors?: { path: string }[] }
  expect(problem.errors?.map((error) => error.path)).toEqual([path])
}

async function newYorkOwner(name: string): Promise<{ user: EmulatorUser; profile: Profile }> {
  const user = await signUp({ displayName: name })
  const response = await register(user, {
    name: `${name} Studio`,
    time_zone: 'America/New_York',
    currency: 'USD',
  })
  expect(response.statusCode).toBe(201)
  return { user, profile: response.json<Profile>() }
}

async function addService(user: EmulatorUser, body: object): Promise<Service> {
  const response = await call(testApp, user, 'POST', '/api/v1/services', {
    duration_minutes: 60,
    price_minor: 5000,
    ...body,
  })
  expect(response.statusCode).toBe(201)
  return response.json<Service>()
}

/** The first free start the booking page offers over the next week, in the zone given. */
async function firstOfferedStart(slug: string, serviceId: string, timeZone: string) {
  // From a UTC midnight (evening in New York), so the first day searched starts before its 09:00:
  // from "now + 2 days" itself, a run after 14:00 UTC began that day past 09:00 and got 09:15.
  const from = new Date(Date.now() + 2 * 86_400_000)
  from.setUTCHours(0, 0, 0, 0)
  const to = new Date(from.getTime() + 7 * 86_400_000)
  const response = await publicCall(
    testApp,
    'GET',
    `/api/v1/public/availability?service_id=${serviceId}&from=${from.toISOString()}&to=${to.toISOString()}`,
    { business: slug },
  )
  expect(response.statusCode).toBe(200)
  const { slots } = response.json<PublicAvailability>()
  const local = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
      new Date(iso),
    )
  const first = slots[0]
  if (!first) throw new Error('No free starts offered.')
  return { first: local(first.starts_at), latest: slots.map((slot) => local(slot.starts_at)) }
}

describe('POST /api/v1/me/business', () => {
  it('creates the business with its name, zone and currency; the owner works 09:00–17:00 there', async () => {
    const { user, profile } = await newYorkOwner('Nora')

    expect(profile.permission).toBe('owner')
    expect(profile.tenant).toMatchObject({ name: 'Nora Studio', time_zone: 'America/New_York' })
    expect(profile.currency).toBe('USD')
    const [owner] = await membersOf(user)
    expect(owner?.time_zone).toBe('America/New_York')
    expect(owner?.working_hours[0]).toMatchObject({ weekday: 1, start: '09:00', end: '17:00' })

    // A service the owner performs is offered from 09:00 New York time.
    const service = await addService(user, { name: 'Cut', team_member_ids: [owner?.id] })
    const offered = await firstOfferedStart(profile.tenant.slug, service.id, 'America/New_York')
    expect(offered.first).toBe('09:00')
    expect(offered.latest).not.toContain('16:15')
    expect(offered.latest).toContain('16:00')

    // A second call (a retry) creates nothing more.
    const again = await register(user, { time_zone: 'Europe/Paris', currency: 'EUR' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ type: '/problems/already-registered' })
    const me = (await call(testApp, user, 'GET', '/api/v1/me/')).json<Profile>()
    expect(me.tenant.time_zone).toBe('America/New_York')
  })

  it('names the business after the owner when no name is given, in the currency chosen', async () => {
    const user = await signUp({ displayName: 'Ines' })
    const response = await register(user, { time_zone: 'Europe/Lisbon', currency: 'EUR' })
    expect(response.statusCode).toBe(201)
    expect(response.json<Profile>()).toMatchObject({
      tenant: { name: "Ines's Business", time_zone: 'Europe/Lisbon' },
      currency: 'EUR',
    })
  })

  it.each([
    [{ time_zone: 'Mars/Olympus_Mons', currency: 'USD' }, 'body.time_zone'],
    [{ time_zone: 'America/New_York', currency: 'XYZ' }, 'body.currency'],
    [{ time_zone: 'America/New_York', currency: 'usd' }, 'body.currency'],
  ])('refuses %o with a 400 naming %s, and creates no business', async (body, path) => {
    const user = await signUp({ displayName: 'Wrong Input' })
    expectFieldError(await register(user, body), path)
    const rows = await testApp.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userUid, user.uid))
    expect(rows).toEqual([])
  })
})

describe('changing the business time zone', () => {
  const zoneOf = async (teamMemberId: string) => {
    const [row] = await testApp.database.db
      .select({ timeZone: teamMembers.timeZone, workingHours: teamMembers.workingHours })
      .from(teamMembers)
      .where(eq(teamMembers.id, teamMemberId))
    return row
  }

  async function configurationOf(user: EmulatorUser) {
    return (await call(testApp, user, 'GET', '/api/v1/business-configuration')).json<
      components['schemas']['BusinessConfiguration']
    >()
  }

  it('moves every member still on the old zone when asked, keeping their hours, and logs it', async () => {
    const business = await businessWithRoles(testApp, 'Zed')
    const stranger = await newOwner(testApp, 'Other Owner')
    const [strangerMember] = await membersOf(stranger)
    const team = await membersOf(business.owner)
    const byPermission = (permission: string) => {
      const member = team.find((m) => m.permission === permission)
      if (!member) throw new Error(`No ${permission}.`)
      return member
    }
    const [owner, admin, staff] = [
      byPermission('owner'),
      byPermission('admin'),
      byPermission('staff'),
    ]
    // The staff member works from London: not on the business's zone, so not moved.
    const patched = await call(
      testApp,
      business.owner,
      'PATCH',
      `/api/v1/team-members/${staff.id}`,
      {
        time_zone: 'Europe/London',
      },
    )
    expect(patched.statusCode).toBe(200)
    const hoursBefore = (await zoneOf(owner.id))?.workingHours

    const configuration = await configurationOf(business.owner)
    const response = await call(
      testApp,
      business.owner,
      'PUT',
      '/api/v1/business-configuration?move_team_members=true',
      { ...configuration, time_zone: 'America/New_York' },
    )
    expect(response.statusCode).toBe(200)

    expect((await zoneOf(owner.id))?.timeZone).toBe('America/New_York')
    expect((await zoneOf(owner.id))?.workingHours).toEqual(hoursBefore)
    expect((await zoneOf(admin.id))?.timeZone).toBe('America/New_York')
    expect((await zoneOf(staff.id))?.timeZone).toBe('Europe/London')
    // Another business on the same old zone is untouched.
    expect((await zoneOf(strangerMember?.id ?? ''))?.timeZone).toBe('UTC')

    const moves = await testApp.database.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.tenantId, business.owner.tenantId),
          eq(activityLog.entityType, 'team_member'),
        ),
      )
    const moveEntries = moves.filter((entry) =>
      entry.changes.some(
        (change) => change.field === 'time_zone' && change.after === 'America/New_York',
      ),
    )
    expect(moveEntries.map((entry) => entry.entityId).sort()).toEqual([owner.id, admin.id].sort())
    expect(moveEntries[0]?.changes).toEqual([
      { field: 'time_zone', before: 'UTC', after: 'America/New_York' },
    ])
    expect(moveEntries[0]?.summary).toMatch(/^Moved .+ to America\/New_York with the business/)
  })

  it('leaves every member on their zone without the choice, and a staff member may not change it', async () => {
    const business = await businessWithRoles(testApp, 'Yan')
    const configuration = await configurationOf(business.owner)
    const refused = await call(
      testApp,
      business.staff,
      'PUT',
      '/api/v1/business-configuration?move_team_members=true',
      { ...configuration, time_zone: 'Asia/Tokyo' },
    )
    expect(refused.statusCode).toBe(403)

    const response = await call(testApp, business.owner, 'PUT', '/api/v1/business-configuration', {
      ...configuration,
      time_zone: 'Asia/Tokyo',
    })
    expect(response.statusCode).toBe(200)
    const zones = (await membersOf(business.owner)).map((member) => member.time_zone)
    expect(zones).toEqual(['UTC', 'UTC', 'UTC'])
  })
})

describe('GET /api/v1/setup-checklist', () => {
  it('follows the business’s data step by step, and flags a service nobody performs', async () => {
    const { user, profile } = await newYorkOwner('Cleo')
    expect(doneSteps(await checklistOf(user))).toEqual(['hours'])

    // Saved with nobody performing it: not bookable, and said so.
    const service = await addService(user, { name: 'Facial' })
    expect(service.bookable_online).toBe(false)
    let checklist = await checklistOf(user)
    expect(checklist.unbookable_services).toEqual([{ id: service.id, name: 'Facial' }])
    expect(doneSteps(checklist)).toEqual(['hours'])
    const listed = await call(testApp, user, 'GET', '/api/v1/services')
    expect(listed.json<{ items: Service[] }>().items[0]?.bookable_online).toBe(false)

    const ownerId = profile.team_member_id ?? ''
    const performed = await call(testApp, user, 'PATCH', `/api/v1/services/${service.id}`, {
      team_member_ids: [ownerId],
    })
    expect(performed.json<Service>().bookable_online).toBe(true)
    checklist = await checklistOf(user)
    expect(checklist.unbookable_services).toEqual([])
    expect(doneSteps(checklist)).toEqual(['hours', 'first_service'])
    expect(checklist.complete).toBe(false)

    // A customer booked through the link: shared.
    const { slots } = (
      await publicCall(
        testApp,
        'GET',
        `/api/v1/public/availability?service_id=${service.id}&from=${new Date(Date.now() + 2 * 86_400_000).toISOString()}&to=${new Date(Date.now() + 9 * 86_400_000).toISOString()}`,
        { business: profile.tenant.slug },
      )
    ).json<PublicAvailability>()
    await bookPublicly(testApp, profile.tenant.slug, {
      service_id: service.id,
      team_member_id: ownerId,
      starts_at: slots[0]?.starts_at,
      customer: { name: 'Pia Public', email: uniqueEmail('guest') },
      time_zone: 'America/New_York',
    })
    checklist = await checklistOf(user)
    expect(doneSteps(checklist)).toEqual(['hours', 'first_service', 'booking_link'])
    expect(checklist.complete).toBe(true)
    expect(checklist.dismissed).toBe(false)

    // Not bookable by anyone again once its only performer is not bookable.
    await call(testApp, user, 'PATCH', `/api/v1/team-members/${ownerId}`, { bookable: false })
    checklist = await checklistOf(user)
    expect(checklist.unbookable_services.map((s) => s.name)).toEqual(['Facial'])
    expect(doneSteps(checklist)).toEqual(['booking_link'])

    const dismissed = await call(testApp, user, 'PUT', '/api/v1/setup-checklist/dismissal')
    expect(dismissed.statusCode).toBe(204)
    expect((await checklistOf(user)).dismissed).toBe(true)
  })

  it('counts a second team member, and is for owners and admins only', async () => {
    const business = await businessWithRoles(testApp, 'Ada')
    expect(doneSteps(await checklistOf(business.admin))).toContain('team')
    const refused = await call(testApp, business.staff, 'GET', '/api/v1/setup-checklist')
    expect(refused.statusCode).toBe(403)
    const dismissal = await call(
      testApp,
      business.staff,
      'PUT',
      '/api/v1/setup-checklist/dismissal',
    )
    expect(dismissal.statusCode).toBe(403)
    // Another business's dismissal does not hide this one's.
    expect((await checklistOf(business.owner)).dismissed).toBe(false)
  })
})
