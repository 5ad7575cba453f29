import type { FastifyReply, FastifyRequest } from 'fastify'
import type { components } from '../../shared/contract/schema.d.ts'
import { can } from '../../shared/permissions.ts'
import type { ClosingStatus } from '../domain/appointment-status.ts'
import type { Member } from '../domain/member.ts'
import type { OperationRequest } from '../http/operation-types.ts'
import { HttpProblem } from '../http/problem.ts'
import { requireCapability } from '../http/require-capability.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createAppointmentService, StaffWriter } from '../services/appointment-service.ts'
import type { createDashboardService } from '../services/dashboard-service.ts'
import type { FrontDeskService } from '../services/front-desk-service.ts'
import type { createMembershipService } from '../services/membership-service.ts'
import type { AppointmentRefundService } from '../services/payments/appointment-refunds.ts'
import type { createSubmittedDetailsService } from '../services/submitted-details-service.ts'

type Appointment = components['schemas']['Appointment']
type AppointmentList = components['schemas']['AppointmentList']
type Dashboard = components['schemas']['Dashboard']
type AppointmentPayments = components['schemas']['AppointmentPayments']
type CheckoutResult = components['schemas']['CheckoutResult']

export interface AppointmentHandlerDeps {
  members: ReturnType<typeof createMembershipService>
  appointments: ReturnType<typeof createAppointmentService>
  /** The appointment's payments and staff refunds. */
  refunds: AppointmentRefundService
  /** Check-in and checkout at the till. */
  frontDesk: FrontDeskService
  submittedDetails: ReturnType<typeof createSubmittedDetailsService>
  dashboards: ReturnType<typeof createDashboardService>
}

/** Handlers for the contract's `appointments` tag (appointments and the dashboard). */
export function createAppointmentHandlers({
  members,
  appointments,
  refunds,
  frontDesk,
  submittedDetails,
  dashboards,
}: AppointmentHandlerDeps) {
  const memberOf = (request: FastifyRequest) => members.resolve(requireIdentity(request))

  /** The member as a writer of appointments, if they may `what` at all (403 otherwise). */
  async function writerOf(request: FastifyRequest, what: string): Promise<StaffWriter> {
    const member = await memberOf(request)
    return {
      tenantId: member.tenantId,
      onlyTeamMemberId: ownColumn(member, what),
      uid: member.uid,
      actor: member.actor,
    }
  }

  async function close(
    request: OperationRequest<'completeAppointment' | 'markAppointmentNoShow'>,
    status: ClosingStatus,
  ): Promise<Appointment> {
    const writer = await writerOf(request, 'close appointments')
    return appointments.close(writer, request.params.appointmentId, status)
  }

  return {
    async listAppointments(
      request: OperationRequest<'listAppointments'>,
    ): Promise<AppointmentList> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see appointments')
      return appointments.list(member.tenantId, request.query)
    },

    async getAppointment(request: OperationRequest<'getAppointment'>): Promise<Appointment> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see appointments')
      return appointments.get(member.tenantId, request.params.appointmentId)
    },

    async createAppointment(
      request: OperationRequest<'createAppointment'>,
      reply: FastifyReply,
    ): Promise<Appointment> {
      const writer = await writerOf(request, 'book appointments')
      const appointment = await appointments.book(writer, request.body)
      reply.code(201)
      return appointment
    },

    async updateAppointment(request: OperationRequest<'updateAppointment'>): Promise<Appointment> {
      const writer = await writerOf(request, 'change appointments')
      return appointments.update(writer, request.params.appointmentId, request.body)
    },

    async cancelAppointment(request: OperationRequest<'cancelAppointment'>): Promise<Appointment> {
      const writer = await writerOf(request, 'cancel appointments')
      return appointments.cancel(writer, request.params.appointmentId, request.body)
    },

    async getAppointmentPayments(
      request: OperationRequest<'getAppointmentPayments'>,
    ): Promise<AppointmentPayments> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see appointments')
      return refunds.view(member.tenantId, request.params.appointmentId)
    },

    async refundAppointmentPayment(
      request: OperationRequest<'refundAppointmentPayment'>,
      reply: FastifyReply,
    ): Promise<AppointmentPayments> {
      const member = await memberOf(request)
      requireCapability(member, 'payments.refund', 'refund payments')
      const payments = await refunds.refund(
        { tenantId: member.tenantId, actor: member.actor },
        { appointmentId: request.params.appointmentId, paymentId: request.params.paymentId },
        request.body,
        // Required by the contract, so the validated header is one string.
        String(request.headers['idempotency-key']),
      )
      reply.code(201)
      return payments
    },

    completeAppointment: (request: OperationRequest<'completeAppointment'>) =>
      close(request, 'completed'),

    async checkInAppointment(
      request: OperationRequest<'checkInAppointment'>,
    ): Promise<Appointment> {
      const writer = await writerOf(request, 'check customers in')
      return frontDesk.checkIn(writer, request.params.appointmentId)
    },

    async undoCheckIn(request: OperationRequest<'undoCheckIn'>): Promise<Appointment> {
      const writer = await writerOf(request, 'check customers in')
      return frontDesk.undoCheckIn(writer, request.params.appointmentId)
    },

    async checkoutAppointment(
      request: OperationRequest<'checkoutAppointment'>,
      reply: FastifyReply,
    ): Promise<CheckoutResult> {
      const writer = await writerOf(request, 'check visits out')
      const result = await frontDesk.checkout(writer, request.params.appointmentId, request.body)
      reply.code(201)
      return result
    },

    async acceptSubmittedDetails(
      request: OperationRequest<'acceptSubmittedDetails'>,
    ): Promise<Appointment> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see appointments')
      requireCapability(member, 'customers.write', 'change customers')
      return submittedDetails.accept(member, request.params.appointmentId, request.body.fields)
    },

    markAppointmentNoShow: (request: OperationRequest<'markAppointmentNoShow'>) =>
      close(request, 'no_show'),

    async getDashboard(request: FastifyRequest): Promise<Dashboard> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see the dashboard')
      return dashboards.dashboard(member.tenantId)
    },
  }
}

/**
 * Whose appointments the member may book, change or close: null for anyone's
 * ('appointments.write'), their own team-member id for 'appointments.writeOwn'; else 403.
 */
function ownColumn(member: Member, what: string): string | null {
  if (can(member.permission, 'appointments.write')) return null
  requireCapability(member, 'appointments.writeOwn', what)
  if (!member.teamMemberId) {
    throw new HttpProblem(
      403,
      `You don't have permission to ${what}: you have no team-member record.`,
    )
  }
  return member.teamMemberId
}
