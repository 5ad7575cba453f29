import { randomBytes } from 'node:crypto'
import type { Database, Db } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import { createMembershipRepository } from '../db/repositories/membership-repository.ts'
import { createTeamMemberRepository } from '../db/repositories/team-member-repository.ts'
import { createTenantRepository } from '../db/repositories/tenant-repository.ts'
import { createUserRepository } from '../db/repositories/user-repository.ts'
import {
  firstBusinessName,
  ownerTeamMemberName,
  slugCandidates,
  slugify,
} from '../domain/business-name.ts'
import { dateAt } from '../domain/business-time.ts'
import type { Identity } from '../domain/identity.ts'
import type { Actor, Member } from '../domain/member.ts'
import { conflict, Refusal } from '../domain/refusal.ts'
import { teamMemberSlugBase } from '../domain/slug.ts'
import { defaultWorkingHours } from '../domain/working-hours.ts'

const MAX_SLUG_ATTEMPTS = 20

type Current = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createMembershipRepository>['findCurrentForUser']>>
>

/**
 * Turns a verified identity into a member of a business, on every authenticated call:
 * accepts pending invitations for their verified e-mail, creates a business (with them as
 * owner) on their very first call, and records a sign-in when the token is from a new one.
 * A user whose only access was removed is refused (403), never given a new business.
 */
export function createMembershipService(database: Database) {
  async function resolveIn(
    tx: Db,
    identity: Identity,
  ): Promise<{ member: Member; current: Current }> {
    const { user, actor } = await signIn(tx, identity)

    const membershipRepository = createMembershipRepository(tx)
    let current = await membershipRepository.findCurrentForUser(user.uid)
    if (!current) {
      const removal = await membershipRepository.findLatestRemovalForUser(user.uid)
      if (removal) throw accessRemoved(removal)
      await createFirstBusiness(tx, identity, actor)
      current = await membershipRepository.findCurrentForUser(user.uid)
      if (!current) throw new Error('The new membership was not found.')
    }
    await recordSignInIfNew(tx, identity, current.tenant.id, actor)

    const ownRecordId = await createTeamMemberRepository(tx).findIdOfUser(
      current.tenant.id,
      user.uid,
    )
    return {
      current,
      member: {
        tenantId: current.tenant.id,
        uid: user.uid,
        permission: current.permission,
        teamMemberId: ownRecordId ?? null,
        actor,
      },
    }
  }

  /**
   * The sign-up form's first call: the user's business made with what they confirmed. A user
   * who already belongs to a business (a retried call, an invitation accepted) gets 409.
   */
  async function registerIn(
    tx: Db,
    identity: Identity,
    setup: BusinessSetup,
  ): Promise<{ member: Member; current: Current }> {
    const { user, actor } = await signIn(tx, identity)
    const membershipRepository = createMembershipRepository(tx)
    const existing = await membershipRepository.findCurrentForUser(user.uid)
    if (existing) throw alreadyRegistered(existing.tenant.name)
    const removal = await membershipRepository.findLatestRemovalForUser(user.uid)
    if (removal) throw accessRemoved(removal)
    await createFirstBusiness(tx, identity, actor, setup)
    return resolveIn(tx, identity)
  }

  return {
    /** For handlers that already run in a transaction (the profile). */
    resolveIn,
    registerIn,
    /**
     * The member a request acts as. Most calls come from a known user whose token says nothing
     * new; they are answered by one read. Anything to write — a first call, a new sign-in, a
     * changed name or e-mail, a pending invitation, or last_seen_at older than a minute — takes
     * the short write transaction.
     */
    resolve: async (identity: Identity): Promise<Member> =>
      (await resolveKnownMember(database.db, identity)) ??
      database.transaction(async (tx) => (await resolveIn(tx, identity)).member),
  }
}

/** What a new owner confirms at sign-up; absent parts fall back to the defaults. */
export interface BusinessSetup {
  name?: string | undefined
  timeZone: string
  currency: string
}

const DEFAULT_SETUP: BusinessSetup = { timeZone: 'UTC', currency: 'USD' }

/** The user as the token names them now, and the invitations to their e-mail accepted. */
async function signIn(tx: Db, identity: Identity) {
  const user = await createUserRepository(tx).upsert({
    uid: identity.uid,
    email: identity.email,
    displayName: identity.name,
  })
  const actor: Actor = { uid: user.uid, name: user.displayName, email: user.email }
  await acceptInvitations(tx, identity, actor)
  return { user, actor }
}

function alreadyRegistered(businessName: string) {
  return conflict(`You already belong to ${businessName}.`, {
    type: '/problems/already-registered',
  })
}

/** The refusal a user gets on every call once their only access was removed. */
function accessRemoved(removal: { businessName: string; timeZone: string; revokedAt: Date }) {
  const on = dateAt(removal.revokedAt.getTime(), removal.timeZone)
  return new Refusal(
    'forbidden',
    `Your access to ${removal.businessName} was removed on ${on}. Ask an owner or admin there to restore it.`,
    { type: '/problems/access-removed' },
  )
}

/**
 * The member for a returning user when nothing about them needs writing, else null. Read-only:
 * no transaction, so on PGlite it does not queue behind the writers.
 */
async function resolveKnownMember(db: Db, identity: Identity): Promise<Member | null> {
  const verifiedEmail = identity.emailVerified ? identity.email : null
  const row = await createMembershipRepository(db).findSignedInState(identity.uid, verifiedEmail)
  if (!row?.seenRecently || row.invitationPending) return null
  if (row.email !== identity.email) return null
  if (identity.name !== null && identity.name !== row.displayName) return null
  const newSignIn =
    identity.authTime !== null &&
    (row.lastAuthTime === null || row.lastAuthTime < identity.authTime)
  if (newSignIn) return null
  return {
    tenantId: row.tenantId,
    uid: identity.uid,
    permission: row.permission,
    teamMemberId: row.teamMemberId,
    actor: { uid: identity.uid, name: row.displayName, email: row.email },
  }
}

/**
 * A team member added with this e-mail is an invitation: the first sign-in with that e-mail,
 * verified by the identity provider, links the record and grants its permission.
 */
async function acceptInvitations(tx: Db, identity: Identity, actor: Actor) {
  if (!identity.email || !identity.emailVerified) return
  const membershipRepository = createMembershipRepository(tx)
  const pending = await membershipRepository.acceptInvitations(identity.email, identity.uid)
  const activity = createActivityRepository(tx)
  for (const invitation of pending) {
    // Also gives back access removed with an earlier record: the business invited them again.
    await membershipRepository.grant({
      tenantId: invitation.tenantId,
      userUid: identity.uid,
      permission: invitation.permission,
    })
    await activity.record({
      tenantId: invitation.tenantId,
      actor,
      entityType: 'team_member',
      entityId: invitation.id,
      action: 'updated',
      summary: `${invitation.name} accepted the invitation and joined as ${invitation.permission}`,
      changes: [{ field: 'invitation', before: 'pending', after: 'accepted' }],
    })
  }
}

/**
 * The user's own business, with them as owner and as its first team member. The member's
 * default hours are read in the business's zone, so 09:00–17:00 is the owner's own morning.
 */
async function createFirstBusiness(
  tx: Db,
  identity: Identity,
  actor: Actor,
  setup: BusinessSetup = DEFAULT_SETUP,
) {
  const name = setup.name?.trim() || firstBusinessName(identity)
  const { timeZone, currency } = setup
  const tenants = createTenantRepository(tx)
  let attempts = 0
  for (const slug of slugCandidates(slugify(name), () => randomBytes(3).toString('hex'))) {
    if (++attempts > MAX_SLUG_ATTEMPTS) break
    const tenant = await tenants.createIfSlugFree({ name, slug, timeZone, currency })
    if (!tenant) continue
    await createMembershipRepository(tx).create({
      tenantId: tenant.id,
      userUid: identity.uid,
      permission: 'owner',
    })
    // The owner is usually also the first person customers book.
    const ownerName = ownerTeamMemberName(identity)
    const ownRecord = await createTeamMemberRepository(tx).createIfSlugFree(tenant.id, {
      name: ownerName,
      email: identity.email,
      permission: 'owner',
      slug: teamMemberSlugBase(ownerName),
      timeZone: tenant.timeZone,
      workingHours: defaultWorkingHours(),
      userUid: identity.uid,
    })
    await createActivityRepository(tx).record({
      tenantId: tenant.id,
      actor,
      entityType: 'business',
      entityId: tenant.id,
      action: 'created',
      summary: `Created the business ${name}`,
    })
    if (!ownRecord) throw new Error('The owner team member was not created.')
    return
  }
  throw new Error(`No free slug found for "${name}".`)
}

/**
 * A token whose auth_time is newer than any seen before comes from a new sign-in. The
 * conditional update lets exactly one of several concurrent requests record it.
 */
async function recordSignInIfNew(tx: Db, identity: Identity, tenantId: string, actor: Actor) {
  if (identity.authTime === null) return
  if (!(await createUserRepository(tx).claimSignIn(identity.uid, identity.authTime))) return
  await createActivityRepository(tx).record({
    tenantId,
    actor,
    entityType: 'session',
    entityId: null,
    action: 'signed_in',
    summary: `${actor.name ?? actor.email ?? 'A user'} signed in`,
  })
}
