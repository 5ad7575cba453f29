import type { FastifyReply, FastifyRequest } from 'fastify'
import type { components } from '../../shared/contract/schema.d.ts'
import type { BusinessResolver } from '../http/business-resolver.ts'
import type { OperationRequest } from '../http/operation-types.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createLogoService } from '../services/logo-service.ts'
import type { createCustomerAccountService } from '../services/public/customer-account-service.ts'
import type { createPublicBookingService } from '../services/public/public-booking-service.ts'
import type { createPublicCatalogService } from '../services/public/public-catalog-service.ts'
import type { ManageLink } from '../services/public/public-manage-service.ts'

type PublicAppointment = components['schemas']['PublicAppointment']
type PublicBookingConfirmation = components['schemas']['PublicBookingConfirmation']
type PublicAvailability = components['schemas']['PublicAvailability']
type MyAppointments = components['schemas']['MyAppointments']
type CustomerProfile = components['schemas']['CustomerProfile']

type PublicCatalogService = ReturnType<typeof createPublicCatalogService>
/** A business as the public catalogue finds it by its slug. */
type Business = Parameters<PublicCatalogService['business']>[0]

export interface PublicBookingHandlerDeps {
  catalog: PublicCatalogService
  booking: ReturnType<typeof createPublicBookingService>
  accounts: ReturnType<typeof createCustomerAccountService>
  logos: ReturnType<typeof createLogoService>
  /** The business a public request is for (see createBusinessResolver); 400/404 otherwise. */
  resolveBusiness: BusinessResolver<Business>
}

/**
 * Handlers for the contract's `public-booking` tag: what a customer without a staff account
 * may see and do, in the business the address names.
 */
export function createPublicBookingHandlers(deps: PublicBookingHandlerDeps) {
  const { catalog, booking, accounts, logos, resolveBusiness } = deps

  return {
    async getPublicBusiness(request: OperationRequest<'getPublicBusiness'>) {
      return catalog.business(await resolveBusiness(request))
    },

    async getPublicPrivacyNotice(request: OperationRequest<'getPublicPrivacyNotice'>) {
      return catalog.privacyNotice(await resolveBusiness(request))
    },

    async listPublicServices(request: OperationRequest<'listPublicServices'>) {
      const tenant = await resolveBusiness(request)
      return catalog.services(tenant, request.query.team_member_id)
    },

    async listPublicTeamMembers(request: OperationRequest<'listPublicTeamMembers'>) {
      const tenant = await resolveBusiness(request)
      return catalog.teamMembers(tenant, request.query.service_id)
    },

    async getPublicProfile(request: OperationRequest<'getPublicProfile'>) {
      const tenant = await resolveBusiness(request)
      return catalog.profile(tenant, request.params.teamMemberSlug)
    },

    async getPublicAvailability(
      request: OperationRequest<'getPublicAvailability'>,
    ): Promise<PublicAvailability> {
      const tenant = await resolveBusiness(request)
      return catalog.availability(tenant, request.query)
    },

    async createPublicBooking(
      request: OperationRequest<'createPublicBooking'>,
      reply: FastifyReply,
    ): Promise<PublicBookingConfirmation> {
      const tenant = await resolveBusiness(request)
      const outcome = await booking.book(tenant, request.body, idempotencyKey(request))
      reply.code(outcome.status)
      return outcome.body
    },

    async getPublicAppointment(
      request: OperationRequest<'getPublicAppointment'>,
    ): Promise<PublicAppointment> {
      const tenant = await resolveBusiness(request)
      return booking.appointment(tenant, manageLink(request))
    },

    async reschedulePublicAppointment(
      request: OperationRequest<'reschedulePublicAppointment'>,
    ): Promise<PublicAppointment> {
      const tenant = await resolveBusiness(request)
      return booking.reschedule(tenant, manageLink(request), request.body, idempotencyKey(request))
    },

    async cancelPublicAppointment(
      request: OperationRequest<'cancelPublicAppointment'>,
    ): Promise<PublicAppointment> {
      const tenant = await resolveBusiness(request)
      return booking.cancel(tenant, manageLink(request), request.body, idempotencyKey(request))
    },

    async syncPublicBookingPayment(request: OperationRequest<'syncPublicBookingPayment'>) {
      const tenant = await resolveBusiness(request)
      return booking.paymentReturn(tenant, manageLink(request), request.body)
    },

    async getPublicAppointmentInvitation(
      request: OperationRequest<'getPublicAppointmentInvitation'>,
      reply: FastifyReply,
    ): Promise<string> {
      const tenant = await resolveBusiness(request)
      const calendar = await booking.invitation(tenant, {
        appointmentId: request.params.appointmentId,
        token: request.query.token,
      })
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="appointment.ics"')
        .header('cache-control', 'no-store')
      return calendar
    },

    /**
     * The logo file at its content-addressed URL: the business is named by id in the path
     * (not by host or slug), so the address stays the same on every host the page is on.
     */
    async getPublicLogo(request: OperationRequest<'getPublicLogo'>, reply: FastifyReply) {
      const { tenantId, sha256 } = request.params
      const logo = await logos.file(tenantId, sha256)
      reply
        .type(logo.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
      return logo.bytes
    },

    async listMyAppointments(
      request: OperationRequest<'listMyAppointments'>,
    ): Promise<MyAppointments> {
      const tenant = await resolveBusiness(request)
      return accounts.appointments(tenant, requireIdentity(request))
    },

    async getMyCustomerProfile(
      request: OperationRequest<'getMyCustomerProfile'>,
    ): Promise<CustomerProfile> {
      const tenant = await resolveBusiness(request)
      return accounts.profile(tenant, requireIdentity(request))
    },

    async saveMyCustomerProfile(
      request: OperationRequest<'saveMyCustomerProfile'>,
    ): Promise<CustomerProfile> {
      const tenant = await resolveBusiness(request)
      return accounts.saveProfile(tenant, requireIdentity(request), request.body)
    },
  }
}

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key']
  return typeof value === 'string' ? value : undefined
}

/** The appointment id of the path with the manage token of the `X-Manage-Token` header. */
function manageLink(request: FastifyRequest<{ Params: { appointmentId: string } }>): ManageLink {
  const value = request.headers['x-manage-token']
  return {
    appointmentId: request.params.appointmentId,
    token: typeof value === 'string' ? value : undefined,
  }
}
