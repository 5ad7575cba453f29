import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  appointments,
  customers,
  memberships,
  serviceTeamMembers,
  teamMembers,
  timeOff,
} from '../../server/db/schema.ts'
import { seedDemoBusiness } from '../../server/services/demo-seed.ts'
import type { Profile } from '../../server/services/profile-service.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { unbufferedRow } from '../support/api/appointment-rows.ts'
import { signUp } from '../support/api/emulator-users.ts'
import {
  activityFor,
  type Business,
  call,
  createBusiness,
  expectInvalid,
  expectProblem,
  invite,
  setUpTwoBusinesses,
} from '../support/api/team-business.ts'
import { createTestApp } from '../support/api/test-app.ts'

type TeamMember = components['schemas']['TeamMember']
type TeamMemberPage = components['schemas']['TeamMemberPage']
type TimeOff = components['schemas']['TimeOff']
type Service = components['schemas']['Service']

const world = setUpTwoBusinesses('Team', 'Rival')

const DAY = 86_400_000
const isoDate = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10)

async function createMember(body: object, as = world.business.owner): Promise<TeamMember> {
  const response = await world.call(as, 'POST', '/api/v1/team-members', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<TeamMember>()
}

async function memberRow(id: string) {
  const [row] = await world.testApp.database.db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.id, id))
  return row
}

async function membershipOf(tenantId: string, uid: string) {
  const [row] = await world.testApp.database.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userUid, uid)))
  return row
}

async function addTimeOff(memberId: string, body: object, as = world.business.owner) {
  return world.call(as, 'POST', `/api/v1/team-members/${memberId}/time-off`, body)
}

const lunchWeek = [
  { weekday: 2, start: '10:00', end: '18:00', breaks: [{ start: '15:00', end: '15:15' }] },
  {
    weekday: 1,
    start: '09:00',
    end: '17:00',
    breaks: [
      { start: '14:00', end: '14:15' },
      { start: '12:00', end: '13:00' },
    ],
  },
]

describe('POST /api/v1/team-members', () => {
  it('adds a team member with a slug from the name and sensible defaults, and logs it', async () => {
    const response = await world.call(world.business.admin, 'POST', '/api/v1/team-members', {
      name: 'Ana Ruíz',
      bio: 'Colour specialist.',
    })

    expect(response.statusCode).toBe(201)
    const member = response.json<TeamMember>()
    expect(member).toMatchObject({
      name: 'Ana Ruíz',
      email: null,
      permission: 'staff',
      slug: 'ana-ruiz',
      bio: 'Colour specialist.',
      time_zone: 'UTC',
      bookable: true,
      service_ids: [],
      time_off: [],
      invitation: 'none',
    })
    expect(member.working_hours.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5])
    const [entry] = await activityFor(world.testApp, world.business.tenantId, member.id)
    expect(entry).toMatchObject({
      entityType: 'team_member',
      action: 'created',
      summary: 'Added Ana Ruíz to the team as staff',
      actorUid: world.business.admin.uid,
    })
    expect(entry?.changes).toContainEqual({ field: 'slug', before: null, after: 'ana-ruiz' })
  })

  it('numbers the slug when the name is taken, and keeps odd names readable', async () => {
    const first = await createMember({ name: 'Sam Lee' })
    const second = await createMember({ name: 'Sam  LEE' })
    const noLatin = await createMember({ name: '李娜' })
    const oneLetter = await createMember({ name: 'Q' })

    expect(first.slug).toBe('sam-lee')
    expect(second.slug).toBe('sam-lee-2')
    expect(noLatin.slug).toBe('team-member')
    expect(oneLetter.slug).toBe('team-member-q')
  })

  it('stores working hours Monday first with breaks in order, services and an invitation', async () => {
    const service = (
      await world.call(world.business.owner, 'POST', '/api/v1/services', {
        name: 'Colour',
        duration_minutes: 60,
        price_minor: 8000,
      })
    ).json<Service>()

    const member = await createMember({
      name: 'Lunch Breaker',
      email: 'Lunch.Breaker@Example.com',
      time_zone: 'Asia/Kolkata',
      working_hours: lunchWeek,
      service_ids: [service.id],
      bookable: false,
    })

    expect(member).toMatchObject({
      time_zone: 'Asia/Kolkata',
      bookable: false,
      service_ids: [service.id],
      invitation: 'pending',
    })
    expect(member.working_hours).toEqual([
      {
        weekday: 1,
        start: '09:00',
        end: '17:00',
        breaks: [
          { start: '12:00', end: '13:00' },
          { start: '14:00', end: '14:15' },
        ],
      },
      lunchWeek[0],
    ])
    const serviceView = await world.call(
      world.business.staff,
      'GET',
      `/api/v1/services/${service.id}`,
    )
    expect(serviceView.json<Service>().team_member_ids).toEqual([member.id])
  })

  it('refuses an e-mail already in the team, in any letter case, with a link to it', async () => {
    const first = await createMember({ name: 'Mail One', email: 'shared@example.com' })

    const response = await world.call(world.business.owner, 'POST', '/api/v1/team-members', {
      name: 'Mail Two',
      email: 'SHARED@example.com',
    })

    const problem = expectProblem(response, 409)
    expect(problem.errors).toEqual([{ path: 'body.email', message: 'is already used by Mail One' }])
    expect(problem.existing).toEqual({ id: first.id, href: `/team/${first.id}/edit` })
  })

  it('allows the same e-mail in another business', async () => {
    await createMember({ name: 'Twin', email: 'twin@example.com' })

    await createMember({ name: 'Twin', email: 'twin@example.com' }, world.other.owner)
  })

  it('refuses a slug already in the team with 409 naming body.slug', async () => {
    const first = await createMember({ name: 'Slug Holder', slug: 'the-chair' })

    const response = await world.call(world.business.owner, 'POST', '/api/v1/team-members', {
      name: 'Slug Taker',
      slug: 'the-chair',
    })

    const problem = expectProblem(response, 409)
    expect(problem.errors?.[0]?.path).toBe('body.slug')
    expect(problem.existing?.id).toBe(first.id)
  })

  it('lets only an owner add an owner', async () => {
    const byAdmin = await world.call(world.business.admin, 'POST', '/api/v1/team-members', {
      name: 'Would-be Owner',
      permission: 'owner',
    })
    const byOwner = await world.call(world.business.owner, 'POST', '/api/v1/team-members', {
      name: 'Co Owner',
      permission: 'owner',
    })

    expect(expectProblem(byAdmin, 403).detail).toBe(
      "You don't have permission to make someone an owner.",
    )
    expect(byOwner.statusCode).toBe(201)
    expect(byOwner.json<TeamMember>().permission).toBe('owner')
  })

  it('refuses staff with 403 and adds nothing', async () => {
    const response = await world.call(world.business.staff, 'POST', '/api/v1/team-members', {
      name: 'Staff Recruit',
    })

    expectProblem(response, 403)
    const rows = await world.testApp.database.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.name, 'Staff Recruit'))
    expect(rows).toEqual([])
  })

  const day = (overrides: object) => ({
    weekday: 1,
    start: '09:00',
    end: '17:00',
    breaks: [],
    ...overrides,
  })

  it.each([
    ['a missing name', { email: 'x@example.com' }, ['body.name']],
    ['a blank name', { name: '  ' }, ['body.name']],
    ['a bad e-mail', { name: 'X', email: 'not-an-email' }, ['body.email']],
    ['an unknown permission', { name: 'X', permission: 'boss' }, ['body.permission']],
    ['a slug with capitals', { name: 'X', slug: 'Ana' }, ['body.slug']],
    ['a one-letter slug', { name: 'X', slug: 'a' }, ['body.slug']],
    ['a made-up time zone', { name: 'X', time_zone: 'Mars/Olympus' }, ['body.time_zone']],
    [
      'a time zone in the wrong case',
      { name: 'X', time_zone: 'europe/berlin' },
      ['body.time_zone'],
    ],
    ['an unknown field', { name: 'X', role: 'staff' }, ['body.role']],
    [
      'weekday 8',
      { name: 'X', working_hours: [day({ weekday: 8 })] },
      ['body.working_hours.0.weekday'],
    ],
    [
      // 24:00 ends a day at midnight; anything later is no clock time.
      'a clock time past midnight',
      { name: 'X', working_hours: [day({ end: '24:30' })] },
      ['body.working_hours.0.end'],
    ],
    [
      'a weekday listed twice',
      { name: 'X', working_hours: [day({}), day({ start: '18:00', end: '20:00' })] },
      ['body.working_hours.1.weekday'],
    ],
    [
      'a day ending before it starts',
      { name: 'X', working_hours: [day({ start: '17:00', end: '09:00' })] },
      ['body.working_hours.0.end'],
    ],
    [
      'a break outside the hours',
      { name: 'X', working_hours: [day({ breaks: [{ start: '08:00', end: '09:30' }] })] },
      ['body.working_hours.0.breaks.0'],
    ],
    [
      'overlapping breaks',
      {
        name: 'X',
        working_hours: [
          day({
            breaks: [
              { start: '12:00', end: '13:00' },
              { start: '12:30', end: '12:45' },
            ],
          }),
        ],
      },
      ['body.working_hours.0.breaks.1'],
    ],
    [
      'a break that ends before it starts',
      { name: 'X', working_hours: [day({ breaks: [{ start: '13:00', end: '12:00' }] })] },
      ['body.working_hours.0.breaks.0'],
    ],
    [
      'several problems at once',
      {
        name: ' ',
        working_hours: [day({}), day({ weekday: 2, start: '12:00', end: '11:00' })],
      },
      ['body.name', 'body.working_hours.1.end'],
    ],
  ])('refuses %s with 400 naming the field', async (_, body, paths) => {
    const before = await world.testApp.database.db.select({ id: teamMembers.id }).from(teamMembers)

    expectInvalid(
      await world.call(world.business.owner, 'POST', '/api/v1/team-members', body),
      ...paths,
    )
    expect(
      await world.testApp.database.db.select({ id: teamMembers.id }).from(teamMembers),
    ).toHaveLength(before.length)
  })

  it("refuses another business's service, naming body.service_ids", async () => {
    const theirs = (
      await world.call(world.other.owner, 'POST', '/api/v1/services', {
        name: 'Their service',
        duration_minutes: 30,
        price_minor: 100,
      })
    ).json<Service>()

    const response = await world.call(world.business.owner, 'POST', '/api/v1/team-members', {
      name: 'Poacher',
      service_ids: [theirs.id],
    })

    expectInvalid(response, 'body.service_ids')
  })
})

describe('GET /api/v1/team-members', () => {
  let crew: Business

  beforeAll(async () => {
    crew = await createBusiness(world.testApp, 'Crew')
    await createMember(
      { name: 'zoe Walker', email: 'zoe@walker.test', bookable: false },
      crew.owner,
    )
    await createMember({ name: 'Ben 50% Off', slug: 'ben-half' }, crew.owner)
  })

  const names = (response: { json<T>(): T }) =>
    response.json<TeamMemberPage>().items.map((member) => member.name)

  it('lists the team by name to every role, with invitations and time off', async () => {
    await addTimeOff(
      crew.staffMemberId,
      { start_date: isoDate(3), end_date: isoDate(4) },
      crew.owner,
    )

    for (const user of [crew.owner, crew.admin, crew.staff]) {
      const response = await world.call(user, 'GET', '/api/v1/team-members')
      expect(response.statusCode).toBe(200)
      const page = response.json<TeamMemberPage>()
      expect(page).toMatchObject({ total: 5, limit: 25, offset: 0 })
      expect(names(response)).toEqual([
        'Ben 50% Off',
        'Crew Admin',
        'Crew Owner',
        'Crew Staff',
        'zoe Walker',
      ])
      const byName = new Map(page.items.map((member) => [member.name, member]))
      expect(byName.get('Crew Staff')?.invitation).toBe('accepted')
      expect(byName.get('Crew Staff')?.time_off).toHaveLength(1)
      expect(byName.get('zoe Walker')?.invitation).toBe('pending')
      expect(byName.get('Ben 50% Off')?.invitation).toBe('none')
    }
  })

  it.each([
    ['a name fragment', 'WALK', ['zoe Walker']],
    ['an e-mail fragment', 'walker.test', ['zoe Walker']],
    ['a slug fragment', 'ben-half', ['Ben 50% Off']],
    ['a percent sign as text', '50%', ['Ben 50% Off']],
  ])('searches by %s', async (_, search, expected) => {
    const response = await world.call(
      crew.owner,
      'GET',
      `/api/v1/team-members?search=${encodeURIComponent(search)}`,
    )
    expect(names(response)).toEqual(expected)
  })

  it('filters by the bookable flag and pages with a total', async () => {
    const notBookable = await world.call(crew.owner, 'GET', '/api/v1/team-members?bookable=false')
    const page = await world.call(crew.owner, 'GET', '/api/v1/team-members?limit=2&offset=2')

    expect(names(notBookable)).toEqual(['zoe Walker'])
    expect(page.json<TeamMemberPage>()).toMatchObject({ total: 5, limit: 2, offset: 2 })
    expect(names(page)).toEqual(['Crew Owner', 'Crew Staff'])
  })

  it('never shows another business’s team', async () => {
    const response = await world.call(world.other.owner, 'GET', '/api/v1/team-members?search=crew')
    expect(response.json<TeamMemberPage>().total).toBe(0)
  })

  it.each([
    ['limit=0', 'query.limit'],
    ['offset=x', 'query.offset'],
    ['bookable=perhaps', 'query.bookable'],
  ])('refuses %s with 400 naming the parameter', async (query, path) => {
    expectInvalid(await world.call(crew.owner, 'GET', `/api/v1/team-members?${query}`), path)
  })
})

describe('GET /api/v1/team-members/{id}', () => {
  it('shows current and upcoming time off, soonest first, and leaves the past out', async () => {
    const member = await createMember({ name: 'Time Traveller', time_zone: 'Pacific/Kiritimati' })
    const path = `/api/v1/team-members/${member.id}`
    const soon = new Date(Date.now() + 2 * 3_600_000)
    const responses = await Promise.all([
      addTimeOff(member.id, { start_date: isoDate(10), end_date: isoDate(12), reason: 'Later' }),
      addTimeOff(member.id, { start_date: isoDate(-10), end_date: isoDate(-8), reason: 'Past' }),
      addTimeOff(member.id, { start_date: isoDate(-1), end_date: isoDate(2), reason: 'Now' }),
      addTimeOff(member.id, {
        starts_at: soon.toISOString(),
        ends_at: new Date(soon.getTime() + 3_600_000).toISOString(),
        reason: 'Dentist',
      }),
      addTimeOff(member.id, {
        starts_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        ends_at: new Date(Date.now() - 3_600_000).toISOString(),
        reason: 'Earlier today',
      }),
    ])
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201])

    const response = await world.call(world.business.staff, 'GET', path)

    expect(response.statusCode).toBe(200)
    expect(response.json<TeamMember>().time_off.map((entry) => entry.reason)).toEqual([
      'Now',
      'Dentist',
      'Later',
    ])
  })

  it('answers 404 for an unknown id and for another business’s member', async () => {
    expectProblem(
      await world.call(world.business.owner, 'GET', `/api/v1/team-members/${randomUUID()}`),
      404,
    )
    expectProblem(
      await world.call(
        world.business.owner,
        'GET',
        `/api/v1/team-members/${world.other.staffMemberId}`,
      ),
      404,
    )
    expectInvalid(
      await world.call(world.business.owner, 'GET', '/api/v1/team-members/nope'),
      'path.teamMemberId',
    )
  })
})

describe('PATCH /api/v1/team-members/{id}', () => {
  const patch = (as: Business['owner'], id: string, body: object) =>
    world.call(as, 'PATCH', `/api/v1/team-members/${id}`, body)

  it('changes the given fields and logs before and after of just those', async () => {
    const member = await createMember({ name: 'Edit Me', bio: 'Old bio' })

    const response = await patch(world.business.admin, member.id, {
      bio: 'New bio',
      working_hours: lunchWeek,
      name: 'Edit Me',
    })

    expect(response.statusCode).toBe(200)
    expect(response.json<TeamMember>()).toMatchObject({ name: 'Edit Me', bio: 'New bio' })
    const [entry] = await activityFor(world.testApp, world.business.tenantId, member.id)
    expect(entry).toMatchObject({
      action: 'updated',
      summary: 'Changed the bio and working hours of Edit Me',
      actorUid: world.business.admin.uid,
    })
    expect(entry?.changes.map((change) => change.field)).toEqual(['bio', 'working_hours'])
    expect(entry?.changes[0]).toEqual({ field: 'bio', before: 'Old bio', after: 'New bio' })
  })

  it('writes and logs nothing when nothing changes', async () => {
    const member = await createMember({ name: 'Unchanged' })

    const response = await patch(world.business.owner, member.id, {
      name: 'Unchanged',
      bookable: true,
    })

    expect(response.json<TeamMember>().updated_at).toBe(member.updated_at)
    expect(await activityFor(world.testApp, world.business.tenantId, member.id)).toHaveLength(1)
  })

  it('lets staff change their own name, bio, time zone and working hours', async () => {
    const response = await patch(world.business.staff, world.business.staffMemberId, {
      bio: 'I cut hair.',
      time_zone: 'Europe/Berlin',
      working_hours: lunchWeek,
      // Sent back unchanged by a form that posts everything: not a change, so allowed.
      permission: 'staff',
      bookable: true,
    })

    expect(response.statusCode, response.body).toBe(200)
    expect(response.json<TeamMember>()).toMatchObject({
      bio: 'I cut hair.',
      time_zone: 'Europe/Berlin',
    })
  })

  it.each([
    ['permission', { permission: 'admin' }],
    ['bookable flag', { bookable: false }],
    ['slug', { slug: 'me-myself' }],
    ['e-mail', { email: 'new@example.com' }],
  ])('refuses staff changing their own %s with 403 naming it', async (_, body) => {
    const before = await memberRow(world.business.staffMemberId)

    const problem = expectProblem(
      await patch(world.business.staff, world.business.staffMemberId, body),
      403,
    )

    expect(problem.errors?.map((error) => error.path)).toEqual(
      Object.keys(body).map((key) => `body.${key}`),
    )
    expect(await memberRow(world.business.staffMemberId)).toEqual(before)
  })

  it('refuses staff changing someone else', async () => {
    const before = await memberRow(world.business.adminMemberId)

    expectProblem(
      await patch(world.business.staff, world.business.adminMemberId, { bio: 'Hacked' }),
      403,
    )
    expect(await memberRow(world.business.adminMemberId)).toEqual(before)
  })

  it('moves access with the permission, in the same change', async () => {
    const { user, memberId } = await invite(
      world.testApp,
      world.business.owner,
      'Rising Star',
      'staff',
    )

    const response = await patch(world.business.admin, memberId, { permission: 'admin' })

    expect(response.statusCode).toBe(200)
    expect(await membershipOf(world.business.tenantId, user.uid)).toMatchObject({
      permission: 'admin',
    })
    const me = await world.call(user, 'GET', '/api/v1/me/')
    expect(me.json<Profile>().permission).toBe('admin')
    const [entry] = await activityFor(world.testApp, world.business.tenantId, memberId)
    expect(entry).toMatchObject({
      summary: 'Made Rising Star an admin',
      changes: [{ field: 'permission', before: 'staff', after: 'admin' }],
    })
  })

  it('keeps ownership to owners: admins can neither grant it, take it, nor redirect it', async () => {
    const ownerBefore = await memberRow(world.business.ownerMemberId)

    const grant = await patch(world.business.admin, world.business.staffMemberId, {
      permission: 'owner',
    })
    const take = await patch(world.business.admin, world.business.ownerMemberId, {
      permission: 'staff',
    })
    const redirect = await patch(world.business.admin, world.business.ownerMemberId, {
      email: 'admins-other-address@example.com',
    })
    const hours = await patch(world.business.admin, world.business.ownerMemberId, {
      working_hours: lunchWeek,
    })

    expectProblem(grant, 403)
    expectProblem(take, 403)
    expectProblem(redirect, 403)
    expect(hours.statusCode).toBe(200)
    expect(await memberRow(world.business.ownerMemberId)).toMatchObject({
      permission: 'owner',
      email: ownerBefore?.email,
    })
    expect(await membershipOf(world.business.tenantId, world.business.owner.uid)).toMatchObject({
      permission: 'owner',
    })
  })

  it('never demotes the last owner, but lets an owner hand over first', async () => {
    const solo = await createBusiness(world.testApp, 'Solo')

    const alone = await patch(solo.owner, solo.ownerMemberId, { permission: 'admin' })

    const problem = expectProblem(alone, 409)
    expect(problem.detail).toBe(
      "Solo Owner is the business's last owner; make someone else an owner before you change their permission.",
    )
    expect(problem.errors?.[0]?.path).toBe('body.permission')
    expect(await membershipOf(solo.tenantId, solo.owner.uid)).toMatchObject({ permission: 'owner' })

    expect((await patch(solo.owner, solo.adminMemberId, { permission: 'owner' })).statusCode).toBe(
      200,
    )
    const handedOver = await patch(solo.owner, solo.ownerMemberId, { permission: 'admin' })
    expect(handedOver.statusCode).toBe(200)
    expect(await membershipOf(solo.tenantId, solo.owner.uid)).toMatchObject({ permission: 'admin' })
    expect(await membershipOf(solo.tenantId, solo.admin.uid)).toMatchObject({ permission: 'owner' })
  })

  it('keeps one owner when two owners demote each other at the same moment', async () => {
    const pair = await createBusiness(world.testApp, 'Pair')
    const second = await invite(world.testApp, pair.owner, 'Second Pair Owner', 'owner')

    const results = await Promise.all([
      patch(pair.owner, second.memberId, { permission: 'admin' }),
      patch(second.user, pair.ownerMemberId, { permission: 'admin' }),
    ])

    // Whoever comes second is refused: 409 if both passed the permission check together
    // (PostgreSQL), 403 if the first demotion landed before the second caller was resolved.
    const [accepted, refused] = results.map((response) => response.statusCode).sort()
    expect(accepted).toBe(200)
    expect([403, 409]).toContain(refused)
    const owners = await world.testApp.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.tenantId, pair.tenantId), eq(memberships.permission, 'owner')))
    expect(owners).toHaveLength(1)
  })

  it('refuses a slug or e-mail another member has, with 409 naming the field', async () => {
    const holder = await createMember({
      name: 'Holder',
      slug: 'holder',
      email: 'holder@example.com',
    })
    const member = await createMember({ name: 'Wannabe' })

    const slug = expectProblem(
      await patch(world.business.owner, member.id, { slug: 'holder' }),
      409,
    )
    const email = expectProblem(
      await patch(world.business.owner, member.id, { email: 'HOLDER@example.com' }),
      409,
    )

    expect(slug.errors?.[0]?.path).toBe('body.slug')
    expect(email.errors?.[0]?.path).toBe('body.email')
    expect(email.existing?.id).toBe(holder.id)
    expect(await memberRow(member.id)).toMatchObject({ slug: 'wannabe', email: null })
  })

  it.each([
    ['an empty body', {}, 'body'],
    ['a bad time zone', { time_zone: 'Atlantis/Capital' }, 'body.time_zone'],
    [
      'overlapping breaks',
      {
        working_hours: [
          {
            weekday: 3,
            start: '09:00',
            end: '17:00',
            breaks: [
              { start: '12:00', end: '13:00' },
              { start: '11:00', end: '12:30' },
            ],
          },
        ],
      },
      'body.working_hours.0.breaks.1',
    ],
    ['a null name', { name: null }, 'body.name'],
  ])('refuses %s with 400', async (_, body, path) => {
    const member = await createMember({ name: `Invalid ${randomUUID().slice(0, 4)}` })
    const before = await memberRow(member.id)

    const problem = expectProblem(await patch(world.business.owner, member.id, body), 400)

    expect(problem.errors?.map((error) => error.path)).toContain(path)
    expect(await memberRow(member.id)).toEqual(before)
  })

  it('answers 404 for an unknown id and another business’s member, changing nothing', async () => {
    const theirs = await memberRow(world.other.staffMemberId)

    expectProblem(await patch(world.business.owner, randomUUID(), { bio: 'x' }), 404)
    expectProblem(await patch(world.business.owner, world.other.staffMemberId, { bio: 'x' }), 404)
    expect(await memberRow(world.other.staffMemberId)).toEqual(theirs)
  })

  it('changes the member and its activity entry together or not at all', async () => {
    const member = await createMember({ name: 'Atomic Member' })
    await world.testApp.database.db.execute(sql`
      create function refuse_member_probe() returns trigger language plpgsql as $$
      begin raise exception 'activity refused'; end $$`)
    await world.testApp.database.db.execute(sql`
      create trigger refuse_member_probe before insert on activity_log for each row
      when (new.summary like '%Atomic Member%') execute function refuse_member_probe()`)
    try {
      const response = await patch(world.business.owner, member.id, { bio: 'Never saved' })

      expect(response.statusCode).toBe(500)
      expect(await memberRow(member.id)).toMatchObject({ bio: '' })
    } finally {
      await world.testApp.database.db.execute(sql`drop trigger refuse_member_probe on activity_log`)
      await world.testApp.database.db.execute(sql`drop function refuse_member_probe`)
    }
  })
})

describe('DELETE /api/v1/team-members/{id}', () => {
  const remove = (as: Business['owner'], id: string) =>
    world.call(as, 'DELETE', `/api/v1/team-members/${id}`)

  it('removes the member, their access and their links, and logs it', async () => {
    const { user, memberId } = await invite(world.testApp, world.business.owner, 'Leaver', 'staff')
    await addTimeOff(memberId, { start_date: isoDate(5), end_date: isoDate(6) })

    const response = await remove(world.business.admin, memberId)

    expect(response.statusCode).toBe(204)
    expect(await memberRow(memberId)).toBeUndefined()
    expect((await membershipOf(world.business.tenantId, user.uid))?.revokedAt).toBeInstanceOf(Date)
    const leftovers = await world.testApp.database.db
      .select()
      .from(timeOff)
      .where(eq(timeOff.teamMemberId, memberId))
    expect(leftovers).toEqual([])
    const [entry] = await activityFor(world.testApp, world.business.tenantId, memberId)
    expect(entry).toMatchObject({ action: 'deleted', summary: 'Removed Leaver from the team' })
    // Their next call finds no way back in, and no empty business of their own either.
    const me = expectProblem(await world.call(user, 'GET', '/api/v1/me/'), 403)
    expect(me).toMatchObject({ type: '/problems/access-removed' })
    expect(me.detail).toMatch(
      /^Your access to Team Owner's Business was removed on \d{4}-\d\d-\d\d\./,
    )
  })

  it('drops the member from the services they performed', async () => {
    const member = await createMember({ name: 'Specialist' })
    const service = (
      await world.call(world.business.owner, 'POST', '/api/v1/services', {
        name: 'Speciality',
        duration_minutes: 30,
        price_minor: 100,
        team_member_ids: [member.id],
      })
    ).json<Service>()

    await remove(world.business.owner, member.id)

    const links = await world.testApp.database.db
      .select()
      .from(serviceTeamMembers)
      .where(eq(serviceTeamMembers.serviceId, service.id))
    expect(links).toEqual([])
  })

  it('refuses staff, and admins removing an owner', async () => {
    const coOwner = await createMember({ name: 'Second Owner', permission: 'owner' })

    expectProblem(await remove(world.business.staff, world.business.adminMemberId), 403)
    expectProblem(await remove(world.business.admin, coOwner.id), 403)
    expect(await memberRow(world.business.adminMemberId)).toBeDefined()
    expect(await memberRow(coOwner.id)).toBeDefined()
  })

  it('never removes the last owner', async () => {
    const solo = await createBusiness(world.testApp, 'Lonely')

    const problem = expectProblem(await remove(solo.owner, solo.ownerMemberId), 409)

    expect(problem.detail).toBe(
      "Lonely Owner is the business's last owner; make someone else an owner before you remove them.",
    )
    expect(await membershipOf(solo.tenantId, solo.owner.uid)).toBeDefined()
  })

  it('refuses while the member has upcoming appointments', async () => {
    const member = await createMember({ name: 'Busy Bee' })
    const service = (
      await world.call(world.business.owner, 'POST', '/api/v1/services', {
        name: 'Buzz cut',
        duration_minutes: 30,
        price_minor: 100,
      })
    ).json<Service>()
    const [customer] = await world.testApp.database.db
      .insert(customers)
      .values({ tenantId: world.business.tenantId, name: 'Client' })
      .returning()
    await world.testApp.database.db.insert(appointments).values(
      unbufferedRow({
        tenantId: world.business.tenantId,
        serviceId: service.id,
        teamMemberId: member.id,
        customerId: customer?.id ?? '',
        startsAt: new Date(Date.now() + DAY),
        endsAt: new Date(Date.now() + DAY + 1_800_000),
        priceMinor: 100,
        currency: 'USD',
        source: 'public',
      }),
    )

    const problem = expectProblem(await remove(world.business.owner, member.id), 409)

    expect(problem.detail).toMatch(/^Busy Bee has 1 upcoming appointment;/)
    expect(await memberRow(member.id)).toBeDefined()
  })

  it('answers 404 for an unknown id and another business’s member, removing nothing', async () => {
    expectProblem(await remove(world.business.owner, randomUUID()), 404)
    expectProblem(await remove(world.business.owner, world.other.staffMemberId), 404)
    expect(await memberRow(world.other.staffMemberId)).toBeDefined()
    expect(await membershipOf(world.other.tenantId, world.other.staff.uid)).toBeDefined()
  })
})

describe('time off', () => {
  const year = new Date().getUTCFullYear()

  it('adds whole days and logs a readable summary', async () => {
    const member = await createMember({ name: 'Ana Ruiz' })

    const response = await addTimeOff(member.id, {
      start_date: `${year}-12-24`,
      end_date: `${year}-12-26`,
      reason: 'Holiday',
    })

    expect(response.statusCode).toBe(201)
    const created = response.json<TimeOff>()
    expect(created).toMatchObject({
      all_day: true,
      start_date: `${year}-12-24`,
      end_date: `${year}-12-26`,
      starts_at: null,
      ends_at: null,
      reason: 'Holiday',
    })
    const [entry] = await activityFor(world.testApp, world.business.tenantId, created.id)
    expect(entry).toMatchObject({
      entityType: 'time_off',
      action: 'created',
      summary: 'Added time off for Ana Ruiz, 24–26 Dec (Holiday)',
    })
    expect(entry?.changes).toContainEqual({
      field: 'start_date',
      before: null,
      after: `${year}-12-24`,
    })
  })

  it('adds an exact span of instants', async () => {
    const member = await createMember({ name: 'Part Timer', time_zone: 'Europe/Berlin' })

    const response = await addTimeOff(member.id, {
      starts_at: `${year + 1}-03-02T13:00:00+01:00`,
      ends_at: `${year + 1}-03-02T15:30:00+01:00`,
    })

    expect(response.statusCode).toBe(201)
    const created = response.json<TimeOff>()
    expect(created).toMatchObject({
      all_day: false,
      start_date: null,
      starts_at: `${year + 1}-03-02T12:00:00.000Z`,
      ends_at: `${year + 1}-03-02T14:30:00.000Z`,
      reason: '',
    })
    const [entry] = await activityFor(world.testApp, world.business.tenantId, created.id)
    expect(entry?.summary).toBe(`Added time off for Part Timer, 2 Mar ${year + 1}, 13:00–15:30`)
  })

  it.each([
    ['neither pair', { reason: 'x' }, 'body.start_date'],
    ['half a date pair', { start_date: `${year}-05-01` }, 'body.end_date'],
    ['half an instant pair', { ends_at: `${year}-05-01T10:00:00Z` }, 'body.starts_at'],
    [
      'both pairs',
      {
        start_date: `${year}-05-01`,
        end_date: `${year}-05-01`,
        starts_at: `${year}-05-01T10:00:00Z`,
        ends_at: `${year}-05-01T11:00:00Z`,
      },
      'body.starts_at',
    ],
    [
      'an end before the start',
      { start_date: `${year}-05-02`, end_date: `${year}-05-01` },
      'body.end_date',
    ],
    [
      'a span that lasts no time',
      { starts_at: `${year}-05-01T10:00:00Z`, ends_at: `${year}-05-01T12:00:00+02:00` },
      'body.ends_at',
    ],
    [
      'a date that does not exist',
      { start_date: `${year}-02-30`, end_date: `${year}-03-01` },
      'body.start_date',
    ],
    [
      'an instant without offset',
      { starts_at: '2030-05-01T10:00:00', ends_at: '2030-05-01T11:00:00Z' },
      'body.starts_at',
    ],
    [
      'an unknown field',
      { start_date: `${year}-05-01`, end_date: `${year}-05-01`, note: 'x' },
      'body.note',
    ],
    // Years 0000 and 9999 reached PostgreSQL and the availability engine as 500s.
    [
      'a day in year 0000',
      { start_date: '0000-01-01', end_date: `${year}-05-01` },
      'body.start_date',
    ],
    [
      'an instant in year 9999',
      { starts_at: `${year}-05-01T10:00:00Z`, ends_at: '9999-12-31T23:59:59Z' },
      'body.ends_at',
    ],
    [
      'a reason over two lines',
      { start_date: `${year}-05-01`, end_date: `${year}-05-01`, reason: 'Away\r\nBack soon' },
      'body.reason',
    ],
  ])('refuses %s with 400 naming the field', async (_, body, path) => {
    const before = await world.testApp.database.db.select({ id: timeOff.id }).from(timeOff)

    expectInvalid(await addTimeOff(world.business.staffMemberId, body), path)
    expect(await world.testApp.database.db.select({ id: timeOff.id }).from(timeOff)).toHaveLength(
      before.length,
    )
  })

  it('lets staff add and remove their own time off, and nobody else’s', async () => {
    const body = { start_date: isoDate(20), end_date: isoDate(21), reason: 'Mine' }
    const timeOffOf = (memberId: string) =>
      world.testApp.database.db.select().from(timeOff).where(eq(timeOff.teamMemberId, memberId))
    const removeAs = (user: Business['staff'], memberId: string, id: string) =>
      world.call(user, 'DELETE', `/api/v1/team-members/${memberId}/time-off/${id}`)

    const own = await addTimeOff(world.business.staffMemberId, body, world.business.staff)
    const forOthers = await addTimeOff(world.business.adminMemberId, body, world.business.staff)
    const byAdmin = await addTimeOff(world.business.adminMemberId, body, world.business.admin)

    expect(own.statusCode).toBe(201)
    expectProblem(forOthers, 403)
    expect(byAdmin.statusCode).toBe(201)
    expect(await timeOffOf(world.business.adminMemberId)).toHaveLength(1)

    const adminsEntry = byAdmin.json<TimeOff>().id
    expectProblem(
      await removeAs(world.business.staff, world.business.adminMemberId, adminsEntry),
      403,
    )
    expect(await timeOffOf(world.business.adminMemberId)).toHaveLength(1)

    const ownEntry = own.json<TimeOff>().id
    expect(
      (await removeAs(world.business.staff, world.business.staffMemberId, ownEntry)).statusCode,
    ).toBe(204)
    expect(
      (await removeAs(world.business.admin, world.business.adminMemberId, adminsEntry)).statusCode,
    ).toBe(204)
    expect(await timeOffOf(world.business.adminMemberId)).toEqual([])
  })

  it("answers 404 for another business's member, changing nothing", async () => {
    const response = await addTimeOff(world.other.staffMemberId, {
      start_date: isoDate(1),
      end_date: isoDate(2),
    })

    expectProblem(response, 404)
    const theirs = await world.testApp.database.db
      .select()
      .from(timeOff)
      .where(eq(timeOff.teamMemberId, world.other.staffMemberId))
    expect(theirs).toEqual([])
  })

  it('removes time off, logs it, and 404s for an id under another member or business', async () => {
    const member = await createMember({ name: 'Ana Ruiz', slug: 'ana-ruiz-two' })
    const created = (
      await addTimeOff(member.id, {
        start_date: `${year}-12-30`,
        end_date: `${year + 1}-01-02`,
        reason: 'New Year',
      })
    ).json<TimeOff>()
    const theirs = (
      await addTimeOff(
        world.other.staffMemberId,
        { start_date: isoDate(1), end_date: isoDate(1) },
        world.other.owner,
      )
    ).json<TimeOff>()

    const wrongMember = await world.call(
      world.business.owner,
      'DELETE',
      `/api/v1/team-members/${world.business.staffMemberId}/time-off/${created.id}`,
    )
    const foreign = await world.call(
      world.business.owner,
      'DELETE',
      `/api/v1/team-members/${world.other.staffMemberId}/time-off/${theirs.id}`,
    )
    const unknown = await world.call(
      world.business.owner,
      'DELETE',
      `/api/v1/team-members/${member.id}/time-off/${randomUUID()}`,
    )
    expectProblem(wrongMember, 404)
    expectProblem(foreign, 404)
    expectProblem(unknown, 404)
    expect(
      await world.testApp.database.db.select().from(timeOff).where(eq(timeOff.id, theirs.id)),
    ).toHaveLength(1)

    const removed = await world.call(
      world.business.owner,
      'DELETE',
      `/api/v1/team-members/${member.id}/time-off/${created.id}`,
    )

    expect(removed.statusCode).toBe(204)
    expect(
      await world.testApp.database.db.select().from(timeOff).where(eq(timeOff.id, created.id)),
    ).toEqual([])
    const [entry] = await activityFor(world.testApp, world.business.tenantId, created.id)
    expect(entry).toMatchObject({
      action: 'deleted',
      summary: `Removed time off for Ana Ruiz, 30 Dec ${year} – 2 Jan ${year + 1} (New Year)`,
    })
  })
})

describe('the demo business', () => {
  it('seeds a team with lunch breaks, services, linked owner and time off', async () => {
    const demoTestApp = await createTestApp()
    try {
      const owner = await signUp({ displayName: 'Demo Owner' })
      await seedDemoBusiness(demoTestApp.database, {
        ownerUid: owner.uid,
        ownerEmail: owner.email,
        ownerName: 'Demo Owner',
      })

      const response = await call(demoTestApp, owner, 'GET', '/api/v1/team-members')
      const services = await call(demoTestApp, owner, 'GET', '/api/v1/services')

      const team = response.json<TeamMemberPage>().items
      expect(team.map((member) => [member.name, member.permission, member.invitation])).toEqual([
        ['Demo Owner', 'owner', 'accepted'],
        ['Diego Alvarez', 'staff', 'pending'],
        ['Priya Natarajan', 'staff', 'pending'],
      ])
      for (const member of team) {
        expect(member.working_hours.length).toBeGreaterThanOrEqual(5)
        expect(member.working_hours.every((day) => day.breaks.length > 0)).toBe(true)
        expect(member.service_ids.length).toBeGreaterThanOrEqual(2)
        expect(member.time_zone).toBe('America/New_York')
      }
      expect(team.find((member) => member.name === 'Diego Alvarez')?.time_off).toMatchObject([
        { all_day: true, reason: 'Barbering workshop' },
      ])
      const catalogue = services.json<{ items: Service[] }>().items
      expect(catalogue.map((service) => service.category).sort()).toEqual([
        'Color',
        'Grooming',
        'Hair',
        'Styling',
      ])
      expect(catalogue.some((service) => service.buffer_after_minutes > 0)).toBe(true)
      expect(catalogue.every((service) => service.team_member_ids.length > 0)).toBe(true)
    } finally {
      await demoTestApp.close()
    }
  })
})
