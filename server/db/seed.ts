import { slugify } from '../domain/business-name.ts'
import type { WorkingDay } from '../domain/working-hours.ts'
import type { Database } from './database.ts'
import { createTenantRepository } from './repositories/tenant-repository.ts'
import { createUserRepository } from './repositories/user-repository.ts'
import {
  customers,
  memberships,
  services,
  serviceTeamMembers,
  teamMembers,
  timeOff,
} from './schema.ts'
import { type DemoBooking, seedDemoAppointments } from './seed-appointments.ts'

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
    category: 'Hair',
    bufferAfterMinutes: 10,
  },
  {
    name: 'Color & Gloss',
    description: 'Single-process color with a shine-boosting gloss.',
    durationMinutes: 90,
    priceMinor: 12_000,
    color: '#db2777',
    category: 'Color',
    bufferBeforeMinutes: 5,
    bufferAfterMinutes: 15,
  },
  {
    name: 'Beard Trim & Hot Towel',
    description: 'Shape-up, hot towel and finishing balm.',
    durationMinutes: 30,
    priceMinor: 3_000,
    color: '#059669',
    category: 'Grooming',
    bufferAfterMinutes: 5,
  },
  {
    name: 'Blowout & Style',
    description: 'Wash and blow-dry with a finished style.',
    durationMinutes: 45,
    priceMinor: 4_500,
    color: '#d97706',
    category: 'Styling',
  },
]

const lunch = (start: string, end: string) => [{ start, end }]

/** Weekly hours in the business's zone, each working day with a lunch break. */
const days = (weekdays: number[], start: string, end: string, breaks: WorkingDay['breaks']) =>
  weekdays.map((weekday) => ({ weekday, start, end, breaks }))

const ownerProfile = {
  color: '#4f46e5',
  bio: 'Founded Harbor Street Studio; precision cuts and colour corrections.',
  workingHours: days([2, 3, 4, 5, 6], '10:00', '18:00', lunch('13:00', '14:00')),
  services: ['Signature Haircut', 'Color & Gloss'],
}

const demoStaff = [
  {
    name: 'Priya Natarajan',
    email: 'priya@harbor-street.test',
    slug: 'priya-natarajan',
    color: '#14b8a6',
    bio: 'Colour specialist with a soft spot for balayage.',
    workingHours: days([1, 2, 3, 4, 5], '09:00', '17:00', lunch('12:00', '13:00')),
    services: ['Signature Haircut', 'Color & Gloss', 'Blowout & Style'],
  },
  {
    name: 'Diego Alvarez',
    email: 'diego@harbor-street.test',
    slug: 'diego-alvarez',
    color: '#ea580c',
    bio: 'Barber: fades, beards and hot-towel shaves.',
    workingHours: days([3, 4, 5, 6, 7], '11:00', '19:00', [
      { start: '14:00', end: '14:45' },
      { start: '17:00', end: '17:15' },
    ]),
    services: ['Signature Haircut', 'Beard Trim & Hot Towel', 'Blowout & Style'],
  },
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
 * Creates the demo business "Harbor Street Studio" with its owner, services, team, customers
 * and a week of appointments (booked through `book`), all in one transaction. Does nothing
 * when the business already exists, so it is safe on every start.
 */
export async function writeDemoBusiness(
  database: Database,
  owner: DemoOwnerAccount,
  book: DemoBooking,
  /** The clock the demo's week and history are laid out from. */
  now: number = Date.now(),
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
      // How customers reach it: the booking pages offer each as a link (call, write, map).
      phone: '+1 212 555 0100',
      email: 'hello@harbor-street.test',
      address: '48 Harbor Street\nBrooklyn, NY 11201',
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
    const serviceRows = await tx
      .insert(services)
      .values(demoServices.map((service) => ({ ...service, tenantId: tenant.id, currency: 'USD' })))
      .returning()
    const team = [
      {
        ...ownerProfile,
        name: owner.ownerName,
        email: owner.ownerEmail,
        permission: 'owner' as const,
        slug: slugify(owner.ownerName),
        // Linked from the start: the owner's record is theirs, not an open invitation.
        userUid: owner.ownerUid,
      },
      ...demoStaff.map((member) => ({ ...member, permission: 'staff' as const, userUid: null })),
    ]
    const memberRows = await tx
      .insert(teamMembers)
      .values(
        team.map(({ services: _, ...member }) => ({
          ...member,
          tenantId: tenant.id,
          timeZone: TIME_ZONE,
        })),
      )
      .returning({ id: teamMembers.id, name: teamMembers.name })
    const idOf = (rows: { id: string; name: string }[], name: string) => {
      const row = rows.find((candidate) => candidate.name === name)
      if (!row) throw new Error(`Seed row "${name}" is missing.`)
      return row.id
    }
    await tx.insert(serviceTeamMembers).values(
      team.flatMap((member) =>
        member.services.map((service) => ({
          tenantId: tenant.id,
          serviceId: idOf(serviceRows, service),
          teamMemberId: idOf(memberRows, member.name),
        })),
      ),
    )
    // Diego is away for three days a fortnight from the first start, so the team screen and
    // later the booking pages show time off.
    await tx.insert(timeOff).values({
      tenantId: tenant.id,
      teamMemberId: idOf(memberRows, 'Diego Alvarez'),
      allDay: true,
      startDate: isoDateInDays(14),
      endDate: isoDateInDays(16),
      reason: 'Barbering workshop',
    })
    const customerRows = await tx
      .insert(customers)
      .values(demoCustomers.map((customer) => ({ ...customer, tenantId: tenant.id })))
      .returning({ id: customers.id })
    await seedDemoAppointments(tx, {
      tenantId: tenant.id,
      timeZone: TIME_ZONE,
      currency: 'USD',
      owner: { uid: owner.ownerUid, name: owner.ownerName, email: owner.ownerEmail },
      services: serviceRows,
      customerIds: customerRows.map((row) => row.id),
      book,
      now,
    })
    return { created: true, tenantId: tenant.id }
  })
}

function isoDateInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}
