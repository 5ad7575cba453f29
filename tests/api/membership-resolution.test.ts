import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { activityLog, memberships, teamMembers, tenants, users } from '../../server/db/schema.ts'
import type { Identity } from '../../server/domain/identity.ts'
import { createMembershipService } from '../../server/services/membership-service.ts'
import { createTestDatabase } from '../support/api/test-database.ts'

/**
 * Every authenticated call resolves its member. A returning user whose token says nothing new
 * is answered by a read alone; these tests pin down that each thing that does need writing
 * still gets written.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>
let members: ReturnType<typeof createMembershipService>

beforeAll(async () => {
  database = await createTestDatabase()
  members = createMembershipService(database)
})
afterAll(() => database?.close())

function identityOf(overrides: Partial<Identity> = {}): Identity {
  const uid = `user-${randomUUID()}`
  return {
    uid,
    email: `${uid}@example.com`,
    emailVerified: true,
    name: 'Robin Returning',
    authTime: 1_700_000_000,
    ...overrides,
  }
}

async function userRow(uid: string) {
  const [row] = await database.db.select().from(users).where(eq(users.uid, uid))
  if (!row) throw new Error(`no user ${uid}`)
  return row
}

async function setLastSeen(uid: string, secondsAgo: number) {
  await database.db
    .update(users)
    .set({ lastSeenAt: sql`now() - make_interval(secs => ${secondsAgo})` })
    .where(eq(users.uid, uid))
}

async function signInsOf(uid: string) {
  return database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.actorUid, uid), eq(activityLog.action, 'signed_in')))
}

describe('resolving the member of a call', () => {
  it('answers a returning user with the same member and writes nothing', async () => {
    const identity = identityOf()
    const first = await members.resolve(identity)
    await setLastSeen(identity.uid, 30)
    const before = await userRow(identity.uid)

    const again = await members.resolve(identity)

    expect(again).toEqual(first)
    expect(again.permission).toBe('owner')
    expect(again.teamMemberId).toMatch(/^[0-9a-f-]{36}$/)
    expect((await userRow(identity.uid)).lastSeenAt).toEqual(before.lastSeenAt)
  })

  it('refreshes last_seen_at once it is more than a minute old', async () => {
    const identity = identityOf()
    await members.resolve(identity)
    await setLastSeen(identity.uid, 120)
    const before = await userRow(identity.uid)

    await members.resolve(identity)

    expect((await userRow(identity.uid)).lastSeenAt.getTime()).toBeGreaterThan(
      before.lastSeenAt.getTime(),
    )
  })

  it('records a new sign-in when the token is from a later sign-in', async () => {
    const identity = identityOf()
    await members.resolve(identity)
    expect(await signInsOf(identity.uid)).toHaveLength(1)

    await members.resolve({ ...identity, authTime: (identity.authTime ?? 0) + 60 })

    expect(await signInsOf(identity.uid)).toHaveLength(2)
  })

  it('takes a changed display name or e-mail from the token', async () => {
    const identity = identityOf()
    await members.resolve(identity)

    const renamed = await members.resolve({ ...identity, name: 'Robin Renamed' })
    expect(renamed.actor.name).toBe('Robin Renamed')
    const moved = await members.resolve({
      ...identity,
      name: 'Robin Renamed',
      email: 'robin.new@example.com',
    })
    expect(moved.actor.email).toBe('robin.new@example.com')
    expect(await userRow(identity.uid)).toMatchObject({
      displayName: 'Robin Renamed',
      email: 'robin.new@example.com',
    })
  })

  it('accepts an invitation that arrived after the user was last seen', async () => {
    const identity = identityOf()
    await members.resolve(identity)
    const [otherBusiness] = await database.db
      .insert(tenants)
      .values({ name: 'Other Place', slug: `other-${randomUUID().slice(0, 8)}`, timeZone: 'UTC' })
      .returning()
    if (!otherBusiness) throw new Error('no tenant')
    await database.db.insert(teamMembers).values({
      tenantId: otherBusiness.id,
      name: 'Robin Invited',
      email: identity.email,
      permission: 'admin',
      slug: 'robin-invited',
      timeZone: 'UTC',
    })

    await members.resolve(identity)

    const [membership] = await database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.tenantId, otherBusiness.id), eq(memberships.userUid, identity.uid)))
    expect(membership?.permission).toBe('admin')
  })
})
