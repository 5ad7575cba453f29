import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberships } from '../../server/db/schema.ts'
import type { Profile } from '../../server/services/profile-service.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import {
  type EmulatorUser,
  signUp,
  uniqueEmail,
  verifyEmail,
} from '../support/api/emulator-users.ts'
import { activityFor, call, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type TeamMember = components['schemas']['TeamMember']

let testApp: TestApp
let owner: EmulatorUser
let tenantId: string

beforeAll(async () => {
  testApp = await createTestApp()
  owner = await signUp({ displayName: 'Inviting Owner' })
  tenantId = (await call(testApp, owner, 'GET', '/api/v1/me/')).json<Profile>().tenant.id
})
afterAll(() => testApp?.close())

async function addTeamMember(body: object): Promise<TeamMember> {
  const response = await call(testApp, owner, 'POST', '/api/v1/team-members', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<TeamMember>()
}

async function teamMember(id: string): Promise<TeamMember> {
  return (await call(testApp, owner, 'GET', `/api/v1/team-members/${id}`)).json<TeamMember>()
}

async function membershipIn(uid: string) {
  const [row] = await testApp.database.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userUid, uid)))
  return row
}

describe('team-member invitations', () => {
  it('lets a user with the verified e-mail join as staff on their first call', async () => {
    const email = uniqueEmail('stylist')
    const invited = await addTeamMember({ name: 'Nora Stylist', email, permission: 'staff' })
    expect(invited.invitation).toBe('pending')

    const user = await verifyEmail(await signUp({ email, displayName: 'Nora S.' }))
    const me = await call(testApp, user, 'GET', '/api/v1/me/')

    expect(me.statusCode).toBe(200)
    expect(me.json<Profile>()).toMatchObject({
      permission: 'staff',
      tenant: { id: tenantId, name: "Inviting Owner's Business" },
      team_member_id: invited.id,
    })
    expect(await membershipIn(user.uid)).toMatchObject({ permission: 'staff' })
    expect((await teamMember(invited.id)).invitation).toBe('accepted')
    const [entry] = await activityFor(testApp, tenantId, invited.id)
    expect(entry).toMatchObject({
      entityType: 'team_member',
      action: 'updated',
      summary: 'Nora Stylist accepted the invitation and joined as staff',
      actorUid: user.uid,
      changes: [{ field: 'invitation', before: 'pending', after: 'accepted' }],
    })
  })

  it('gives the joined user exactly the access of their permission', async () => {
    const email = uniqueEmail('helper')
    const invited = await addTeamMember({ name: 'Hal Helper', email, permission: 'staff' })
    const user = await verifyEmail(await signUp({ email }))

    const ownProfile = await call(testApp, user, 'PATCH', `/api/v1/team-members/${invited.id}`, {
      bio: 'Happy to help.',
    })
    const addService = await call(testApp, user, 'POST', '/api/v1/services', {
      name: 'Unauthorised',
      duration_minutes: 30,
      price_minor: 0,
    })

    expect(ownProfile.statusCode).toBe(200)
    expectProblem(addService, 403)
  })

  it('joins an admin as admin, matching the e-mail in any letter case', async () => {
    const email = uniqueEmail('manager')
    const invited = await addTeamMember({
      name: 'Max Manager',
      email: email.toUpperCase(),
      permission: 'admin',
    })

    const user = await verifyEmail(await signUp({ email }))
    const me = (await call(testApp, user, 'GET', '/api/v1/me/')).json<Profile>()

    expect(me).toMatchObject({ permission: 'admin', tenant: { id: tenantId } })
    expect((await teamMember(invited.id)).invitation).toBe('accepted')
  })

  it('does not let an unverified e-mail join: that user gets a business of their own', async () => {
    const email = uniqueEmail('claimant')
    const invited = await addTeamMember({ name: 'Real Person', email, permission: 'admin' })

    const impostor = await signUp({ email })
    const me = (await call(testApp, impostor, 'GET', '/api/v1/me/')).json<Profile>()

    expect(me.tenant.id).not.toBe(tenantId)
    expect(me.permission).toBe('owner')
    expect(await membershipIn(impostor.uid)).toBeUndefined()
    expect((await teamMember(invited.id)).invitation).toBe('pending')
    const listed = await call(testApp, impostor, 'GET', '/api/v1/team-members')
    expect(listed.json<{ items: TeamMember[] }>().items.map((member) => member.id)).not.toContain(
      invited.id,
    )
  })

  it('does not let a verified user with another e-mail join', async () => {
    const invited = await addTeamMember({
      name: 'Expected Guest',
      email: uniqueEmail('guest'),
      permission: 'staff',
    })

    const stranger = await verifyEmail(await signUp())
    const me = (await call(testApp, stranger, 'GET', '/api/v1/me/')).json<Profile>()

    expect(me.tenant.id).not.toBe(tenantId)
    expect((await teamMember(invited.id)).invitation).toBe('pending')
  })

  it('shows no invitation for a team member without an e-mail', async () => {
    const walkIn = await addTeamMember({ name: 'No Login' })

    expect(walkIn.invitation).toBe('none')
  })
})
