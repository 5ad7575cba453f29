import { randomBytes } from 'node:crypto'
import type { operations } from '../../src/api/schema.d.ts'
import type { Identity } from '../auth/identity.ts'
import type { Database, Db } from '../db/database.ts'
import { createMembershipRepository } from '../db/repositories/membership-repository.ts'
import { createTenantRepository } from '../db/repositories/tenant-repository.ts'
import { createUserRepository } from '../db/repositories/user-repository.ts'
import { firstBusinessName, slugCandidates, slugify } from '../domain/business-name.ts'

export type Profile = operations['getMe']['responses']['200']['content']['application/json']

const MAX_SLUG_ATTEMPTS = 20

export function createProfileService(database: Database) {
  return {
    /**
     * The signed-in user's profile. Their first call also creates their business, with them as
     * owner on the free plan, in the same transaction as the user row, so a failure leaves
     * nothing half-made and concurrent first calls end up with one business.
     */
    getOrCreateProfile(identity: Identity): Promise<Profile> {
      return database.transaction(async (tx) => {
        const user = await createUserRepository(tx).upsert({
          uid: identity.uid,
          email: identity.email,
          displayName: identity.name,
        })
        const memberships = createMembershipRepository(tx)
        let current = await memberships.findCurrentForUser(user.uid)
        if (!current) {
          const tenant = await createFirstTenant(tx, firstBusinessName(identity))
          await memberships.create({ tenantId: tenant.id, userUid: user.uid, permission: 'owner' })
          current = await memberships.findCurrentForUser(user.uid)
          if (!current) throw new Error('The new membership was not found.')
        }
        const { tenant, permission, planName } = current
        return {
          user: { uid: user.uid, email: user.email, display_name: user.displayName },
          subscription: { plan_name: planName, status: tenant.subscriptionStatus },
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
        }
      })
    },
  }
}

async function createFirstTenant(tx: Db, name: string) {
  const tenants = createTenantRepository(tx)
  let attempts = 0
  for (const slug of slugCandidates(slugify(name), () => randomBytes(3).toString('hex'))) {
    if (++attempts > MAX_SLUG_ATTEMPTS) break
    const tenant = await tenants.createIfSlugFree({ name, slug, timeZone: 'UTC', currency: 'USD' })
    if (tenant) return tenant
  }
  throw new Error(`No free slug found for "${name}".`)
}
