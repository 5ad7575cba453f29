import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { appointments, customers, services, tenants } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { unbufferedRow } from '../support/api/appointment-rows.ts'
import {
  activityFor,
  type Business,
  createBusiness,
  expectInvalid,
  expectProblem,
  setUpTwoBusinesses,
} from '../support/api/team-business.ts'

type Service = components['schemas']['Service']
type ServicePage = components['schemas']['ServicePage']

const world = setUpTwoBusinesses('Services', 'Elsewhere')

const haircut = { name: 'Haircut', duration_minutes: 45, price_minor: 5500 }

async function createService(body: object, as = world.business.owner): Promise<Service> {
  const response = await world.call(as, 'POST', '/api/v1/services', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Service>()
}

async function serviceRow(id: string) {
  const [row] = await world.testApp.database.db.select().from(services).where(eq(services.id, id))
  return row
}

async function addAppointment(
  tenantId: string,
  serviceId: string,
  teamMemberId: string,
  startsInHours: number,
  status: 'confirmed' | 'cancelled' = 'confirmed',
) {
  const [customer] = await world.testApp.database.db
    .insert(customers)
    .values({ tenantId, name: `Customer ${randomUUID().slice(0, 6)}` })
    .returning()
  const startsAt = new Date(Date.now() + startsInHours * 3_600_000)
  await world.testApp.database.db.insert(appointments).values(
    unbufferedRow({
      tenantId,
      serviceId,
      teamMemberId,
      customerId: customer?.id ?? '',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 45 * 60_000),
      status,
      priceMinor: 5500,
      currency: 'USD',
      source: 'staff',
    }),
  )
}

describe('POST /api/v1/services', () => {
  it('adds a service in the business currency, with defaults, and logs it', async () => {
    const response = await world.call(world.business.owner, 'POST', '/api/v1/services', {
      ...haircut,
      description: 'Wash, cut and style.',
      category: 'Hair',
      buffer_after_minutes: 10,
      team_member_ids: [world.business.staffMemberId, world.business.ownerMemberId],
    })

    expect(response.statusCode).toBe(201)
    const service = response.json<Service>()
    expect(service).toMatchObject({
      name: 'Haircut',
      description: 'Wash, cut and style.',
      duration_minutes: 45,
      price_minor: 5500,
      currency: 'USD',
      buffer_before_minutes: 0,
      buffer_after_minutes: 10,
      color: '#4f46e5',
      category: 'Hair',
      active: true,
      capacity: 1,
      team_member_ids: [world.business.ownerMemberId, world.business.staffMemberId].sort(),
    })
    expect(service.id).toMatch(/^[0-9a-f-]{36}$/)
    const [entry] = await activityFor(world.testApp, world.business.tenantId, service.id)
    expect(entry).toMatchObject({
      entityType: 'service',
      action: 'created',
      summary: 'Added the service Haircut',
      actorUid: world.business.owner.uid,
    })
    expect(entry?.changes).toContainEqual({ field: 'price_minor', before: null, after: 5500 })
    expect(entry?.changes).toContainEqual({ field: 'category', before: null, after: 'Hair' })
  })

  it('prices new services in whatever currency the business uses', async () => {
    await world.testApp.database.db
      .update(tenants)
      .set({ currency: 'EUR' })
      .where(eq(tenants.id, world.other.tenantId))
    try {
      const service = await createService(haircut, world.other.owner)
      expect(service.currency).toBe('EUR')
    } finally {
      await world.testApp.database.db
        .update(tenants)
        .set({ currency: 'USD' })
        .where(eq(tenants.id, world.other.tenantId))
    }
  })

  it('lets an admin add services but not staff', async () => {
    const byAdmin = await world.call(world.business.admin, 'POST', '/api/v1/services', haircut)
    const byStaff = await world.call(world.business.staff, 'POST', '/api/v1/services', {
      ...haircut,
      name: 'Staff special',
    })

    expect(byAdmin.statusCode).toBe(201)
    expect(expectProblem(byStaff, 403).detail).toBe("You don't have permission to add services.")
    const named = await world.testApp.database.db
      .select()
      .from(services)
      .where(eq(services.name, 'Staff special'))
    expect(named).toEqual([])
  })

  it.each([
    ['a missing name', { duration_minutes: 30, price_minor: 0 }, 'body.name'],
    ['a blank name', { ...haircut, name: '   ' }, 'body.name'],
    ['a missing duration', { name: 'X', price_minor: 0 }, 'body.duration_minutes'],
    ['a too short duration', { ...haircut, duration_minutes: 4 }, 'body.duration_minutes'],
    ['a negative price', { ...haircut, price_minor: -1 }, 'body.price_minor'],
    ['a fractional price', { ...haircut, price_minor: 10.5 }, 'body.price_minor'],
    ['a negative buffer', { ...haircut, buffer_before_minutes: -5 }, 'body.buffer_before_minutes'],
    ['a huge buffer', { ...haircut, buffer_after_minutes: 241 }, 'body.buffer_after_minutes'],
    ['a colour that is not hex', { ...haircut, color: 'red' }, 'body.color'],
    ['no seats', { ...haircut, capacity: 0 }, 'body.capacity'],
    ['a long category', { ...haircut, category: 'x'.repeat(61) }, 'body.category'],
    ['an unknown field', { ...haircut, colour: '#ffffff' }, 'body.colour'],
    [
      'a team member id that is no uuid',
      { ...haircut, team_member_ids: ['x'] },
      'body.team_member_ids.0',
    ],
  ])('refuses %s with 400 naming the field', async (_, body, path) => {
    const before = await world.testApp.database.db.select({ id: services.id }).from(services)

    const response = await world.call(world.business.owner, 'POST', '/api/v1/services', body)

    expectInvalid(response, path)
    expect(await world.testApp.database.db.select({ id: services.id }).from(services)).toHaveLength(
      before.length,
    )
  })

  it("refuses another business's team member, naming body.team_member_ids", async () => {
    const response = await world.call(world.business.owner, 'POST', '/api/v1/services', {
      ...haircut,
      name: 'Borrowed stylist',
      team_member_ids: [world.business.ownerMemberId, world.other.staffMemberId],
    })

    const problem = expectInvalid(response, 'body.team_member_ids')
    expect(problem.errors?.[0]?.message).toContain(world.other.staffMemberId)
    const rows = await world.testApp.database.db
      .select()
      .from(services)
      .where(eq(services.name, 'Borrowed stylist'))
    expect(rows).toEqual([])
  })

  it('writes the service and its activity entry together or not at all', async () => {
    // A trigger that fails the activity insert must take the service down with it.
    await world.testApp.database.db.execute(sql`
      create function refuse_atomic_probe() returns trigger language plpgsql as $$
      begin raise exception 'activity refused'; end $$`)
    await world.testApp.database.db.execute(sql`
      create trigger refuse_atomic_probe before insert on activity_log for each row
      when (new.summary like '%Atomic probe%') execute function refuse_atomic_probe()`)
    try {
      const response = await world.call(world.business.owner, 'POST', '/api/v1/services', {
        ...haircut,
        name: 'Atomic probe',
      })

      expect(response.statusCode).toBe(500)
      const rows = await world.testApp.database.db
        .select()
        .from(services)
        .where(eq(services.name, 'Atomic probe'))
      expect(rows).toEqual([])
    } finally {
      await world.testApp.database.db.execute(sql`drop trigger refuse_atomic_probe on activity_log`)
      await world.testApp.database.db.execute(sql`drop function refuse_atomic_probe`)
    }
  })
})

describe('GET /api/v1/services', () => {
  let list: Business

  beforeAll(async () => {
    list = await createBusiness(world.testApp, 'Catalogue')
    const catalogue = [
      { name: 'Beard Trim', duration_minutes: 30, price_minor: 3000, category: 'Grooming' },
      { name: 'colour & gloss', duration_minutes: 90, price_minor: 12000, category: 'Hair' },
      {
        name: 'Blowout',
        duration_minutes: 45,
        price_minor: 4500,
        description: 'Smooth 100% finish',
      },
      { name: 'Archived perm', duration_minutes: 120, price_minor: 9000, active: false },
    ]
    for (const service of catalogue) await createService(service, list.owner)
  })

  const names = (response: { json<T>(): T }) =>
    response.json<ServicePage>().items.map((service) => service.name)

  it('lists the business’s services by name, case-insensitively, to every role', async () => {
    for (const user of [list.owner, list.admin, list.staff]) {
      const response = await world.call(user, 'GET', '/api/v1/services')
      expect(response.statusCode).toBe(200)
      expect(response.json<ServicePage>()).toMatchObject({ total: 4, limit: 25, offset: 0 })
      expect(names(response)).toEqual(['Archived perm', 'Beard Trim', 'Blowout', 'colour & gloss'])
    }
  })

  it('never shows another business’s services', async () => {
    const response = await world.call(world.other.owner, 'GET', '/api/v1/services?search=Beard')
    expect(response.json<ServicePage>().total).toBe(0)
  })

  it.each([
    ['name', ['Archived perm', 'Beard Trim', 'Blowout', 'colour & gloss']],
    ['-name', ['colour & gloss', 'Blowout', 'Beard Trim', 'Archived perm']],
    ['price', ['Beard Trim', 'Blowout', 'Archived perm', 'colour & gloss']],
    ['-price', ['colour & gloss', 'Archived perm', 'Blowout', 'Beard Trim']],
    ['duration', ['Beard Trim', 'Blowout', 'colour & gloss', 'Archived perm']],
    ['-duration', ['Archived perm', 'colour & gloss', 'Blowout', 'Beard Trim']],
  ])('sorts by %s', async (sort, expected) => {
    expect(names(await world.call(list.staff, 'GET', `/api/v1/services?sort=${sort}`))).toEqual(
      expected,
    )
  })

  it.each([
    ['a name fragment in another case', 'BEARD', ['Beard Trim']],
    ['the description', 'smooth', ['Blowout']],
    ['the category', 'hair', ['colour & gloss']],
    ['a percent sign as text, not a wildcard', '100%', ['Blowout']],
    ['an ampersand', ' & ', ['colour & gloss']],
  ])('searches by %s', async (_, search, expected) => {
    const response = await world.call(
      list.owner,
      'GET',
      `/api/v1/services?search=${encodeURIComponent(search)}`,
    )
    expect(names(response)).toEqual(expected)
    expect(response.json<ServicePage>().total).toBe(expected.length)
  })

  it('filters by the active flag', async () => {
    const inactive = await world.call(list.owner, 'GET', '/api/v1/services?active=false')
    const active = await world.call(list.owner, 'GET', '/api/v1/services?active=true')

    expect(names(inactive)).toEqual(['Archived perm'])
    expect(active.json<ServicePage>().total).toBe(3)
  })

  it('pages with limit and offset and reports the total', async () => {
    const response = await world.call(list.owner, 'GET', '/api/v1/services?limit=2&offset=1')

    expect(response.json<ServicePage>()).toMatchObject({ total: 4, limit: 2, offset: 1 })
    expect(names(response)).toEqual(['Beard Trim', 'Blowout'])
  })

  it.each([
    ['limit=0', 'query.limit'],
    ['limit=101', 'query.limit'],
    ['offset=-1', 'query.offset'],
    ['sort=colour', 'query.sort'],
    ['active=maybe', 'query.active'],
  ])('refuses %s with 400 naming the parameter', async (query, path) => {
    expectInvalid(await world.call(list.owner, 'GET', `/api/v1/services?${query}`), path)
  })
})

describe('GET /api/v1/services/{id}', () => {
  it('returns the service to every role', async () => {
    const service = await createService({ ...haircut, name: 'Readable' })

    for (const user of [world.business.owner, world.business.admin, world.business.staff]) {
      const response = await world.call(user, 'GET', `/api/v1/services/${service.id}`)
      expect(response.statusCode).toBe(200)
      expect(response.json<Service>()).toEqual(service)
    }
  })

  it('answers 404 for an unknown id and for another business’s service', async () => {
    const theirs = await createService(haircut, world.other.owner)

    expectProblem(
      await world.call(world.business.owner, 'GET', `/api/v1/services/${randomUUID()}`),
      404,
    )
    expectProblem(
      await world.call(world.business.owner, 'GET', `/api/v1/services/${theirs.id}`),
      404,
    )
  })

  it('refuses an id that is not a uuid with 400 naming it', async () => {
    expectInvalid(
      await world.call(world.business.owner, 'GET', '/api/v1/services/42'),
      'path.serviceId',
    )
  })
})

describe('PATCH /api/v1/services/{id}', () => {
  it('changes the given fields, keeps the rest, and logs before and after', async () => {
    const service = await createService({ ...haircut, name: 'Trim', color: '#111111' })

    const response = await world.call(
      world.business.admin,
      'PATCH',
      `/api/v1/services/${service.id}`,
      {
        price_minor: 6000,
        duration_minutes: 50,
        team_member_ids: [world.business.adminMemberId],
      },
    )

    expect(response.statusCode).toBe(200)
    const changed = response.json<Service>()
    expect(changed).toMatchObject({
      name: 'Trim',
      color: '#111111',
      price_minor: 6000,
      duration_minutes: 50,
      team_member_ids: [world.business.adminMemberId],
    })
    expect(new Date(changed.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(service.updated_at).getTime(),
    )
    const [entry] = await activityFor(world.testApp, world.business.tenantId, service.id)
    expect(entry).toMatchObject({
      entityType: 'service',
      action: 'updated',
      summary: 'Changed the duration, price and team members of the service Trim',
      actorUid: world.business.admin.uid,
    })
    expect(entry?.changes).toEqual([
      { field: 'duration_minutes', before: 45, after: 50 },
      { field: 'price_minor', before: 5500, after: 6000 },
      { field: 'team_member_ids', before: [], after: [world.business.adminMemberId] },
    ])
  })

  it('says "Deactivated" when only the active flag goes off', async () => {
    const service = await createService({ ...haircut, name: 'Seasonal' })

    await world.call(world.business.owner, 'PATCH', `/api/v1/services/${service.id}`, {
      active: false,
    })

    const [entry] = await activityFor(world.testApp, world.business.tenantId, service.id)
    expect(entry?.summary).toBe('Deactivated the service Seasonal')
  })

  it('writes and logs nothing when nothing changes', async () => {
    const service = await createService({ ...haircut, name: 'Steady' })

    const response = await world.call(
      world.business.owner,
      'PATCH',
      `/api/v1/services/${service.id}`,
      {
        name: 'Steady',
        price_minor: 5500,
      },
    )

    expect(response.statusCode).toBe(200)
    expect(response.json<Service>().updated_at).toBe(service.updated_at)
    expect(await activityFor(world.testApp, world.business.tenantId, service.id)).toHaveLength(1)
  })

  it.each([
    ['an empty body', {}, 'body'],
    ['a blank name', { name: ' ' }, 'body.name'],
    ['a too long duration', { duration_minutes: 721 }, 'body.duration_minutes'],
    ['an unknown field', { price: 10 }, 'body.price'],
    ['a null name', { name: null }, 'body.name'],
  ])('refuses %s with 400', async (_, body, path) => {
    const service = await createService({ ...haircut, name: 'Validated' })

    const response = await world.call(
      world.business.owner,
      'PATCH',
      `/api/v1/services/${service.id}`,
      body,
    )

    const problem = expectProblem(response, 400)
    expect(problem.errors?.map((error) => error.path)).toContain(path)
    expect(await serviceRow(service.id)).toMatchObject({ name: 'Validated', durationMinutes: 45 })
  })

  it("refuses another business's team member and changes nothing", async () => {
    const service = await createService({ ...haircut, name: 'Guarded' })

    const response = await world.call(
      world.business.owner,
      'PATCH',
      `/api/v1/services/${service.id}`,
      {
        price_minor: 1,
        team_member_ids: [world.other.ownerMemberId],
      },
    )

    expectInvalid(response, 'body.team_member_ids')
    expect(await serviceRow(service.id)).toMatchObject({ priceMinor: 5500 })
  })

  it('refuses staff with 403', async () => {
    const service = await createService({ ...haircut, name: 'Fixed price' })

    const response = await world.call(
      world.business.staff,
      'PATCH',
      `/api/v1/services/${service.id}`,
      {
        price_minor: 1,
      },
    )

    expectProblem(response, 403)
    expect(await serviceRow(service.id)).toMatchObject({ priceMinor: 5500 })
  })

  it('answers 404 for an unknown id and for another business’s service, changing nothing', async () => {
    const theirs = await createService({ ...haircut, name: 'Not yours' }, world.other.owner)

    const unknown = await world.call(
      world.business.owner,
      'PATCH',
      `/api/v1/services/${randomUUID()}`,
      {
        price_minor: 1,
      },
    )
    const foreign = await world.call(
      world.business.owner,
      'PATCH',
      `/api/v1/services/${theirs.id}`,
      {
        price_minor: 1,
      },
    )

    expectProblem(unknown, 404)
    expectProblem(foreign, 404)
    expect(await serviceRow(theirs.id)).toMatchObject({ name: 'Not yours', priceMinor: 5500 })
    expect(await activityFor(world.testApp, world.other.tenantId, theirs.id)).toHaveLength(1)
  })
})

describe('DELETE /api/v1/services/{id}', () => {
  it('deletes the service and logs what it was', async () => {
    const service = await createService({ ...haircut, name: 'Retired' })

    const response = await world.call(
      world.business.admin,
      'DELETE',
      `/api/v1/services/${service.id}`,
    )

    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    expect(await serviceRow(service.id)).toBeUndefined()
    expectProblem(
      await world.call(world.business.owner, 'GET', `/api/v1/services/${service.id}`),
      404,
    )
    const [entry] = await activityFor(world.testApp, world.business.tenantId, service.id)
    expect(entry).toMatchObject({
      entityType: 'service',
      action: 'deleted',
      summary: 'Deleted the service Retired',
    })
    expect(entry?.changes).toContainEqual({ field: 'name', before: 'Retired', after: null })
  })

  it('refuses while upcoming appointments use the service, and says to deactivate it', async () => {
    const service = await createService({ ...haircut, name: 'Booked solid' })
    await addAppointment(world.business.tenantId, service.id, world.business.staffMemberId, 24)
    await addAppointment(world.business.tenantId, service.id, world.business.staffMemberId, 48)
    await addAppointment(
      world.business.tenantId,
      service.id,
      world.business.staffMemberId,
      72,
      'cancelled',
    )

    const response = await world.call(
      world.business.owner,
      'DELETE',
      `/api/v1/services/${service.id}`,
    )

    expect(expectProblem(response, 409).detail).toBe(
      'Booked solid has 2 upcoming appointments; deactivate it instead.',
    )
    expect(await serviceRow(service.id)).toBeDefined()
  })

  it('refuses while past appointments keep it in the history', async () => {
    const service = await createService({ ...haircut, name: 'Old favourite' })
    await addAppointment(world.business.tenantId, service.id, world.business.staffMemberId, -48)

    const response = await world.call(
      world.business.owner,
      'DELETE',
      `/api/v1/services/${service.id}`,
    )

    expect(expectProblem(response, 409).detail).toBe(
      'Old favourite appears in the history of 1 appointment; deactivate it instead.',
    )
    expect(await serviceRow(service.id)).toBeDefined()
  })

  it('refuses staff with 403', async () => {
    const service = await createService({ ...haircut, name: 'Kept' })

    expectProblem(
      await world.call(world.business.staff, 'DELETE', `/api/v1/services/${service.id}`),
      403,
    )
    expect(await serviceRow(service.id)).toBeDefined()
  })

  it('answers 404 for an unknown id and for another business’s service, deleting nothing', async () => {
    const theirs = await createService({ ...haircut, name: 'Still theirs' }, world.other.owner)

    expectProblem(
      await world.call(world.business.owner, 'DELETE', `/api/v1/services/${randomUUID()}`),
      404,
    )
    expectProblem(
      await world.call(world.business.owner, 'DELETE', `/api/v1/services/${theirs.id}`),
      404,
    )
    expect(await serviceRow(theirs.id)).toBeDefined()
  })
})
