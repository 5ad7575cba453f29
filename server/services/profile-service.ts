import type { operations } from '../../shared/contract/schema.d.ts'
import type { Identity } from '../auth/identity.ts'
import type { Database } from '../db/database.ts'
import { loadCurrentPlan, subscriptionView } from './billing/current-plan.ts'
import { createMembershipService } from './membership-service.ts'

export type Profile = operations['getMe']['responses']['200']['content']['application/json']

export function createProfileService(database: Database) {
  const members = createMembershipService(database)
  return {
    /**
     * The signed-in user's profile. Their first call also creates their business, with them as
     * owner on the Pro trial, in one transaction, so a failure leaves nothing half-made and
     * concurrent first calls end up with one business. A user whose only access was removed
     * gets a 403 instead (see the membership service).
     */
    getOrCreateProfile(identity: Identity): Promise<Profile> {
      return database.transaction(async (tx) => {
        const { member, current } = await members.resolveIn(tx, identity)
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
      })
    },
  }
}
