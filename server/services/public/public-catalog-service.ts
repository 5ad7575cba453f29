import type { components, operations } from '../../../shared/contract/schema.d.ts'
import { planAllows } from '../../../shared/plan-limits.ts'
import type { Database } from '../../db/database.ts'
import { busyScope, GLOBAL_SCOPE, type ReadCache, readThrough } from '../../db/read-cache.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import { createLogoRepository } from '../../db/repositories/logo-repository.ts'
import { createPublicBookingRepository } from '../../db/repositories/public-booking-repository.ts'
import { createScheduleRepository } from '../../db/repositories/schedule-repository.ts'
import { createSettingsRepository } from '../../db/repositories/settings-repository.ts'
import { createTeamMemberRepository } from '../../db/repositories/team-member-repository.ts'
import { createTenantRepository, type Tenant } from '../../db/repositories/tenant-repository.ts'
import { bookableStarts } from '../../domain/booking-notice.ts'
import { instantRangeRefusal } from '../../domain/instant-range.ts'
import { invalidField, notFound } from '../../domain/refusal.ts'
import { findAvailabilityWithSeats } from '../availability-service.ts'
import { loadCurrentPlan, planView } from '../billing/current-plan.ts'
import { logoView } from '../logo-service.ts'
import { accountChargedAtBooking } from '../payments/booking-charges.ts'
import { type PublicCatalog, publicBusiness, publicCatalog } from './public-views.ts'

type PublicAvailability = components['schemas']['PublicAvailability']
type PublicSlot = PublicAvailability['slots'][number]

/**
 * The engine's free starts for one service, member (or any) and range, as answered, with each
 * start's instant beside it for the filtering by the clock; true until `validUntil` (the first
 * payment hold read ends) or the business's appointments, team or settings change.
 */
interface FreeStarts {
  startsAt: number[]
  slots: PublicSlot[]
  validUntil: number
}
type AvailabilityQuery = NonNullable<operations['getPublicAvailability']['parameters']['query']>

/** A feature decision reads no usage figures. */
const NO_USAGE = { bookable_team_members: 0 }

/** The longest range availability answers for: six weeks, a month view with its edges. */
const MAX_AVAILABILITY_DAYS = 42

/**
 * What the booking pages show before anything is booked: the business, its catalogue, a team
 * member's profile and the free starts. Every read is scoped by the business the address names.
 */
export function createPublicCatalogService(database: Database, cache?: ReadCache) {
  const repo = createPublicBookingRepository(database.db)
  const appointments = createAppointmentRepository(database.db)
  const schedules = createScheduleRepository(database.db)
  const tenants = createTenantRepository(database.db)
  // The request's view travels with the business its resolver found (see ReadCache.carry).
  const viewOf = (tenant: Tenant) => (cache ? cache.viewFor(tenant) : readThrough)

  /** The catalogue as the booking page shows it, charges included or not. */
  function catalogueWith(tenant: Tenant, chargesAtBooking: boolean): Promise<PublicCatalog> {
    return viewOf(tenant).get(tenant.id, 'catalogue', String(chargesAtBooking), async () =>
      publicCatalog(await repo.catalog(tenant.id), { chargesAtBooking }),
    )
  }

  async function catalogOf(tenant: Tenant): Promise<PublicCatalog> {
    // Not cached: the plan in force changes with the clock (a trial ends) and Stripe's webhooks.
    const charged = await accountChargedAtBooking(database.db, tenant.id)
    // A charge is shown only when booking would take it (see accountChargedAtBooking).
    return catalogueWith(tenant, charged !== null)
  }

  return {
    /**
     * The business with this public slug, or the one that had it before a change; it carries
     * the request's cached reads from here on (see ReadCache.carry). Undefined when none has it.
     */
    async businessBySlug(slug: string): Promise<Tenant | undefined> {
      const view = cache ? await cache.begin() : undefined
      const tenant = view
        ? await view.get(GLOBAL_SCOPE, 'business', slug, () => tenants.findBySlugOrFormer(slug))
        : await tenants.findBySlugOrFormer(slug)
      return tenant && cache && view ? cache.carry(tenant, view) : tenant
    },

    catalogOf,

    /**
     * The catalogue with each service's charge as a booking would take it if the business
     * charges at booking now (`accountChargedAtBooking`, not read here). It differs from
     * `catalogOf`'s only in `payment`, so a booking reads the account only for a service that
     * has a charge (`BookingPaymentService.chargeFor`), never for a free one.
     */
    catalogWithCharges: (tenant: Tenant): Promise<PublicCatalog> => catalogueWith(tenant, true),

    /** The request's cached reads for this business (reading through where there is no cache). */
    view: viewOf,

    async business(tenant: Tenant) {
      const [settings, logo, current] = await Promise.all([
        createSettingsRepository(database.db).get(tenant.id),
        createLogoRepository(database.db).summary(tenant.id),
        loadCurrentPlan(database.db, tenant.id, new Date()),
      ])
      // The plan in force decides (a trial is its plan): only a plan that includes removing
      // the branding hides "Powered by Slotwise".
      const branding = planAllows(planView(current.plan), NO_USAGE, 'feature.remove_branding')
      return publicBusiness(tenant, settings, {
        logo: logo && { ...logoView(logo), width: logo.width, height: logo.height },
        showPoweredBy: !branding.allowed,
      })
    },

    /** The business's own privacy notice, or null for the page's default in the visitor's language. */
    async privacyNotice(tenant: Tenant) {
      const settings = await createSettingsRepository(database.db).get(tenant.id)
      return { business_name: tenant.name, privacy_notice: settings.privacyNotice }
    },

    /** The services, or those the team member performs. */
    async services(tenant: Tenant, teamMemberId: string | undefined) {
      const catalog = await catalogOf(tenant)
      if (teamMemberId === undefined) return { items: catalog.services }
      const member = catalog.teamMembers.find((candidate) => candidate.id === teamMemberId)
      if (!member) throw invalidField('query.team_member_id', 'is not a bookable team member here')
      return {
        items: catalog.services.filter((service) => member.service_ids.includes(service.id)),
      }
    },

    /** The team members, or those who perform the service. */
    async teamMembers(tenant: Tenant, serviceId: string | undefined) {
      const catalog = await catalogOf(tenant)
      if (serviceId === undefined) return { items: catalog.teamMembers }
      if (!catalog.services.some((service) => service.id === serviceId)) {
        throw invalidField('query.service_id', 'is not a service this business takes bookings for')
      }
      return {
        items: catalog.teamMembers.filter((member) => member.service_ids.includes(serviceId)),
      }
    },

    async profile(tenant: Tenant, slug: string) {
      const catalog = await catalogOf(tenant)
      const formerHolder = async (oldSlug: string) => {
        const id = await createTeamMemberRepository(database.db).formerSlugOwner(tenant.id, oldSlug)
        return id === undefined ? undefined : catalog.everyone.find((member) => member.id === id)
      }
      // A slug given up in a rename still finds its member; the answer names the current
      // slug, and the page moves to its address.
      const member =
        catalog.everyone.find((candidate) => candidate.slug === slug) ?? (await formerHolder(slug))
      if (!member) throw notFound('There is no one with this profile here.')
      return {
        team_member: member,
        services: catalog.services.filter((service) => member.service_ids.includes(service.id)),
      }
    },

    /** The engine's free starts, less those too soon (minimum notice) or too far (window). */
    async availability(tenant: Tenant, query: AvailabilityQuery): Promise<PublicAvailability> {
      const { service_id, team_member_id, from, to } = query
      const tooLong = instantRangeRefusal({ from, to }, MAX_AVAILABILITY_DAYS)
      if (tooLong) throw invalidField(tooLong.path, tooLong.message)
      const range = { from: Date.parse(from), to: Date.parse(to) }
      const view = viewOf(tenant)
      // Which services and members may be chosen does not depend on charges.
      checkChoice(await catalogueWith(tenant, false), service_id, team_member_id, 'query')
      const [policy, service, members] = await Promise.all([
        view.get(tenant.id, 'settings', '', () => appointments.policy(tenant.id)),
        view.get(tenant.id, 'service', service_id, () =>
          appointments.service(tenant.id, service_id),
        ),
        view.get(tenant.id, 'team', `${service_id}:${team_member_id ?? ''}`, () =>
          schedules.members(tenant.id, { serviceId: service_id, teamMemberId: team_member_id }),
        ),
      ])
      if (!service) throw invalidField('query.service_id', 'is not a service of this business')
      // Time off changes only when staff change it (a trigger drops it like the rest); visitors
      // of one business mostly ask for the same weeks.
      const ids = members.map((member) => member.id)
      const timeOff = await view.get(tenant.id, 'time_off', `${ids}:${from}:${to}`, () =>
        schedules.timeOff(tenant.id, ids, range.from, range.to),
      )
      const now = Date.now()
      // Computed once per change of the business's appointments (a trigger drops the busy
      // scope), not per visitor. The engine leaves out starts before the `now` it ran with;
      // those before this request's `now` and the notice, or beyond the window, go below.
      const free = await view.get(
        busyScope(tenant.id),
        'slots',
        `${service_id}:${team_member_id ?? ''}:${range.from}:${range.to}`,
        async (): Promise<FreeStarts> => {
          const found = await findAvailabilityWithSeats(database.db, {
            tenantId: tenant.id,
            service,
            teamMemberId: team_member_id,
            members,
            timeOff,
            policy,
            now,
            from: range.from,
            to: range.to,
          })
          return {
            startsAt: found.slots.map((slot) => slot.startsAt),
            slots: found.slots.map((slot) => ({
              starts_at: new Date(slot.startsAt).toISOString(),
              ends_at: new Date(slot.endsAt).toISOString(),
              seats_left: slot.seatsLeft,
            })),
            validUntil: found.validUntil,
          }
        },
        // A payment hold read frees its time when it ends.
        (cached) => cached.validUntil > now,
      )
      const { earliest, latest } = bookableStarts(policy, now)
      return {
        service_id,
        team_member_id: team_member_id ?? null,
        time_zone: policy.timeZone,
        slots: free.slots.filter((_, index) => {
          const startsAt = free.startsAt[index] as number
          return startsAt >= earliest && startsAt <= latest
        }),
      }
    },
  }
}

/**
 * The service must be one the business takes bookings for and the member, when named, a
 * bookable one who performs it; ids of another business are simply not found here.
 */
export function checkChoice(
  catalog: PublicCatalog,
  serviceId: string,
  teamMemberId: string | null | undefined,
  where: 'query' | 'body',
): void {
  const service = catalog.services.find((candidate) => candidate.id === serviceId)
  if (!service) {
    throw invalidField(`${where}.service_id`, 'is not a service this business takes bookings for')
  }
  if (teamMemberId && !service.team_member_ids.includes(teamMemberId)) {
    throw invalidField(
      `${where}.team_member_id`,
      `is not a team member who performs ${service.name}`,
    )
  }
}
