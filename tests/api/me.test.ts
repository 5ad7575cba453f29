import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberships, teamMembers, tenants, users } from '../../server/db/schema.ts'
import type { Profile } from '../../server/services/profile-service.ts'
import { signUp, uniqueEmail } from '../support/api/emulator-users.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})
afterAll(() => testApp?.close())

function getMe(idToken: string) {
  return testApp.app.inject({
    method: 'GET',
    url: '/api/v1/me/',
    headers: { authorization: `Bearer ${idToken}` },
  })
}

async function tenantsOwnedBy(uid: string) {
  return testApp.database.db
    .select({ tenantId: memberships.tenantId, permission: memberships.permission })
    .from(memberships)
    .where(eq(memberships.userUid, uid))
}

describe('GET /api/v1/me/', () => {
  it("creates the new user's business on the first call and returns the profile", async () => {
    const user = await signUp({ displayName: 'Dana Smith' })

    const response = await getMe(user.idToken)

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const profile = response.json<Profile>()
    expect(profile).toMatchObject({
      user: { uid: user.uid, email: user.email, display_name: 'Dana Smith' },
      // A new business starts on the 14-day Pro trial, without a card.
      subscription: {
        plan_id: 'pro',
        plan_name: 'Pro',
        status: 'trialing',
        current_period_end: null,
        cancel_at_period_end: false,
      },
      permission: 'owner',
      tenant: { name: "Dana Smith's Business", slug: 'dana-smiths-business', time_zone: 'UTC' },
      domain: null,
      currency: 'USD',
      default_calendar: 'week',
    })
    expect(profile.tenant.id).toMatch(/^[0-9a-f-]{36}$/)
    const trialDays =
      (Date.parse(profile.subscription.trial_ends_at ?? '') - Date.now()) / 86_400_000
    expect(trialDays).toBeGreaterThan(13.99)
    expect(trialDays).toBeLessThanOrEqual(14)
    expect(profile.team_member_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await tenantsOwnedBy(user.uid)).toEqual([
      { tenantId: profile.tenant.id, permission: 'owner' },
    ])
  })

  it('never makes the e-mail or its local part a public name or address', async () => {
    const email = uniqueEmail('river.song')
    const user = await signUp({ email })

    const profile = (await getMe(user.idToken)).json<Profile>()

    const localPart = email.split('@')[0] ?? ''
    expect(profile.tenant.name).toBe('My Business')
    expect(profile.tenant.slug).toMatch(/^my-business(-|$)/)
    expect(profile.user.display_name).toBeNull()
    const [own] = await testApp.database.db
      .select({ name: teamMembers.name, slug: teamMembers.slug })
      .from(teamMembers)
      .where(eq(teamMembers.id, profile.team_member_id ?? ''))
    expect(own).toEqual({ name: 'Owner', slug: 'owner' })
    const shown = JSON.stringify([profile.tenant, own]).toLowerCase()
    expect(shown).not.toContain('river')
    expect(shown).not.toContain(localPart.toLowerCase())
  })

  it("names the owner's team member and its address after the name typed", async () => {
    const user = await signUp({ displayName: 'Zoë Ærø' })
    const profile = (await getMe(user.idToken)).json<Profile>()
    const [own] = await testApp.database.db
      .select({ name: teamMembers.name, slug: teamMembers.slug })
      .from(teamMembers)
      .where(eq(teamMembers.id, profile.team_member_id ?? ''))
    expect(own?.name).toBe('Zoë Ærø')
    expect(own?.slug).toMatch(/^zoe-/)
    expect(own?.slug).not.toContain(user.email.split('@')[0] ?? '')
  })

  it('returns the same business on later calls, and records the visit', async () => {
    const user = await signUp()
    const first = (await getMe(user.idToken)).json<Profile>()
    const [before] = await testApp.database.db.select().from(users).where(eq(users.uid, user.uid))

    const second = await getMe(user.idToken)

    expect(second.statusCode).toBe(200)
    expect(second.json<Profile>().tenant).toEqual(first.tenant)
    expect(await tenantsOwnedBy(user.uid)).toHaveLength(1)
    const [after] = await testApp.database.db.select().from(users).where(eq(users.uid, user.uid))
    expect(after?.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before?.lastSeenAt.getTime() ?? 0)
  })

  it('gives two users two separate businesses, even with the same name', async () => {
    const alice = await signUp({ displayName: 'Alex Kim' })
    const bob = await signUp({ displayName: 'Alex Kim' })

    const aliceProfile = (await getMe(alice.idToken)).json<Profile>()
    const bobProfile = (await getMe(bob.idToken)).json<Profile>()

    expect(aliceProfile.tenant.id).not.toBe(bobProfile.tenant.id)
    expect(aliceProfile.tenant.slug).not.toBe(bobProfile.tenant.slug)
    expect(bobProfile.tenant.name).toBe("Alex Kim's Business")
    expect(bobProfile.user.uid).toBe(bob.uid)
  })

  it('creates exactly one business when a new user makes five calls at once', async () => {
    const user = await signUp({ displayName: 'Quinn Parallel' })

    const responses = await Promise.all(Array.from({ length: 5 }, () => getMe(user.idToken)))

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200])
    const tenantIds = new Set(responses.map((response) => response.json<Profile>().tenant.id))
    expect(tenantIds.size).toBe(1)
    expect(await tenantsOwnedBy(user.uid)).toHaveLength(1)
    const named = await testApp.database.db
      .select()
      .from(tenants)
      .where(eq(tenants.name, "Quinn Parallel's Business"))
    expect(named).toHaveLength(1)
  })

  it('creates exactly one business when first calls start in the same tick', async () => {
    // Requests through inject reach the handler one after another on PGlite, so the HTTP test
    // above only races for real on PostgreSQL. Started in one tick, these calls interleave
    // their queries and would each create a business if the work were not one transaction.
    const profiles = testApp.app.parts.profiles
    const identity = {
      uid: 'same-tick-racer',
      email: null,
      emailVerified: false,
      name: 'Racer',
      authTime: null,
    }

    await Promise.all(Array.from({ length: 5 }, () => profiles.getOrCreateProfile(identity)))

    expect(await tenantsOwnedBy(identity.uid)).toHaveLength(1)
  })

  it('answers without the trailing slash too', async () => {
    const user = await signUp()

    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${user.idToken}` },
    })

    expect(response.statusCode).toBe(200)
    expect(response.json<Profile>().user.uid).toBe(user.uid)
  })
})
