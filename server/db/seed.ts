import { slugify } from '../domain/business-name.ts'
import type { Database } from './database.ts'
import { createTenantRepository } from './repositories/tenant-repository.ts'
import { createUserRepository } from './repositories/user-repository.ts'
import { customers, memberships, services, teamMembers } from './schema.ts'

export const DEMO_TENANT_SLUG = 'harbor-street'

export interface DemoOwnerAccount {
  ownerUid: string
  ownerEmail: string
  ownerName: string
}

const TIME_ZONE = 'America/New_York'

const demoServices = [
  {
    name: 'Signature Haircut',
    description: 'Consultation, wash, precision cut and style.',
    durationMinutes: 45,
    priceMinor: 5_500,
    color: '#2563eb',
  },
  {
    name: 'Color & Gloss',
    description: 'Single-process color with a shine-boosting gloss.',
    durationMinutes: 90,
    priceMinor: 12_000,
    color: '#db2777',
  },
  {
    name: 'Beard Trim & Hot Towel',
    description: 'Shape-up, hot towel and finishing balm.',
    durationMinutes: 30,
    priceMinor: 3_000,
    color: '#059669',
  },
  {
    name: 'Blowout & Style',
    description: 'Wash and blow-dry with a finished style.',
    durationMinutes: 45,
    priceMinor: 4_500,
    color: '#d97706',
  },
]

const demoStaff = [
  { name: 'Priya Natarajan', email: 'priya@harbor-street.test', slug: 'priya-natarajan' },
  { name: 'Diego Alvarez', email: 'diego@harbor-street.test', slug: 'diego-alvarez' },
]

const demoCustomers = [
  { name: 'Olivia Bennett', email: 'olivia.bennett@example.com', phone: '+1 212 555 0142' },
  { name: 'Marcus Chen', email: 'marcus.chen@example.com', phone: '+1 917 555 0187' },
  { name: 'Sofia Rossi', email: 'sofia.rossi@example.com', phone: '+1 646 555 0123' },
  { name: 'James O’Connor', email: 'james.oconnor@example.com', phone: '+1 347 555 0164' },
  { name: 'Aisha Mohammed', email: 'aisha.mohammed@example.com', phone: '+1 718 555 0109' },
  {
    name: 'Ethan Brooks',
    email: 'ethan.brooks@example.com',
    phone: null,
    notes: 'Prefers Saturday mornings.',
  },
  { name: 'Hannah Kim', email: 'hannah.kim@example.com', phone: '+1 212 555 0198' },
  {
    name: 'Lucas Meyer',
    email: null,
    phone: '+1 929 555 0131',
    notes: 'Books by phone; no e-mail on file.',
  },
]

/**
 * Creates the demo business "Harbor Street Studio" with its owner, services, team and
 * customers, all in one transaction. Does nothing when the business already exists, so it is
 * safe on every start.
 */
export async function seedDemoBusiness(
  database: Database,
  owner: DemoOwnerAccount,
): Promise<{ created: boolean; tenantId: string }> {
  return database.transaction(async (tx) => {
    const tenantRepository = createTenantRepository(tx)
    const existing = await tenantRepository.findBySlug(DEMO_TENANT_SLUG)
    if (existing) return { created: false, tenantId: existing.id }

    const tenant = await tenantRepository.createIfSlugFree({
      name: 'Harbor Street Studio',
      slug: DEMO_TENANT_SLUG,
      timeZone: TIME_ZONE,
      currency: 'USD',
    })
    if (!tenant) throw new Error(`The slug "${DEMO_TENANT_SLUG}" was taken mid-seed.`)

    await createUserRepository(tx).upsert({
      uid: owner.ownerUid,
      email: owner.ownerEmail,
      displayName: owner.ownerName,
    })
    await tx
      .insert(memberships)
      .values({ tenantId: tenant.id, userUid: owner.ownerUid, permission: 'owner' })
    await tx
      .insert(services)
      .values(demoServices.map((service) => ({ ...service, tenantId: tenant.id, currency: 'USD' })))
    await tx.insert(teamMembers).values([
      {
        tenantId: tenant.id,
        name: owner.ownerName,
        email: owner.ownerEmail,
        permission: 'owner' as const,
        slug: slugify(owner.ownerName),
        timeZone: TIME_ZONE,
      },
      ...demoStaff.map((member) => ({
        ...member,
        tenantId: tenant.id,
        permission: 'staff' as const,
        timeZone: TIME_ZONE,
      })),
    ])
    await tx
      .insert(customers)
      .values(demoCustomers.map((customer) => ({ ...customer, tenantId: tenant.id })))
    return { created: true, tenantId: tenant.id }
  })
}
