import { and, desc, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, expect } from 'vitest'
import { activityLog } from '../../../server/db/schema.ts'
import type { Profile } from '../../../server/services/profile-service.ts'
import type { components } from '../../../shared/contract/schema.d.ts'
import { type EmulatorUser, signUp, verifyEmail } from './emulator-users.ts'
import { createTestApp, type TestApp } from './test-app.ts'

type TeamMember = components['schemas']['TeamMember']

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One authenticated API call through app.inject. */
export function call(
  testApp: TestApp,
  user: EmulatorUser,
  method: Method,
  url: string,
  body?: object,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${user.idToken}` },
    ...(body === undefined ? {} : { payload: body }),
  })
}

/** A business with a user in each role; each has a linked team-member record. */
export interface Business {
  tenantId: string
  owner: EmulatorUser
  admin: EmulatorUser
  staff: EmulatorUser
  ownerMemberId: string
  adminMemberId: string
  staffMemberId: string
}

/**
 * Builds a business the way people do: the owner signs up (their first call creates it), adds
 * an admin and a staff member by e-mail, and those two sign up, verify their e-mail and call
 * the API, which accepts the invitations.
 */
export async function createBusiness(testApp: TestApp, label: string): Promise<Business> {
  const owner = await signUp({ displayName: `${label} Owner` })
  const profile = (await call(testApp, owner, 'GET', '/api/v1/me/')).json<Profile>()
  const team = (await call(testApp, owner, 'GET', '/api/v1/team-members')).json<{
    items: TeamMember[]
  }>()
  const ownerMemberId = team.items[0]?.id
  if (!ownerMemberId) throw new Error('The new business has no owner team member.')
  const admin = await invite(testApp, owner, `${label} Admin`, 'admin')
  const staff = await invite(testApp, owner, `${label} Staff`, 'staff')
  return {
    tenantId: profile.tenant.id,
    owner,
    admin: admin.user,
    staff: staff.user,
    ownerMemberId,
    adminMemberId: admin.memberId,
    staffMemberId: staff.memberId,
  }
}

/** Adds a team member for a new user's e-mail and lets that user accept, verified. */
export async function invite(
  testApp: TestApp,
  inviter: EmulatorUser,
  name: string,
  permission: 'owner' | 'admin' | 'staff',
): Promise<{ user: EmulatorUser; memberId: string }> {
  const unverified = await signUp({ displayName: name })
  const created = await call(testApp, inviter, 'POST', '/api/v1/team-members', {
    name,
    email: unverified.email,
    permission,
  })
  if (created.statusCode !== 201) throw new Error(`Inviting ${name} failed: ${created.body}`)
  const user = await verifyEmail(unverified)
  const me = await call(testApp, user, 'GET', '/api/v1/me/')
  expect(me.json<Profile>().permission).toBe(permission)
  return { user, memberId: created.json<TeamMember>().id }
}

/** The newest activity-log entries of a business about one entity. */
export async function activityFor(testApp: TestApp, tenantId: string, entityId: string) {
  return testApp.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.tenantId, tenantId), eq(activityLog.entityId, entityId)))
    .orderBy(desc(activityLog.occurredAt), desc(activityLog.id))
}

/** Asserts a problem+json response with this status, and returns its document. */
export function expectProblem(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  return response.json<components['schemas']['Problem']>()
}

/** Asserts a 400 whose errors name exactly these paths. */
export function expectInvalid(response: LightMyRequestResponse, ...paths: string[]) {
  const problem = expectProblem(response, 400)
  expect(problem.errors?.map((error) => error.path).sort()).toEqual([...paths].sort())
  return problem
}

/** What a test file about one business's records works with; see `setUpTwoBusinesses`. */
export interface TwoBusinessesWorld {
  testApp: TestApp
  business: Business
  /** Another business, whose records and ids must stay out of reach. */
  other: Business
  /** `call` on this file's app. */
  call(
    user: EmulatorUser,
    method: Method,
    url: string,
    body?: object,
  ): Promise<LightMyRequestResponse>
}

/**
 * Registers a test file's set-up and tear-down: a fresh app with two businesses, `label` and
 * `otherLabel`, built side by side. Fields are filled in `beforeAll`, so read them inside tests
 * and hooks only.
 */
export function setUpTwoBusinesses(label: string, otherLabel: string): TwoBusinessesWorld {
  const world = {
    call: (user, method, url, body) => call(world.testApp, user, method, url, body),
  } as TwoBusinessesWorld
  beforeAll(async () => {
    world.testApp = await createTestApp()
    ;[world.business, world.other] = await Promise.all([
      createBusiness(world.testApp, label),
      createBusiness(world.testApp, otherLabel),
    ])
  })
  afterAll(() => world.testApp?.close())
  return world
}
