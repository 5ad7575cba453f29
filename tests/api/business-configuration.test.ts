import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { activityLog, services, tenants } from '../../server/db/schema.ts'
import type { BusinessConfiguration } from '../../server/domain/business-configuration.ts'
import { type BusinessUser, profileOf, setUpBusinessWithRoles } from '../support/api/team-access.ts'

const world = setUpBusinessWithRoles('Bea', 'Rival Owner')
const { as } = world

async function configurationOf(user: BusinessUser): Promise<BusinessConfiguration> {
  const response = await as(user)('GET', '/api/v1/business-configuration')
  expect(response.statusCode).toBe(200)
  return response.json<BusinessConfiguration>()
}

async function tenantRow(tenantId: string) {
  const [row] = await world.testApp.database.db
    .select()
    .from(tenants)
    .where(eq(tenants.id, tenantId))
  return row
}

async function businessEntries(tenantId: string) {
  return world.testApp.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.tenantId, tenantId), eq(activityLog.entityType, 'business')))
    .orderBy(activityLog.occurredAt)
}

function expectFieldError(response: { statusCode: number; json: () => unknown }, path: string) {
  expect(response.statusCode).toBe(400)
  const problem = response.json() as { errors?: { path: string }[] }
  expect(problem.errors?.map((error) => error.path)).toContain(path)
}

describe('GET /api/v1/business-configuration', () => {
  it("returns a new business's details to every member, staff included", async () => {
    const expected = {
      name: "Bea Owner's Business",
      slug: 'bea-owners-business',
      time_zone: 'UTC',
      currency: 'USD',
      locale: 'en-US',
      address: '',
      phone: '',
      email: null,
    }
    const ownerView = await configurationOf(world.owner)
    expect(ownerView).toEqual(expected)
    expect(await configurationOf(world.admin)).toEqual(ownerView)
    expect(await configurationOf(world.staff)).toEqual(ownerView)
  })
})

describe('PUT /api/v1/business-configuration', () => {
  const valid = (): BusinessConfiguration => ({
    name: 'Bea’s Salon',
    slug: 'beas-salon',
    time_zone: 'Europe/Berlin',
    currency: 'EUR',
    locale: 'de-DE',
    address: 'Hauptstraße 1, 10115 Berlin',
    phone: '+49 30 1234567',
    email: 'hello@beas-salon.example',
  })

  it('replaces the details, renames the business everywhere, and logs the change', async () => {
    const response = await as(world.admin)('PUT', '/api/v1/business-configuration', valid())

    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(valid())
    expect(await configurationOf(world.owner)).toEqual(valid())
    const profile = await profileOf(world.testApp, world.owner)
    expect(profile.tenant).toMatchObject({
      name: 'Bea’s Salon',
      slug: 'beas-salon',
      time_zone: 'Europe/Berlin',
    })
    expect(profile.currency).toBe('EUR')
    const entry = (await businessEntries(world.owner.tenantId)).at(-1)
    expect(entry).toMatchObject({
      actorUid: world.admin.uid,
      entityType: 'business',
      entityId: world.owner.tenantId,
      action: 'updated',
    })
    expect(entry?.summary).toMatch(/^Changed the business details: name .* → Bea’s Salon, /)
    expect(entry?.summary).toContain('time zone UTC → Europe/Berlin, currency USD → EUR')
    expect(entry?.changes).toContainEqual({ field: 'currency', before: 'USD', after: 'EUR' })
    expect(entry?.changes).toContainEqual({
      field: 'address',
      before: '',
      after: 'Hauptstraße 1, 10115 Berlin',
    })
  })

  it('logs nothing when saved unchanged', async () => {
    const current = await configurationOf(world.owner)
    const before = await businessEntries(world.owner.tenantId)
    const response = await as(world.owner)('PUT', '/api/v1/business-configuration', current)
    expect(response.statusCode).toBe(200)
    expect(await businessEntries(world.owner.tenantId)).toHaveLength(before.length)
  })

  it('moves service prices to a new currency in the same change', async () => {
    await world.testApp.database.db.insert(services).values([
      {
        tenantId: world.owner.tenantId,
        name: 'Cut',
        durationMinutes: 30,
        priceMinor: 3000,
        currency: 'EUR',
      },
      {
        tenantId: world.owner.tenantId,
        name: 'Dye',
        durationMinutes: 90,
        priceMinor: 9000,
        currency: 'EUR',
      },
    ])
    const theirs = await world.testApp.database.db
      .insert(services)
      .values({
        tenantId: world.stranger.tenantId,
        name: 'Cut',
        durationMinutes: 30,
        priceMinor: 10,
        currency: 'USD',
      })
      .returning()

    const response = await as(world.owner)('PUT', '/api/v1/business-configuration', {
      ...(await configurationOf(world.owner)),
      currency: 'CHF',
    })

    expect(response.statusCode).toBe(200)
    const prices = await world.testApp.database.db
      .select({ currency: services.currency, priceMinor: services.priceMinor })
      .from(services)
      .where(eq(services.tenantId, world.owner.tenantId))
    expect(prices).toEqual([
      { currency: 'CHF', priceMinor: 3000 },
      { currency: 'CHF', priceMinor: 9000 },
    ])
    const [theirService] = await world.testApp.database.db
      .select()
      .from(services)
      .where(eq(services.id, theirs[0]?.id ?? ''))
    expect(theirService?.currency).toBe('USD')
    expect((await businessEntries(world.owner.tenantId)).at(-1)?.summary).toBe(
      'Changed the business details: currency EUR → CHF (2 service prices now in CHF)',
    )
  })

  it('refuses a slug another business uses with 409 naming body.slug, and changes nothing', async () => {
    const theirs = await configurationOf(world.stranger)
    const before = await tenantRow(world.owner.tenantId)

    const response = await as(world.owner)('PUT', '/api/v1/business-configuration', {
      ...(await configurationOf(world.owner)),
      name: 'Copycat',
      slug: theirs.slug,
    })

    expect(response.statusCode).toBe(409)
    expect(response.json().errors).toEqual([
      { path: 'body.slug', message: 'is already used by another business' },
    ])
    expect(await tenantRow(world.owner.tenantId)).toEqual(before)
    expect(await tenantRow(world.stranger.tenantId)).toMatchObject({ slug: theirs.slug })
  })

  it('accepts a time-zone alias (Europe/Kyiv) and any ISO 4217 currency', async () => {
    const response = await as(world.owner)('PUT', '/api/v1/business-configuration', {
      ...(await configurationOf(world.owner)),
      time_zone: 'Europe/Kyiv',
      currency: 'UAH',
      locale: 'uk-UA',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ time_zone: 'Europe/Kyiv', currency: 'UAH' })
  })

  it.each([
    [{ name: '' }, 'body.name'],
    [{ name: '   ' }, 'body.name'],
    [{ slug: 'Bad Slug' }, 'body.slug'],
    [{ slug: 'a' }, 'body.slug'],
    [{ time_zone: 'Moon/Base' }, 'body.time_zone'],
    [{ time_zone: '' }, 'body.time_zone'],
    [{ currency: 'usd' }, 'body.currency'],
    [{ currency: 'ABC' }, 'body.currency'],
    [{ locale: 'english' }, 'body.locale'],
    [{ locale: 'qq-ZZ' }, 'body.locale'],
    [{ email: 'not-mail' }, 'body.email'],
    // The old free-text logo address is gone: the logo is uploaded (Settings → Appearance).
    [{ logo_url: 'https://cdn.example/logo.png' }, 'body.logo_url'],
    [{ phone: 'x'.repeat(41) }, 'body.phone'],
    [{ address: undefined }, 'body.address'],
    [{ plan_id: 'pro' }, 'body.plan_id'],
  ])('refuses %j with 400 naming %s, and changes nothing', async (change, path) => {
    const before = await tenantRow(world.owner.tenantId)
    const response = await as(world.owner)('PUT', '/api/v1/business-configuration', {
      ...(await configurationOf(world.owner)),
      ...change,
    })
    expectFieldError(response, path)
    expect(await tenantRow(world.owner.tenantId)).toEqual(before)
  })

  it('refuses staff with 403 and changes nothing', async () => {
    const before = await tenantRow(world.owner.tenantId)
    const response = await as(world.staff)('PUT', '/api/v1/business-configuration', {
      ...(await configurationOf(world.owner)),
      name: 'Staff Takeover',
    })
    expect(response.statusCode).toBe(403)
    expect(await tenantRow(world.owner.tenantId)).toEqual(before)
  })

  it("changes only the caller's business", async () => {
    const before = await tenantRow(world.stranger.tenantId)
    await as(world.owner)('PUT', '/api/v1/business-configuration', {
      ...(await configurationOf(world.owner)),
      name: 'Only Mine',
    })
    expect(await tenantRow(world.stranger.tenantId)).toEqual(before)
  })
})
