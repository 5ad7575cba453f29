import type { FastifyReply, FastifyRequest } from 'fastify'
import type { components } from '../../shared/contract/schema.d.ts'
import type { Identity } from '../auth/identity.ts'
import type { Database, Db } from '../db/database.ts'
import { createAppointmentRepository } from '../db/repositories/appointment-repository.ts'
import {
  createPublicBookingRepository,
  type PublicAppointmentRow,
} from '../db/repositories/public-booking-repository.ts'
import {
  createSettingsRepository,
  type SettingsRow,
} from '../db/repositories/settings-repository.ts'
import type { Tenant } from '../db/repositories/tenant-repository.ts'
import { bookingNoticeRefusal } from '../domain/booking-notice.ts'
import { selfServiceRefusal } from '../domain/self-service-policy.ts'
import { teamMemberChoiceRefusal } from '../domain/team-member-choice.ts'
import type { OperationRequest } from '../http/operation-types.ts'
import { HttpProblem } from '../http/problem.ts'
import { eventOf } from '../notifications/appointment-calendar.ts'
import { loadAppointmentDetails } from '../notifications/appointment-details.ts'
import type { AppointmentNotifier } from '../notifications/appointment-notifier.ts'
import { customerLinks } from '../notifications/customer-links.ts'
import { invitationCalendar } from '../notifications/ics.ts'
import { requireIdentity } from '../plugins/auth.ts'
import type { CapabilityTokens } from '../security/capability-tokens.ts'
import type { PublicRateLimiters } from '../security/public-rate-limits.ts'
import { cancelAppointment } from '../services/appointment-lifecycle.ts'
import { findAvailability } from '../services/availability-service.ts'
import { checkBookingNotice, type createBookingService } from '../services/booking-service.ts'
import { createIdempotency } from '../services/public/idempotency.ts'
import { customerActor, saveSignedInCustomer } from '../services/public/public-customers.ts'
import {
  type PublicCatalog,
  publicAppointment,
  publicBusiness,
  publicCatalog,
} from '../services/public/public-views.ts'
import { chooseFairly } from '../services/team-assignment.ts'

type PublicAppointment = components['schemas']['PublicAppointment']
type PublicBookingConfirmation = components['schemas']['PublicBookingConfirmation']
type PublicAvailability = components['schemas']['PublicAvailability']
type MyAppointments = components['schemas']['MyAppointments']
type CustomerProfile = components['schemas']['CustomerProfile']

const DAY_MS = 86_400_000
/** The longest range availability answers for: six weeks, a month view with its edges. */
const MAX_AVAILABILITY_DAYS = 42

export interface PublicBookingHandlerDeps {
  database: Database
  bookings: ReturnType<typeof createBookingService>
  /** Tells customer and team member of a cancellation. */
  notifier: AppointmentNotifier
  tokens: CapabilityTokens
  /** The address people open, for the manage link inside the invitation. */
  publicUrl: string
  /** The business a public request is for (see createBusinessResolver); 400/404 otherwise. */
  resolveBusiness: (request: FastifyRequest) => Promise<Tenant>
  limits: PublicRateLimiters
}

/**
 * Handlers for the contract's `public-booking` tag: what a customer without a staff account
 * may see and do. Every query is scoped by the business the address names; appointments are
 * reached only with their manage token, and a wrong token looks exactly like a wrong id.
 */
export function createPublicBookingHandlers(deps: PublicBookingHandlerDeps) {
  const { database, bookings, notifier, tokens, publicUrl, resolveBusiness, limits } = deps
  const repo = createPublicBookingRepository(database.db)
  const settingsOf = (tenant: Tenant) => createSettingsRepository(database.db).get(tenant.id)
  const idempotency = createIdempotency(database)

  async function catalogOf(tenant: Tenant): Promise<PublicCatalog> {
    return publicCatalog(await repo.catalog(tenant.id))
  }

  /** The appointment the id and manage token name in this business, or a 404 either way. */
  async function manageable(
    tenant: Tenant,
    appointmentId: string,
    token: string | undefined,
  ): Promise<PublicAppointmentRow> {
    const found =
      token !== undefined && tokens.isManageToken(appointmentId, token)
        ? await repo.appointment(tenant.id, appointmentId)
        : undefined
    if (!found) throw publicAppointmentNotFound()
    return found
  }

  /** The appointment as its customer sees it, read in `db` (a transaction, when inside one). */
  async function view(tenant: Tenant, appointmentId: string, db: Db): Promise<PublicAppointment> {
    const row = await createPublicBookingRepository(db).appointment(tenant.id, appointmentId)
    if (!row) throw new Error(`Appointment ${appointmentId} vanished after a change.`)
    const settings = await createSettingsRepository(db).get(tenant.id)
    return publicAppointment(row, { tenant, settings }, Date.now())
  }

  /** A signed-in customer's record in this business; their e-mail must be verified. */
  async function signedInCustomer(request: FastifyRequest, tenant: Tenant) {
    const email = verifiedEmail(requireIdentity(request))
    return { email, customer: await repo.customerByEmail(tenant.id, email) }
  }

  return {
    async getPublicBusiness(request: OperationRequest<'getPublicBusiness'>) {
      const tenant = await resolveBusiness(request)
      return publicBusiness(tenant, await settingsOf(tenant))
    },

    async listPublicServices(request: OperationRequest<'listPublicServices'>) {
      const tenant = await resolveBusiness(request)
      const catalog = await catalogOf(tenant)
      const memberId = request.query.team_member_id
      if (memberId === undefined) return { items: catalog.services }
      const member = catalog.teamMembers.find((candidate) => candidate.id === memberId)
      if (!member) throw invalid('query.team_member_id', 'is not a bookable team member here')
      return {
        items: catalog.services.filter((service) => member.service_ids.includes(service.id)),
      }
    },

    async listPublicTeamMembers(request: OperationRequest<'listPublicTeamMembers'>) {
      const tenant = await resolveBusiness(request)
      const catalog = await catalogOf(tenant)
      const serviceId = request.query.service_id
      if (serviceId === undefined) return { items: catalog.teamMembers }
      if (!catalog.services.some((service) => service.id === serviceId)) {
        throw invalid('query.service_id', 'is not a service this business takes bookings for')
      }
      return {
        items: catalog.teamMembers.filter((member) => member.service_ids.includes(serviceId)),
      }
    },

    async getPublicProfile(request: OperationRequest<'getPublicProfile'>) {
      const tenant = await resolveBusiness(request)
      const catalog = await catalogOf(tenant)
      const member = catalog.everyone.find(
        (candidate) => candidate.slug === request.params.teamMemberSlug,
      )
      if (!member) throw new HttpProblem(404, 'There is no one with this profile here.')
      return {
        team_member: member,
        services: catalog.services.filter((service) => member.service_ids.includes(service.id)),
      }
    },

    /** The engine's free starts, less those too soon (minimum notice) or too far (window). */
    async getPublicAvailability(
      request: OperationRequest<'getPublicAvailability'>,
    ): Promise<PublicAvailability> {
      const tenant = await resolveBusiness(request)
      const { service_id, team_member_id, from, to } = request.query
      const range = { from: Date.parse(from), to: Date.parse(to) }
      if (range.to <= range.from) throw invalid('query.to', `must be later than from (${from})`)
      if (range.to - range.from > MAX_AVAILABILITY_DAYS * DAY_MS) {
        throw invalid('query.to', `must be at most ${MAX_AVAILABILITY_DAYS} days after from`)
      }
      const catalog = await catalogOf(tenant)
      checkChoice(catalog, service_id, team_member_id, 'query')
      const appointments = createAppointmentRepository(database.db)
      const [policy, service] = await Promise.all([
        appointments.policy(tenant.id),
        appointments.service(tenant.id, service_id),
      ])
      if (!service) throw invalid('query.service_id', 'is not a service of this business')
      const now = Date.now()
      const slots = await findAvailability(database.db, {
        tenantId: tenant.id,
        service,
        teamMemberId: team_member_id,
        policy,
        now,
        from: range.from,
        to: range.to,
      })
      return {
        service_id,
        team_member_id: team_member_id ?? null,
        time_zone: policy.timeZone,
        slots: slots
          .filter((slot) => bookingNoticeRefusal(slot.startsAt, policy, now) === null)
          .map((slot) => ({
            starts_at: new Date(slot.startsAt).toISOString(),
            ends_at: new Date(slot.endsAt).toISOString(),
          })),
      }
    },

    async createPublicBooking(
      request: OperationRequest<'createPublicBooking'>,
      reply: FastifyReply,
    ): Promise<PublicBookingConfirmation> {
      const tenant = await resolveBusiness(request)
      const input = request.body
      const outcome = await idempotency.run<PublicBookingConfirmation>(
        {
          tenantId: tenant.id,
          scope: 'createPublicBooking',
          key: idempotencyKey(request),
          body: input,
        },
        async (remember) => {
          limits.booking(input.customer.email)
          // Refusals that need no lock come first; the customer record is written only by the
          // booking's own transaction, once the time is secured, so no refusal leaves one.
          checkChoice(await catalogOf(tenant), input.service_id, input.team_member_id, 'body')
          const settings = await settingsOf(tenant)
          checkTeamMemberChoice(settings, input.team_member_id ?? null)
          const startsAt = new Date(input.starts_at)
          checkBookingNotice(startsAt.getTime(), settings, Date.now())
          let answer: PublicBookingConfirmation | undefined
          await publicSlot(() =>
            bookings.book({
              tenantId: tenant.id,
              serviceId: input.service_id,
              teamMemberId: input.team_member_id ?? undefined,
              visitor: input.customer,
              startsAt,
              notes: input.notes,
              source: 'public',
              customerTimeZone: input.time_zone,
              // The key's answer commits with the booking: a retry after a crash replays it.
              alsoInTransaction: async (tx, booked) => {
                answer = {
                  appointment: await view(tenant, booked.id, tx),
                  manage_token: tokens.manageToken(booked.id),
                }
                await remember(tx, { status: 201, body: answer })
              },
            }),
          )
          if (!answer) throw new Error('A booking succeeded without its answer.')
          return { status: 201, body: answer }
        },
      )
      reply.code(outcome.status)
      return outcome.body
    },

    async getPublicAppointment(
      request: OperationRequest<'getPublicAppointment'>,
    ): Promise<PublicAppointment> {
      const tenant = await resolveBusiness(request)
      const found = await manageable(tenant, request.params.appointmentId, manageToken(request))
      return publicAppointment(found, { tenant, settings: await settingsOf(tenant) }, Date.now())
    },

    async reschedulePublicAppointment(
      request: OperationRequest<'reschedulePublicAppointment'>,
    ): Promise<PublicAppointment> {
      const tenant = await resolveBusiness(request)
      const { appointmentId } = request.params
      const found = await manageable(tenant, appointmentId, manageToken(request))
      const input = request.body
      const outcome = await idempotency.run<PublicAppointment>(
        {
          tenantId: tenant.id,
          scope: `reschedule:${appointmentId}`,
          key: idempotencyKey(request),
          body: input,
        },
        async (remember) => {
          const settings = await settingsOf(tenant)
          const now = Date.now()
          const refusal = selfServiceRefusal(
            'reschedule',
            { status: found.row.status, startsAt: found.row.startsAt.getTime() },
            settings,
            now,
          )
          if (refusal) throw notChangeable(refusal)
          const startsAt = new Date(input.starts_at)
          checkBookingNotice(startsAt.getTime(), settings, now)
          const serviceId = found.row.serviceId
          // Left out, the appointment stays with its team member, which is always allowed.
          if (input.team_member_id !== undefined) {
            checkTeamMemberChoice(settings, input.team_member_id)
          }
          if (input.team_member_id) {
            checkChoice(await catalogOf(tenant), serviceId, input.team_member_id, 'body')
          }
          const teamMemberId =
            input.team_member_id === null
              ? await anyoneFree(tenant, serviceId, startsAt.getTime(), found.row.teamMemberId)
              : input.team_member_id
          let answer: PublicAppointment | undefined
          await publicSlot(() =>
            bookings.reschedule({
              tenantId: tenant.id,
              appointmentId,
              changes: { startsAt, teamMemberId },
              onlyTeamMemberId: null,
              actor: customerActor({
                id: found.row.customerId,
                name: found.customerName,
                email: found.customerEmail,
              }),
              alsoInTransaction: async (tx) => {
                answer = await view(tenant, appointmentId, tx)
                await remember(tx, { status: 200, body: answer })
              },
            }),
          )
          if (!answer) throw new Error('A reschedule succeeded without its answer.')
          return { status: 200, body: answer }
        },
      )
      return outcome.body
    },

    async cancelPublicAppointment(
      request: OperationRequest<'cancelPublicAppointment'>,
    ): Promise<PublicAppointment> {
      const tenant = await resolveBusiness(request)
      const { appointmentId } = request.params
      const found = await manageable(tenant, appointmentId, manageToken(request))
      const outcome = await idempotency.run<PublicAppointment>(
        {
          tenantId: tenant.id,
          scope: `cancel:${appointmentId}`,
          key: idempotencyKey(request),
          body: request.body,
        },
        async (remember) => {
          const settings = await settingsOf(tenant)
          return database.transaction(async (tx) => {
            // Read again under the transaction: the cut-off applies to the current start.
            const current = await createAppointmentRepository(tx).find(tenant.id, appointmentId, {
              lock: true,
            })
            if (!current) throw publicAppointmentNotFound()
            const refusal = selfServiceRefusal(
              'cancel',
              { status: current.status, startsAt: current.startsAt.getTime() },
              settings,
              Date.now(),
            )
            if (refusal) throw notChangeable(refusal)
            await cancelAppointment(tx, {
              tenantId: tenant.id,
              appointmentId,
              reason: request.body.reason,
              onlyTeamMemberId: null,
              notifier,
              actor: customerActor({
                id: found.row.customerId,
                name: found.customerName,
                email: found.customerEmail,
              }),
            })
            const cancelled = await createPublicBookingRepository(tx).appointment(
              tenant.id,
              appointmentId,
            )
            if (!cancelled) throw new Error(`Appointment ${appointmentId} vanished mid-cancel.`)
            const outcome = {
              status: 200,
              body: publicAppointment(cancelled, { tenant, settings }, Date.now()),
            }
            await remember(tx, outcome)
            return outcome
          })
        },
      )
      return outcome.body
    },

    async getPublicAppointmentInvitation(
      request: OperationRequest<'getPublicAppointmentInvitation'>,
      reply: FastifyReply,
    ): Promise<string> {
      const tenant = await resolveBusiness(request)
      const found = await manageable(tenant, request.params.appointmentId, request.query.token)
      const { row } = found
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="appointment.ics"')
        .header('cache-control', 'no-store')
      const details = await loadAppointmentDetails(database.db, tenant.id, row.id)
      if (!details) throw publicAppointmentNotFound()
      const { manageUrl } = customerLinks(
        { publicUrl, tokens },
        { id: row.id, businessSlug: tenant.slug },
      )
      const event = eventOf(details, 'customer', { publicUrl, stamp: row.updatedAt, manageUrl })
      return invitationCalendar(row.status === 'cancelled' ? 'CANCEL' : 'REQUEST', event)
    },

    /**
     * Upcoming: confirmed and not yet over, soonest first. Past: the rest (over, cancelled,
     * completed or missed), latest first.
     */
    async listMyAppointments(
      request: OperationRequest<'listMyAppointments'>,
    ): Promise<MyAppointments> {
      const tenant = await resolveBusiness(request)
      const { customer } = await signedInCustomer(request, tenant)
      if (!customer) return { upcoming: [], past: [] }
      const business = { tenant, settings: await settingsOf(tenant) }
      const now = Date.now()
      const mine: MyAppointments = { upcoming: [], past: [] }
      for (const found of await repo.appointmentsOf(tenant.id, customer.id)) {
        const { row } = found
        const upcoming = row.status === 'confirmed' && row.endsAt.getTime() > now
        ;(upcoming ? mine.upcoming : mine.past).push({
          appointment: publicAppointment(found, business, now),
          manage_token: tokens.manageToken(row.id),
        })
      }
      mine.past.reverse()
      return mine
    },

    async getMyCustomerProfile(
      request: OperationRequest<'getMyCustomerProfile'>,
    ): Promise<CustomerProfile> {
      const tenant = await resolveBusiness(request)
      const { email, customer } = await signedInCustomer(request, tenant)
      if (!customer) {
        throw new HttpProblem(404, 'You have no details with this business yet.')
      }
      return { name: customer.name, email: customer.email ?? email, phone: customer.phone }
    },

    async saveMyCustomerProfile(
      request: OperationRequest<'saveMyCustomerProfile'>,
    ): Promise<CustomerProfile> {
      const tenant = await resolveBusiness(request)
      const email = verifiedEmail(requireIdentity(request))
      const saved = await saveSignedInCustomer(database, tenant.id, {
        email,
        name: request.body.name,
        phone: request.body.phone,
      })
      return { name: saved.name, email: saved.email ?? email, phone: saved.phone }
    },
  }

  /**
   * "Any available" for a move: the current member when they are free at the new time
   * (nothing changes for them), else fair assignment among those who are.
   */
  async function anyoneFree(
    tenant: Tenant,
    serviceId: string,
    startsAt: number,
    currentMemberId: string,
  ): Promise<string> {
    const appointments = createAppointmentRepository(database.db)
    const [policy, service] = await Promise.all([
      appointments.policy(tenant.id),
      appointments.service(tenant.id, serviceId),
    ])
    if (!service) throw new Error(`The service ${serviceId} of an appointment is missing.`)
    const [slot] = await findAvailability(database.db, {
      tenantId: tenant.id,
      service,
      policy,
      now: Date.now(),
      from: startsAt,
      to: startsAt + 1,
    })
    if (!slot || slot.startsAt !== startsAt) throw slotTaken()
    if (slot.teamMemberIds.includes(currentMemberId)) return currentMemberId
    const chosen = await chooseFairly(
      database.db,
      { tenantId: tenant.id, timeZone: policy.timeZone },
      slot.teamMemberIds,
      startsAt,
    )
    if (!chosen) throw slotTaken()
    return chosen
  }
}

/**
 * The service must be one the business takes bookings for and the member, when named, a
 * bookable one who performs it; ids of another business are simply not found here.
 */
function checkChoice(
  catalog: PublicCatalog,
  serviceId: string,
  teamMemberId: string | null | undefined,
  where: 'query' | 'body',
): void {
  const service = catalog.services.find((candidate) => candidate.id === serviceId)
  if (!service) {
    throw invalid(`${where}.service_id`, 'is not a service this business takes bookings for')
  }
  if (teamMemberId && !service.team_member_ids.includes(teamMemberId)) {
    throw invalid(`${where}.team_member_id`, `is not a team member who performs ${service.name}`)
  }
}

function checkTeamMemberChoice(settings: SettingsRow, teamMemberId: string | null): void {
  const refusal = teamMemberChoiceRefusal(settings.teamMemberChoice, teamMemberId)
  if (refusal) throw invalid('body.team_member_id', refusal)
}

/**
 * Runs a booking or move; whatever made the time unavailable meanwhile (another booking, a
 * full session, nobody free) becomes the one public answer, which names nobody.
 */
async function publicSlot<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (error instanceof HttpProblem && error.status === 409) throw slotTaken(error)
    throw error
  }
}

function slotTaken(cause?: unknown): HttpProblem {
  return new HttpProblem(409, 'This time was just taken. Please choose another time.', {
    type: '/problems/slot-taken',
    cause,
  })
}

function notChangeable(detail: string): HttpProblem {
  return new HttpProblem(409, detail, { type: '/problems/appointment-not-changeable' })
}

function publicAppointmentNotFound(): HttpProblem {
  return new HttpProblem(404, 'There is no appointment here for this link.')
}

function verifiedEmail(identity: Identity): string {
  if (!identity.email || !identity.emailVerified) {
    throw new HttpProblem(
      403,
      'Open the sign-in link we e-mailed you first: your e-mail address is not confirmed yet.',
    )
  }
  return identity.email
}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key']
  return typeof value === 'string' ? value : undefined
}

function manageToken(request: FastifyRequest): string | undefined {
  const value = request.headers['x-manage-token']
  return typeof value === 'string' ? value : undefined
}

function invalid(path: string, message: string): HttpProblem {
  return new HttpProblem(400, `${path} ${message}.`, { errors: [{ path, message }] })
}
