import { afterAll, beforeAll, expect } from 'vitest'
import type { Profile } from '../../../server/services/profile-service.ts'
import { type EmulatorUser, signUp } from './emulator-users.ts'
import { call, createBusiness, type Method } from './team-business.ts'
import { createTestApp, type TestApp } from './test-app.ts'

export interface BusinessUser extends EmulatorUser {
  tenantId: string
  permission: Profile['permission']
}

/** GET /api/v1/me/ as the user: their first call creates their business. */
export async function profileOf(testApp: TestApp, user: EmulatorUser): Promise<Profile> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/v1/me/',
    headers: { authorization: `Bearer ${user.idToken}` },
  })
  expect(response.statusCode).toBe(200)
  return response.json<Profile>()
}

/** A new user who owns a new business. */
export async function newOwner(
  testApp: TestApp,
  displayName = 'Olive Owner',
): Promise<BusinessUser> {
  const user = await signUp({ displayName })
  const profile = await profileOf(testApp, user)
  return { ...user, tenantId: profile.tenant.id, permission: profile.permission }
}

/**
 * A business with a user in each role, built the way people do it (see `createBusiness`:
 * the owner invites an admin and a staff member by e-mail, who then sign in verified).
 */
export async function businessWithRoles(
  testApp: TestApp,
  label: string,
): Promise<{ owner: BusinessUser; admin: BusinessUser; staff: BusinessUser }> {
  const business = await createBusiness(testApp, label)
  const as = (user: EmulatorUser, permission: BusinessUser['permission']) => ({
    ...user,
    tenantId: business.tenantId,
    permission,
  })
  return {
    owner: as(business.owner, 'owner'),
    admin: as(business.admin, 'admin'),
    staff: as(business.staff, 'staff'),
  }
}

/** `call` bound to one user, for tests that act as several. */
export function callAs(testApp: TestApp, user: EmulatorUser) {
  return (method: Method, url: string, payload?: unknown) =>
    call(testApp, user, method, url, payload as object | undefined)
}

/** What a test file about one business's roles works with; see `setUpBusinessWithRoles`. */
export interface RolesWorld {
  testApp: TestApp
  owner: BusinessUser
  admin: BusinessUser
  staff: BusinessUser
  /** The owner of another business, whose records must stay out of reach. */
  stranger: BusinessUser
  /** Calls the API as `user`. */
  as(user: BusinessUser): ReturnType<typeof callAs>
}

/**
 * Registers a test file's set-up and tear-down: a fresh app, a business called `label` with a
 * user in each role, and the owner of another business called `strangerName`. The fields are
 * filled in `beforeAll`, so read them inside tests and hooks, never at the top level.
 */
export function setUpBusinessWithRoles(label: string, strangerName: string): RolesWorld {
  const world = { as: (user: BusinessUser) => callAs(world.testApp, user) } as RolesWorld
  beforeAll(async () => {
    world.testApp = await createTestApp()
    Object.assign(world, await businessWithRoles(world.testApp, label))
    world.stranger = await newOwner(world.testApp, strangerName)
  }, 120_000)
  afterAll(() => world.testApp?.close())
  return world
}
