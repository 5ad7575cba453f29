import { count, eq } from 'drizzle-orm'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_OWNER, ensureDemoOwner } from '../../server/auth/demo-owner.ts'
import {
  appointments,
  customers,
  notificationOutbox,
  services,
  teamMembers,
  tenants,
} from '../../server/db/schema.ts'
import { DEMO_TENANT_SLUG } from '../../server/db/seed.ts'
import { seedDemoBusiness } from '../../server/services/demo-seed.ts'
import type { Profile } from '../../server/services/profile-service.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { authEmulatorHost } from '../support/api/emulator-users.ts'
import { createTestApp, PROJECT_ID, type TestApp } from '../support/api/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})
afterAll(() => testApp?.close())

const owner = {
  ownerUid: DEMO_OWNER.uid,
  ownerEmail: DEMO_OWNER.email,
  ownerName: DEMO_OWNER.displayName,
}

async function countRows(
  table:
    | typeof services
    | typeof teamMembers
    | typeof customers
    | typeof appointments
    | typeof notificationOutbox,
) {
  const [row] = await testApp.database.db.select({ n: count() }).from(table)
  return row?.n
}

async function signInWithPassword(email: string, password: string) {
  const response = await fetch(
    `http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  )
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('demo business', () => {
  it('seeds Harbor Street Studio once, however often it runs', async () => {
    const first = await seedDemoBusiness(testApp.database, owner)
    const second = await seedDemoBusiness(testApp.database, owner)

    expect(first.created).toBe(true)
    expect(second).toEqual({ created: false, tenantId: first.tenantId })
    const [tenant] = await testApp.database.db
      .select()
      .from(tenants)
      .where(eq(tenants.slug, DEMO_TENANT_SLUG))
    expect(tenant).toMatchObject({
      name: 'Harbor Street Studio',
      timeZone: 'America/New_York',
      currency: 'USD',
    })
    expect(await countRows(services)).toBe(4)
    expect(await countRows(teamMembers)).toBe(3)
    expect(await countRows(customers)).toBe(8)
    // The demo's appointments are history and plans of made-up people: no e-mail about them.
    expect(await countRows(appointments)).toBeGreaterThan(0)
    expect(await countRows(notificationOutbox)).toBe(0)
  })

  it('lets the demo owner sign in to the emulator with the printed password, idempotently', async () => {
    const first = await ensureDemoOwner({ projectId: PROJECT_ID })
    const second = await ensureDemoOwner({ projectId: PROJECT_ID })

    expect(second).toEqual(first)
    expect(first).toMatchObject({ uid: 'demo-owner', email: 'owner@harbor-street.test' })
    const signIn = await signInWithPassword(first.email, first.password)
    expect(signIn.status).toBe(200)
    expect(signIn.body.localId).toBe('demo-owner')
  })

  it('gives the demo owner the seeded business as their profile, not a new one', async () => {
    await seedDemoBusiness(testApp.database, owner)
    await ensureDemoOwner({ projectId: PROJECT_ID })
    const { body } = await signInWithPassword(DEMO_OWNER.email, DEMO_OWNER.password)

    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/me/',
      headers: { authorization: `Bearer ${String(body.idToken)}` },
    })

    expect(response.statusCode).toBe(200)
    expect(response.json<Profile>()).toMatchObject({
      user: { uid: 'demo-owner', email: DEMO_OWNER.email, display_name: 'Morgan Lee' },
      permission: 'owner',
      tenant: {
        name: 'Harbor Street Studio',
        slug: 'harbor-street',
        time_zone: 'America/New_York',
      },
      currency: 'USD',
      subscription: { plan_id: 'pro', plan_name: 'Pro', status: 'trialing' },
    })
  })

  it('gives Insights weeks of history, so "Last week" shows every figure whatever the day', async () => {
    await seedDemoBusiness(testApp.database, owner)
    await ensureDemoOwner({ projectId: PROJECT_ID })
    const { body } = await signInWithPassword(DEMO_OWNER.email, DEMO_OWNER.password)
    const headers = { authorization: `Bearer ${String(body.idToken)}` }

    // The three whole weeks before this one, each with a week of history before it: "Last
    // week" on the first start and for two weeks after it.
    const today = Temporal.Now.plainDateISO('America/New_York')
    const thisMonday = today.subtract({ days: today.dayOfWeek - 1 })
    for (let weeksAgo = 1; weeksAgo <= 3; weeksAgo++) {
      const monday = thisMonday.subtract({ weeks: weeksAgo })
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/v1/insights?start_date=${monday}&end_date=${monday.add({ days: 6 })}`,
        headers,
      })
      expect(response.statusCode, response.body).toBe(200)
      const { period } = response.json<components['schemas']['Insights']>()
      const week = `${weeksAgo} weeks ago`
      expect(period.bookings, week).toBeGreaterThanOrEqual(10)
      expect(period.revenue.amount_minor, week).toBeGreaterThan(0)
      expect(period.attendance.cancellations, week).toBe(1)
      expect(period.clients.returning, week).toBeGreaterThan(0)
      expect(period.rebooking.visits, week).toBeGreaterThan(0)
      expect(
        period.utilisation.map((member) => member.booked_minutes > 0),
        week,
      ).toEqual([true, true, true])
      expect(period.top_services.length, week).toBeGreaterThanOrEqual(3)
      expect(period.busiest_hours.length, week).toBeGreaterThanOrEqual(5)
    }
  })
})
