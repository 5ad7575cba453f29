import { randomUUID } from 'node:crypto'
import { and, count, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import {
  activityLog,
  appointments,
  customers,
  memberships,
  services,
} from '../../server/db/schema.ts'
import type { Profile } from '../../server/services/profile-service.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { unbufferedRow } from '../support/api/appointment-rows.ts'
import {
  changeEmail,
  type EmulatorUser,
  signUp,
  uniqueEmail,
  verifyEmail,
} from '../support/api/emulator-users.ts'
import {
  type LiveClient,
  openAuthenticatedClient,
  openLiveClient,
} from '../support/api/live-client.ts'
import { callAs } from '../support/api/team-access.ts'
import {
  activityFor,
  type Business,
  call,
  createBusiness,
  expectProblem,
  invite,
} from '../support/api/team-business.ts'
import {
  createTestApp,
  PROJECT_ID,
  type TestApp,
  testClientConfig,
} from '../support/api/test-app.ts'

type TeamMember = components['schemas']['TeamMember']
type CustomerPage = components['schemas']['CustomerPage']

const DAY = 86_400_000

let testApp: TestApp
let liveUrl: string
let other: Business
const openClients: LiveClient[] = []

async function listenOn(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no TCP address')
  return `ws://127.0.0.1:${address.port}/api/v1/live`
}

async function liveClient(idToken: string, url = liveUrl): Promise<LiveClient> {
  const opened = await openAuthenticatedClient(url, idToken)
  openClients.push(opened)
  return opened
}

beforeAll(async () => {
  testApp = await createTestApp()
  liveUrl = await listenOn(testApp.app)
  other = await createBusiness(testApp, 'Rival')
})

afterAll(async () => {
  await Promise.all(openClients.map((opened) => opened.close()))
  await testApp?.close()
})

const accessPath = (teamMemberId: string) => `/api/v1/team-members/${teamMemberId}/access`

function removeAccess(as: EmulatorUser, teamMemberId: string) {
  return call(testApp, as, 'DELETE', accessPath(teamMemberId))
}

function restoreAccess(as: EmulatorUser, teamMemberId: string) {
  return call(testApp, as, 'PUT', accessPath(teamMemberId))
}

async function teamMember(business: Business, id: string): Promise<TeamMember> {
  const response = await call(testApp, business.owner, 'GET', `/api/v1/team-members/${id}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<TeamMember>()
}

async function membershipsOf(uid: string) {
  return testApp.database.db.select().from(memberships).where(eq(memberships.userUid, uid))
}

/** A customer, and a finished appointment of `teamMemberId` with them: history that stays. */
async function pastAppointment(business: Business, teamMemberId: string) {
  const [service] = await testApp.database.db
    .insert(services)
    .values({
      tenantId: business.tenantId,
      name: 'Colour',
      durationMinutes: 60,
      priceMinor: 6000,
      currency: 'USD',
    })
    .returning()
  const [customer] = await testApp.database.db
    .insert(customers)
    .values({ tenantId: business.tenantId, name: 'Dana Regular', email: uniqueEmail('dana') })
    .returning()
  if (!service || !customer) throw new Error('fixtures missing')
  const startsAt = new Date(Date.now() - 30 * DAY)
  const [appointment] = await testApp.database.db
    .insert(appointments)
    .values(
      unbufferedRow({
        tenantId: business.tenantId,
        serviceId: service.id,
        teamMemberId,
        customerId: customer.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        status: 'completed',
        priceMinor: 6000,
        currency: 'USD',
        source: 'staff',
      }),
    )
    .returning()
  if (!appointment) throw new Error('appointment missing')
  return appointment
}

/** Everything the reported leaver did: read the customers, export them, read the profile. */
async function leaverCalls(user: EmulatorUser) {
  const as = callAs(testApp, user)
  return {
    list: await as('GET', '/api/v1/customers'),
    csv: await as('GET', '/api/v1/customers/export'),
    me: await as('GET', '/api/v1/me/'),
  }
}

describe('removing access (offboarding)', () => {
  it('stops the reported leaver: not bookable, demoted and kept in the history, their next calls are refused', async () => {
    const harbor = await createBusiness(testApp, 'Harbor')
    const leaver = harbor.admin
    const history = await pastAppointment(harbor, harbor.adminMemberId)
    const socket = await liveClient(leaver.idToken)
    const colleague = await liveClient(harbor.staff.idToken)
    const owner = callAs(testApp, harbor.owner)

    // What the business tried: deleting is refused (history), the rest leaves access in place.
    expectProblem(await owner('DELETE', `/api/v1/team-members/${harbor.adminMemberId}`), 409)
    const demoted = await owner('PATCH', `/api/v1/team-members/${harbor.adminMemberId}`, {
      bookable: false,
      permission: 'staff',
    })
    expect(demoted.statusCode, demoted.body).toBe(200)
    await expect(socket.next()).resolves.toMatchObject({ type: 'profile.updated' })
    const before = await leaverCalls(leaver)
    expect(before.list.statusCode).toBe(200)
    expect(before.list.json<CustomerPage>().items.map((item) => item.name)).toContain(
      'Dana Regular',
    )
    expect(before.csv.statusCode).toBe(200)
    expect(before.csv.body).toContain('Dana Regular')
    expect(before.me.json<Profile>()).toMatchObject({ tenant: { id: harbor.tenantId } })

    const removed = await owner('DELETE', accessPath(harbor.adminMemberId))

    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json<TeamMember>()).toMatchObject({
      id: harbor.adminMemberId,
      name: 'Harbor Admin',
      bookable: false,
      invitation: 'accepted',
      access: { status: 'removed' },
    })
    // The very next call, with the same (cached, still valid) token, is refused.
    const after = await leaverCalls(leaver)
    for (const response of [after.list, after.csv, after.me]) {
      const problem = expectProblem(response, 403)
      expect(problem.type).toBe('/problems/access-removed')
      expect(problem.detail).toMatch(
        /^Your access to Harbor Owner's Business was removed on \d{4}-\d\d-\d\d\. Ask an owner or admin there to restore it\.$/,
      )
    }
    // No empty business was made for them: their one membership is the revoked one.
    const theirs = await membershipsOf(leaver.uid)
    expect(theirs).toHaveLength(1)
    expect(theirs[0]).toMatchObject({ tenantId: harbor.tenantId })
    expect(theirs[0]?.revokedAt).toBeInstanceOf(Date)
    // Their open live socket was told and closed at once; a colleague's stays open.
    expect(await socket.next()).toMatchObject({ type: 'error', status: 403 })
    expect((await socket.closed).code).toBe(4403)
    // The colleague hears of the demotion and of the removal, and stays connected.
    await expect(colleague.next()).resolves.toMatchObject({ type: 'profile.updated' })
    await expect(colleague.next()).resolves.toMatchObject({ type: 'profile.updated' })
    expect(colleague.socket.readyState).toBe(colleague.socket.OPEN)
    // A new socket is refused as well.
    const retry = await openLiveClient(liveUrl)
    openClients.push(retry)
    retry.send({ type: 'auth', token: leaver.idToken })
    expect(await retry.next()).toMatchObject({ type: 'error', status: 403 })
    expect((await retry.closed).code).toBe(4403)
    // The history keeps their name.
    const appointment = await owner('GET', `/api/v1/appointments/${history.id}`)
    expect(appointment.statusCode, appointment.body).toBe(200)
    expect(appointment.json()).toMatchObject({ team_member_name: 'Harbor Admin' })
  })

  it('closes the removed person’s sockets on another API process too', async () => {
    const harbor = await createBusiness(testApp, 'Pier')
    const second = await buildApp({
      database: testApp.database,
      auth: { projectId: PROJECT_ID, emulator: true },
      corsOrigins: [],
      clientConfig: testClientConfig(),
      logger: false,
    })
    try {
      const elsewhere = await liveClient(harbor.staff.idToken, await listenOn(second))

      const removed = await removeAccess(harbor.owner, harbor.staffMemberId)

      expect(removed.statusCode, removed.body).toBe(200)
      expect(await elsewhere.next()).toMatchObject({ type: 'error', status: 403 })
      expect((await elsewhere.closed).code).toBe(4403)
    } finally {
      await second.close()
    }
  })

  it('ends the access of the account behind an e-mail that is changed', async () => {
    const harbor = await createBusiness(testApp, 'Quay')
    const socket = await liveClient(harbor.staff.idToken)
    const newEmail = uniqueEmail('successor')

    const changed = await call(
      testApp,
      harbor.owner,
      'PATCH',
      `/api/v1/team-members/${harbor.staffMemberId}`,
      { email: newEmail },
    )

    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json<TeamMember>()).toMatchObject({
      email: newEmail,
      invitation: 'pending',
      access: { status: 'invited' },
    })
    expectProblem(await call(testApp, harbor.staff, 'GET', '/api/v1/customers'), 403)
    expect((await socket.closed).code).toBe(4403)
    // Written in the same transaction as the change's own entry ("Changed the e-mail of …").
    const entries = await activityFor(testApp, harbor.tenantId, harbor.staffMemberId)
    const entry = entries.find((candidate) => candidate.changes[0]?.field === 'access')
    expect(entry).toMatchObject({
      actorUid: harbor.owner.uid,
      summary: `Quay Staff's e-mail changed to ${newEmail}: the account of ${harbor.staff.email} lost access; ${newEmail} is invited`,
      changes: [{ field: 'access', before: 'active', after: 'invited' }],
    })
    // Whoever verifies the new address takes the record over.
    const successor = await verifyEmail(await signUp({ email: newEmail }))
    const me = (await call(testApp, successor, 'GET', '/api/v1/me/')).json<Profile>()
    expect(me).toMatchObject({
      tenant: { id: harbor.tenantId },
      team_member_id: harbor.staffMemberId,
    })
  })

  it('keeps access when the new e-mail is the one the same account now signs in with', async () => {
    const harbor = await createBusiness(testApp, 'Wharf')
    const renamed = await changeEmail(harbor.staff, uniqueEmail('renamed'))
    expect((await call(testApp, renamed, 'GET', '/api/v1/me/')).statusCode).toBe(200)

    const changed = await call(
      testApp,
      harbor.owner,
      'PATCH',
      `/api/v1/team-members/${harbor.staffMemberId}`,
      { email: renamed.email.toUpperCase() },
    )

    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json<TeamMember>().access.status).toBe('active')
    expect((await call(testApp, renamed, 'GET', '/api/v1/customers')).statusCode).toBe(200)
  })

  it('refuses changing your own e-mail away from the account you sign in with', async () => {
    const harbor = await createBusiness(testApp, 'Dock')

    const own = expectProblem(
      await call(testApp, harbor.admin, 'PATCH', `/api/v1/team-members/${harbor.adminMemberId}`, {
        email: uniqueEmail('elsewhere'),
      }),
      409,
    )

    expect(own.errors).toEqual([{ path: 'body.email', message: 'would end your own access' }])
    expect((await teamMember(harbor, harbor.adminMemberId)).access.status).toBe('active')
  })

  it('restores removed access to the same account, with the permission the record has now', async () => {
    const harbor = await createBusiness(testApp, 'Marina')
    expect((await removeAccess(harbor.owner, harbor.staffMemberId)).statusCode).toBe(200)
    const promoted = await call(
      testApp,
      harbor.owner,
      'PATCH',
      `/api/v1/team-members/${harbor.staffMemberId}`,
      { permission: 'admin' },
    )
    expect(promoted.json<TeamMember>().access.status).toBe('removed')
    expectProblem(await call(testApp, harbor.staff, 'GET', '/api/v1/me/'), 403)

    const restored = await restoreAccess(harbor.admin, harbor.staffMemberId)

    expect(restored.statusCode, restored.body).toBe(200)
    const view = restored.json<TeamMember>()
    expect(view.access.status).toBe('active')
    expect(Date.now() - Date.parse(view.access.since ?? '')).toBeLessThan(60_000)
    const me = await call(testApp, harbor.staff, 'GET', '/api/v1/me/')
    expect(me.statusCode, me.body).toBe(200)
    expect(me.json<Profile>()).toMatchObject({
      tenant: { id: harbor.tenantId },
      permission: 'admin',
    })
    const [entry, removal] = await activityFor(testApp, harbor.tenantId, harbor.staffMemberId)
    expect(entry).toMatchObject({
      actorUid: harbor.admin.uid,
      action: 'updated',
      summary: "Restored Marina Staff's access as admin",
      changes: [{ field: 'access', before: 'removed', after: 'active' }],
    })
    expect(removal).toMatchObject({ summary: 'Made Marina Staff an admin' })
  })

  it('writes who removed whose access to the activity log, once', async () => {
    const harbor = await createBusiness(testApp, 'Jetty')

    const first = await removeAccess(harbor.admin, harbor.staffMemberId)
    const again = await removeAccess(harbor.admin, harbor.staffMemberId)

    expect(first.statusCode).toBe(200)
    expect(again.statusCode).toBe(200)
    expect(again.json<TeamMember>().access).toEqual(first.json<TeamMember>().access)
    const entries = await testApp.database.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.tenantId, harbor.tenantId),
          eq(activityLog.entityId, harbor.staffMemberId),
        ),
      )
    const removals = entries.filter((entry) => entry.summary.includes('access'))
    expect(removals).toEqual([
      expect.objectContaining({
        actorUid: harbor.admin.uid,
        actorName: 'Jetty Admin',
        entityType: 'team_member',
        action: 'updated',
        summary: "Removed Jetty Staff's access to the business",
        changes: [{ field: 'access', before: 'active', after: 'removed' }],
      }),
    ])
  })

  it('ends the old calendar feed address of the person removed', async () => {
    const harbor = await createBusiness(testApp, 'Mole')
    const feed = await call(
      testApp,
      harbor.staff,
      'GET',
      `/api/v1/team-members/${harbor.staffMemberId}/calendar-feed`,
    )
    const address = new URL(feed.json<{ url: string }>().url)
    const subscribed = () =>
      testApp.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` })
    expect((await subscribed()).statusCode).toBe(200)

    await removeAccess(harbor.owner, harbor.staffMemberId)

    expect((await subscribed()).statusCode).toBe(404)
  })

  it('lets a user of two businesses keep the other one', async () => {
    const harbor = await createBusiness(testApp, 'Bay')
    const { user, memberId } = await invite(testApp, other.owner, 'Two Jobs', 'staff')
    const joined = await call(testApp, harbor.owner, 'POST', '/api/v1/team-members', {
      name: 'Two Jobs',
      email: user.email,
    })
    expect(joined.statusCode).toBe(201)
    // The business they joined first stays their current one.
    expect((await call(testApp, user, 'GET', '/api/v1/me/')).json<Profile>().tenant.id).toBe(
      other.tenantId,
    )

    await removeAccess(other.owner, memberId)

    const me = await call(testApp, user, 'GET', '/api/v1/me/')
    expect(me.statusCode, me.body).toBe(200)
    expect(me.json<Profile>().tenant.id).toBe(harbor.tenantId)
  })
})

describe('who may remove or restore access', () => {
  let harbor: Business
  beforeAll(async () => {
    harbor = await createBusiness(testApp, 'Cove')
  })

  it('refuses staff, for anyone', async () => {
    for (const id of [harbor.ownerMemberId, harbor.adminMemberId, harbor.staffMemberId]) {
      expectProblem(await removeAccess(harbor.staff, id), 403)
      expectProblem(await restoreAccess(harbor.staff, id), 403)
    }
    expect((await teamMember(harbor, harbor.adminMemberId)).access.status).toBe('active')
  })

  it('refuses an admin removing or restoring an owner', async () => {
    const problem = expectProblem(await removeAccess(harbor.admin, harbor.ownerMemberId), 403)

    expect(problem.detail).toBe("Only an owner can change an owner's access.")
    expectProblem(await restoreAccess(harbor.admin, harbor.ownerMemberId), 403)
    expect((await call(testApp, harbor.owner, 'GET', '/api/v1/me/')).statusCode).toBe(200)
  })

  it('refuses removing your own access', async () => {
    for (const [user, id] of [
      [harbor.owner, harbor.ownerMemberId],
      [harbor.admin, harbor.adminMemberId],
    ] as const) {
      const problem = expectProblem(await removeAccess(user, id), 409)
      expect(problem.detail).toBe(
        'You cannot remove your own access; ask another owner or admin to do it.',
      )
    }
    expect((await call(testApp, harbor.admin, 'GET', '/api/v1/me/')).statusCode).toBe(200)
  })

  it('keeps the last owner: two owners removing each other at once leave one', async () => {
    const pair = await createBusiness(testApp, 'Twin')
    const second = await invite(testApp, pair.owner, 'Second Twin Owner', 'owner')

    const results = await Promise.all([
      removeAccess(pair.owner, second.memberId),
      removeAccess(second.user, pair.ownerMemberId),
    ])

    // The second is refused: 409 (last owner) if it was resolved before the first landed, 403
    // (its own access already removed) if after.
    const [accepted, refused] = results.map((response) => response.statusCode).sort()
    expect(accepted).toBe(200)
    expect([403, 409]).toContain(refused)
    const [owners] = await testApp.database.db
      .select({ n: count() })
      .from(memberships)
      .where(
        and(
          eq(memberships.tenantId, pair.tenantId),
          eq(memberships.permission, 'owner'),
          isNull(memberships.revokedAt),
        ),
      )
    expect(owners?.n).toBe(1)
  })

  it('answers 404 for another business’s team member and an unknown id, changing nothing', async () => {
    for (const id of [other.staffMemberId, randomUUID()]) {
      expectProblem(await removeAccess(harbor.owner, id), 404)
      expectProblem(await restoreAccess(harbor.owner, id), 404)
    }
    expect((await call(testApp, other.staff, 'GET', '/api/v1/customers')).statusCode).toBe(200)
  })

  it('refuses a team member without an e-mail: there is nothing to remove or restore', async () => {
    const walkIn = await call(testApp, harbor.owner, 'POST', '/api/v1/team-members', {
      name: 'No Login',
    })
    const id = walkIn.json<TeamMember>().id

    expect(walkIn.json<TeamMember>().access).toEqual({ status: 'none', since: null })
    expect(expectProblem(await removeAccess(harbor.owner, id), 409).detail).toBe(
      'No Login has no e-mail, so there is no access or invitation to change; add an e-mail to invite them.',
    )
    expectProblem(await restoreAccess(harbor.owner, id), 409)
  })
})

describe('withdrawing an invitation', () => {
  let harbor: Business
  beforeAll(async () => {
    harbor = await createBusiness(testApp, 'Lagoon')
  })

  it('joins nothing when someone signs in with the e-mail afterwards, until it is opened again', async () => {
    const email = uniqueEmail('candidate')
    const added = await call(testApp, harbor.owner, 'POST', '/api/v1/team-members', {
      name: 'Cand Idate',
      email,
      permission: 'admin',
    })
    const invitation = added.json<TeamMember>()
    expect(invitation.access.status).toBe('invited')
    expect(Date.now() - Date.parse(invitation.access.since ?? '')).toBeLessThan(60_000)

    const withdrawn = await removeAccess(harbor.admin, invitation.id)

    expect(withdrawn.statusCode, withdrawn.body).toBe(200)
    expect(withdrawn.json<TeamMember>()).toMatchObject({
      invitation: 'withdrawn',
      access: { status: 'invitation_withdrawn' },
    })
    const candidate = await verifyEmail(await signUp({ email }))
    const me = (await call(testApp, candidate, 'GET', '/api/v1/me/')).json<Profile>()
    expect(me.tenant.id).not.toBe(harbor.tenantId)
    expect(await membershipsOf(candidate.uid)).toEqual([
      expect.objectContaining({ tenantId: me.tenant.id, permission: 'owner' }),
    ])
    expect((await teamMember(harbor, invitation.id)).access.status).toBe('invitation_withdrawn')
    const [entry] = await activityFor(testApp, harbor.tenantId, invitation.id)
    expect(entry).toMatchObject({
      actorUid: harbor.admin.uid,
      summary: `Withdrew the invitation of Cand Idate (${email})`,
      changes: [{ field: 'access', before: 'invited', after: 'invitation_withdrawn' }],
    })

    const reopened = await restoreAccess(harbor.owner, invitation.id)

    expect(reopened.json<TeamMember>()).toMatchObject({
      invitation: 'pending',
      access: { status: 'invited' },
    })
    expect((await activityFor(testApp, harbor.tenantId, invitation.id))[0]).toMatchObject({
      summary: `Invited Cand Idate again (${email})`,
      changes: [{ field: 'access', before: 'invitation_withdrawn', after: 'invited' }],
    })
    // Their next call takes the invitation up (their own business stays their current one).
    expect((await call(testApp, candidate, 'GET', '/api/v1/me/')).statusCode).toBe(200)
    expect((await teamMember(harbor, invitation.id)).access.status).toBe('active')
  })

  it('keeps a withdrawn invitation closed when its e-mail is changed', async () => {
    const added = await call(testApp, harbor.owner, 'POST', '/api/v1/team-members', {
      name: 'Typo Person',
      email: uniqueEmail('typo'),
    })
    const id = added.json<TeamMember>().id
    await removeAccess(harbor.owner, id)
    const corrected = uniqueEmail('corrected')

    const changed = await call(testApp, harbor.owner, 'PATCH', `/api/v1/team-members/${id}`, {
      email: corrected,
    })

    expect(changed.json<TeamMember>().access.status).toBe('invitation_withdrawn')
    const person = await verifyEmail(await signUp({ email: corrected }))
    const me = (await call(testApp, person, 'GET', '/api/v1/me/')).json<Profile>()
    expect(me.tenant.id).not.toBe(harbor.tenantId)
  })

  it('shows everyone’s access, and since when, in the team list', async () => {
    const list = await call(testApp, harbor.staff, 'GET', '/api/v1/team-members?limit=100')
    const byName = new Map(
      list.json<{ items: TeamMember[] }>().items.map((item) => [item.name, item.access]),
    )

    expect(byName.get('Lagoon Owner')?.status).toBe('active')
    expect(byName.get('Typo Person')?.status).toBe('invitation_withdrawn')
    for (const access of byName.values()) {
      if (access.status !== 'none') expect(Date.parse(access.since ?? '')).not.toBeNaN()
    }
  })
})
