import type { components } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import { loadAppointment } from '../db/read-models/appointment-views.ts'
import type { Member } from '../domain/member.ts'
import type { SubmittedField } from '../domain/submitted-details.ts'
import { appointmentNotFound } from './booking/booking-lookups.ts'
import type { CustomerPatch, createCustomerService } from './customer-service.ts'

type Appointment = components['schemas']['Appointment']
type SubmittedDetail = components['schemas']['SubmittedDetail']

/**
 * Staff accepting what a visitor typed into the online booking form into the customer record
 * the booking was filed under: an online booking never changes that record itself.
 */
export function createSubmittedDetailsService(
  database: Database,
  /** The app's customer service: the copy is checked, written and logged as any edit. */
  customers: ReturnType<typeof createCustomerService>,
) {
  async function found(member: Member, appointmentId: string): Promise<Appointment> {
    const appointment = await loadAppointment(database.db, member.tenantId, appointmentId)
    if (!appointment) throw appointmentNotFound()
    return appointment
  }

  return {
    /**
     * Copies the named fields, where they still differ, into the record through the customer
     * service, so it is checked, written and logged (by the member) like any edit of the
     * customer. A field that no longer differs is left alone: a repeat changes nothing.
     */
    async accept(
      member: Member,
      appointmentId: string,
      fields: readonly SubmittedField[],
    ): Promise<Appointment> {
      const appointment = await found(member, appointmentId)
      const accepted = appointment.submitted_details.filter((detail) =>
        fields.includes(detail.field),
      )
      if (accepted.length === 0) return appointment
      await customers.update(member, appointment.customer_id, patchOf(accepted))
      return found(member, appointmentId)
    },
  }
}

function patchOf(details: readonly SubmittedDetail[]): CustomerPatch {
  const patch: CustomerPatch = {}
  for (const { field, submitted } of details) patch[field] = submitted
  return patch
}
