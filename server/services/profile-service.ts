import type { operations } from '../../shared/contract/schema.d.ts'
import type { Database, Db } from '../db/database.ts'
import { businessSetupProblems } from '../domain/business-configuration.ts'
import type { Identity } from '../domain/identity.ts'
import { assertValid } from '../domain/refusal.ts'
import { loadCurrentPlan, subscriptionView } from './billing/current-plan.ts'
import type { BusinessSetup, createMembershipService } from './membership-service.ts'

type Members = ReturnType<typeof createMembershipService>

export type Profile = operations['getMe']['responses']['200']['content']['application/json']

/** `members` is the app's one membership service, which resolves the profile's member. */
export function createProfileService(database: Database, members: Members) {
  return {
    /**
     * The signed-in user's profile. Their first call also creates their business, with them as
     * owner on the Pro trial, in one transaction, so a failure leaves nothing half-made and
     * concurrent first calls end up with one business. A user whose only access was removed
     * gets a 403 instead (see the membership service).
     */
    getOrCreateProfile(identity: Identity): Promise<Profile> {
      return database.transaction(async (tx) =>
        profileOf(tx, await members.resolveIn(tx, identity)),
      )
    },

    /**
     * Sign-up's first call: the business made with the name, zone and currency the new owner
     * confirmed (400 naming a currency that is not ISO 4217), and their profile.
     */
    register(identity: Identity, setup: BusinessSetup): Promise<Profile> {
      assertValid(businessSetupProblems(setup))
      return database.transaction(async (tx) =>
        profileOf(tx, await members.registerIn(tx, identity, setup)),
      )
    },
  }
}

async function profileOf(
  tx: Db,
  { member, current }: Awaited<ReturnType<Members['resolveIn']>>,
): Promise<Profile> {
  const { tenant, permission } = current
  const plan = await loadCurrentPlan(tx, tenant.id, new Date())
  return {
    user: {
      uid: member.uid,
      email: member.actor.email,
      display_name: member.actor.name,
    },
    subscription: subscriptionView(plan),
    permission,
    tenant: {
      id: tenant.id,
      name: tenant.name,
      slug: tenant.slug,
      time_zone: tenant.timeZone,
    },
    domain: tenant.domain,
    currency: tenant.currency,
    default_calendar: tenant.defaultCalendar,
    team_member_id: member.teamMemberId,
  }
}
