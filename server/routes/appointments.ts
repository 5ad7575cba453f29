import type { FastifyReply } from 'fastify'
import type { components } from '../../shared/contract/schema.d.ts'
import type { ClosingStatus } from '../domain/appointment-status.ts'
import { appointmentColumnOf, type Member } from '../domain/member.ts'
import type { createAppointmentService, StaffWriter } from '../services/appointment-service.ts'
import type { createCalendarChangeService } from '../services/calendar-change-service.ts'
import type { createDashboardService } from '../services/dashboard-service.ts'
import type { FrontDeskService } from '../services/front-desk-service.ts'
import type { AppointmentRefundService } from '../services/payments/appointment-refunds.ts'
import type { createSubmittedDetailsService } from '../services/submitted-details-service.ts'
import type { MemberRequest } from './operation-access.ts'

type Appointment = components['schemas']['Appointment']
type AppointmentList = components['schemas']['AppointmentList']
type UpdatedAppointment = components['schemas']['UpdatedAppointment']
type Dashboard = components['schemas']['Dashboard']
type AppointmentPayments = components['schemas']['AppointmentPayments']
type CheckoutResult = components['schemas']['CheckoutResult']

export interface AppointmentHandlerDeps {
  appointments: ReturnType<typeof createAppointmentService>
  /** The appointment's payments and staff refunds. */
  refunds: AppointmentRefundService
  /** Check-in and checkout at the till. */
  frontDesk: FrontDeskService
  submittedDetails: ReturnType<typeof createSubmittedDetailsService>
  dashboards: ReturnType<typeof createDashboardService>
  /** Decisions on changes made to appointments' events in members' own calendars. */
  calendarChanges: ReturnType<typeof createCalendarChangeService>
}

/** Handlers for the contract's `appointments` tag (appointments and the dashboard). */
export function createAppointmentHandlers({
  appointments,
  refunds,
  frontDesk,
  submittedDetails,
  dashboards,
  calendarChanges,
}: AppointmentHandlerDeps) {
  async function close(
    request: MemberRequest<'completeAppointment' | 'markAppointmentNoShow'>,
    status: ClosingStatus,
  ): Promise<Appointment> {
    return appointments.close(writerOf(request.member), request.params.appointmentId, status)
  }

  return {
    async listAppointments(request: MemberRequest<'listAppointments'>): Promise<AppointmentList> {
      return appointments.list(request.member.tenantId, request.query)
    },

    async getAppointment(request: MemberRequest<'getAppointment'>): Promise<Appointment> {
      return appointments.get(request.member.tenantId, request.params.appointmentId)
    },

    async createAppointment(
      request: MemberRequest<'createAppointment'>,
      reply: FastifyReply,
    ): Promise<Appointment> {
      const writer = writerOf(request.member)
      const appointment = await appointments.book(writer, request.body)
      reply.code(201)
      return appointment
    },

    async updateAppointment(
      request: MemberRequest<'updateAppointment'>,
    ): Promise<UpdatedAppointment> {
      const writer = writerOf(request.member)
      return appointments.update(writer, request.params.appointmentId, request.body)
    },

    async undoAppointmentChange(
      request: MemberRequest<'undoAppointmentChange'>,
    ): Promise<Appointment> {
      const writer = writerOf(request.member)
      return appointments.undoChange(writer, request.params.appointmentId, request.body.change_id)
    },

    async cancelAppointment(request: MemberRequest<'cancelAppointment'>): Promise<Appointment> {
      const writer = writerOf(request.member)
      return appointments.cancel(writer, request.params.appointmentId, request.body)
    },

    async getAppointmentPayments(
      request: MemberRequest<'getAppointmentPayments'>,
    ): Promise<AppointmentPayments> {
      return refunds.view(request.member.tenantId, request.params.appointmentId)
    },

    async refundAppointmentPayment(
      request: MemberRequest<'refundAppointmentPayment'>,
      reply: FastifyReply,
    ): Promise<AppointmentPayments> {
      const { member } = request
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

    completeAppointment: (request: MemberRequest<'completeAppointment'>) =>
      close(request, 'completed'),

    async checkInAppointment(request: MemberRequest<'checkInAppointment'>): Promise<Appointment> {
      const writer = writerOf(request.member)
      return frontDesk.checkIn(writer, request.params.appointmentId)
    },

    async undoCheckIn(request: MemberRequest<'undoCheckIn'>): Promise<Appointment> {
      const writer = writerOf(request.member)
      return frontDesk.undoCheckIn(writer, request.params.appointmentId)
    },

    async checkoutAppointment(
      request: MemberRequest<'checkoutAppointment'>,
      reply: FastifyReply,
    ): Promise<CheckoutResult> {
      const writer = writerOf(request.member)
      const result = await frontDesk.checkout(writer, request.params.appointmentId, request.body)
      reply.code(201)
      return result
    },

    async decideCalendarChange(
      request: MemberRequest<'decideCalendarChange'>,
    ): Promise<Appointment> {
      const writer = writerOf(request.member)
      return calendarChanges.decide(writer, request.params.appointmentId, request.body.decision)
    },

    async acceptSubmittedDetails(
      request: MemberRequest<'acceptSubmittedDetails'>,
    ): Promise<Appointment> {
      return submittedDetails.accept(
        request.member,
        request.params.appointmentId,
        request.body.fields,
      )
    },

    markAppointmentNoShow: (request: MemberRequest<'markAppointmentNoShow'>) =>
      close(request, 'no_show'),

    async getDashboard(request: MemberRequest<'getDashboard'>): Promise<Dashboard> {
      return dashboards.dashboard(request.member.tenantId)
    },
  }
}

/** The member as a writer of appointments: anyone's, or only in their own column. */
function writerOf(member: Member): StaffWriter {
  return {
    tenantId: member.tenantId,
    onlyTeamMemberId: appointmentColumnOf(member),
    uid: member.uid,
    actor: member.actor,
  }
}
