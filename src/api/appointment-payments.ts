import type { components } from '../../shared/contract/schema'
import { unwrap } from './api-error'
import { api } from './client'

export type AppointmentPayments = components['schemas']['AppointmentPayments']
export type AppointmentPayment = components['schemas']['AppointmentPayment']
export type PaymentState = components['schemas']['PaymentState']
export type RefundInput = components['schemas']['RefundInput']

/** The appointment's payments, their refunds, and what cancelling it now would refund. */
export async function loadAppointmentPayments(appointmentId: string): Promise<AppointmentPayments> {
  return unwrap(
    await api.GET('/api/v1/appointments/{appointmentId}/payments', {
      params: { path: { appointmentId } },
    }),
  )
}

/**
 * Refunds (part of) a payment. `idempotencyKey` is one per intended refund, kept for its
 * retries, so a second press or a retry after a timeout never refunds twice.
 */
export async function refundAppointmentPayment(
  target: { appointmentId: string; paymentId: string },
  input: RefundInput,
  idempotencyKey: string,
): Promise<AppointmentPayments> {
  return unwrap(
    await api.POST('/api/v1/appointments/{appointmentId}/payments/{paymentId}/refunds', {
      params: { path: target, header: { 'Idempotency-Key': idempotencyKey } },
      body: input,
    }),
  )
}
