import { and, eq } from 'drizzle-orm'
import {
  appointments,
  customers,
  paymentRefunds,
  payments,
  services,
  teamMembers,
} from './schema.ts'

/*
 * How an appointment joins its service, team member and customer, a payment its appointment,
 * and a refund its payment. Every join also matches
 * the tenant, so a row can only ever meet records of its own business (the composite
 * foreign keys say the same; the join says it where the query is read).
 */

export const appointmentService = () =>
  and(eq(services.tenantId, appointments.tenantId), eq(services.id, appointments.serviceId))

export const appointmentTeamMember = () =>
  and(
    eq(teamMembers.tenantId, appointments.tenantId),
    eq(teamMembers.id, appointments.teamMemberId),
  )

export const appointmentCustomer = () =>
  and(eq(customers.tenantId, appointments.tenantId), eq(customers.id, appointments.customerId))

export const paymentAppointment = () =>
  and(eq(appointments.tenantId, payments.tenantId), eq(appointments.id, payments.appointmentId))

export const refundPayment = () =>
  and(eq(payments.tenantId, paymentRefunds.tenantId), eq(payments.id, paymentRefunds.paymentId))
