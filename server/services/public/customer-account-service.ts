import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database } from '../../db/database.ts'
import { createPublicBookingRepository } from '../../db/repositories/public-booking-repository.ts'
import { createSettingsRepository } from '../../db/repositories/settings-repository.ts'
import type { Tenant } from '../../db/repositories/tenant-repository.ts'
import { forbidden, notFound } from '../../domain/refusal.ts'
import type { CapabilityTokens } from '../../security/capability-tokens.ts'
import { publicAppointment } from './public-views.ts'
import { saveSignedInCustomer } from './signed-in-customer.ts'

type MyAppointments = components['schemas']['MyAppointments']
type CustomerProfile = components['schemas']['CustomerProfile']
type CustomerProfileInput = components['schemas']['CustomerProfileInput']

/** Who signed in, as their verified token says. */
export interface SignedInCustomer {
  email: string | null
  emailVerified: boolean
}

/**
 * A customer signed in with their e-mail address, in one business: their appointments and
 * their own details. Their e-mail must be verified: it is what proves the record is theirs.
 */
export function createCustomerAccountService(database: Database, tokens: CapabilityTokens) {
  const repo = createPublicBookingRepository(database.db)

  async function recordOf(tenant: Tenant, identity: SignedInCustomer) {
    const email = verifiedEmail(identity)
    return { email, customer: await repo.customerByEmail(tenant.id, email) }
  }

  return {
    /**
     * Upcoming: confirmed (or awaiting payment) and not yet over, soonest first. Past: the
     * rest (over, cancelled, completed or missed), latest first. A hold that ran out unpaid
     * was never a booking, and is left out.
     */
    async appointments(tenant: Tenant, identity: SignedInCustomer): Promise<MyAppointments> {
      const { customer } = await recordOf(tenant, identity)
      if (!customer) return { upcoming: [], past: [] }
      const settings = await createSettingsRepository(database.db).get(tenant.id)
      const business = { tenant, settings }
      const now = Date.now()
      const mine: MyAppointments = { upcoming: [], past: [] }
      for (const found of await repo.appointmentsOf(tenant.id, customer.id)) {
        const { row } = found
        if (row.status === 'payment_expired') continue
        const upcoming =
          (row.status === 'confirmed' || row.status === 'pending_payment') &&
          row.endsAt.getTime() > now
        ;(upcoming ? mine.upcoming : mine.past).push({
          appointment: publicAppointment(found, business, now),
          manage_token: tokens.manageToken(row.id),
        })
      }
      mine.past.reverse()
      return mine
    },

    async profile(tenant: Tenant, identity: SignedInCustomer): Promise<CustomerProfile> {
      const { email, customer } = await recordOf(tenant, identity)
      if (!customer) {
        throw notFound('You have no details with this business yet.')
      }
      return { name: customer.name, email: customer.email ?? email, phone: customer.phone }
    },

    async saveProfile(
      tenant: Tenant,
      identity: SignedInCustomer,
      input: CustomerProfileInput,
    ): Promise<CustomerProfile> {
      const email = verifiedEmail(identity)
      const saved = await saveSignedInCustomer(database, tenant.id, {
        email,
        name: input.name,
        phone: input.phone,
      })
      return { name: saved.name, email: saved.email ?? email, phone: saved.phone }
    },
  }
}

function verifiedEmail(identity: SignedInCustomer): string {
  if (!identity.email || !identity.emailVerified) {
    throw forbidden(
      'Open the sign-in link we e-mailed you first: your e-mail address is not confirmed yet.',
    )
  }
  return identity.email
}
