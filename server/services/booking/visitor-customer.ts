import type { Db } from '../../db/database.ts'
import {
  type ActivityRecord,
  createActivityRepository,
} from '../../db/repositories/activity-repository.ts'
import type { NewAppointment } from '../../db/repositories/appointment-repository.ts'
import { createPublicBookingRepository } from '../../db/repositories/public-booking-repository.ts'
import type { customers } from '../../db/schema.ts'
import { filledFields } from '../../domain/customer-changes.ts'
import type { Actor } from '../../domain/member.ts'
import { toCustomer } from '../customer-service.ts'
import type { BookingRequest } from './booking-requests.ts'

export type CustomerRow = typeof customers.$inferSelect

/** What a visitor types into the booking form about themselves. */
export interface VisitorDetails {
  name: string
  email: string
  phone?: string | null | undefined
}

export interface BookingCustomer extends VisitorDetails {
  timeZone?: string | undefined
}

/** Activity-log entries say the customer did it; their record id stands in for a user id. */
export function customerActor(customer: { id: string; name: string; email: string | null }): Actor {
  return {
    uid: `customer:${customer.id}`,
    name: `${customer.name} (customer)`,
    email: customer.email,
  }
}

/** The visitor's details as kept: trimmed, and a blank phone as none. */
export function typedDetails(visitor: VisitorDetails): {
  name: string
  email: string
  phone: string | null
} {
  return {
    name: visitor.name.trim(),
    email: visitor.email.trim(),
    phone: visitor.phone?.trim() || null,
  }
}

/**
 * The customer the appointment is filed under, who the activity log says booked it, and, for
 * a visitor, what they typed (kept with the appointment; their customer record is not touched).
 */
export async function whoBooks(
  tx: Db,
  request: BookingRequest,
): Promise<{
  customerId: string
  actor: Actor | null
  submitted?: Pick<NewAppointment, 'submittedName' | 'submittedEmail' | 'submittedPhone'>
  /** A visitor's customer record made now: its activity entry, to write with the booking's. */
  customerCreated?: ActivityRecord | null
}> {
  if (request.source === 'staff') return { customerId: request.customerId, actor: request.actor }
  const visitor = typedDetails(request.visitor)
  const { customer, created } = await customerForPublicBooking(tx, request.tenantId, {
    ...visitor,
    timeZone: request.customerTimeZone,
  })
  return {
    customerCreated: created,
    customerId: customer.id,
    actor: customerActor({ id: customer.id, name: visitor.name, email: visitor.email }),
    submitted: {
      submittedName: visitor.name,
      submittedEmail: visitor.email,
      submittedPhone: visitor.phone,
    },
  }
}

/**
 * The business's customer with this e-mail (any letter case), created with the visitor's
 * details when there is none. An existing record is left exactly as it is: anyone can type an
 * e-mail address into the booking form, so what they typed is kept with the appointment (for
 * staff to accept) and never written into, nor filled into, the business's record. Runs inside
 * the booking's transaction once the time is secured, so a refused booking creates nobody.
 * A new record's activity entry is handed back (`created`) for the caller to write with its
 * own in the same transaction: one statement for both.
 */
export async function customerForPublicBooking(
  tx: Db,
  tenantId: string,
  visitor: BookingCustomer,
): Promise<{ customer: CustomerRow; created: ActivityRecord | null }> {
  let created: ActivityRecord | null = null
  const customer = await findOrCreateCustomer(tx, tenantId, visitor, async (entry) => {
    created = entry
  })
  return { customer, created }
}

/**
 * The business's customer with this e-mail, or one created with these details (its activity
 * entry handed to `record`, written at once unless the caller writes it with its own).
 */
export async function findOrCreateCustomer(
  tx: Db,
  tenantId: string,
  input: BookingCustomer,
  record: (entry: ActivityRecord) => Promise<void> = (entry) =>
    createActivityRepository(tx).record(entry),
): Promise<CustomerRow> {
  const repo = createPublicBookingRepository(tx)
  const email = input.email.trim()
  // Found, or inserted when there is none, in one statement.
  const outcome = await repo.customerByEmailOrInsert(tenantId, {
    name: input.name.trim(),
    email,
    phone: input.phone ?? null,
    timeZone: input.timeZone ?? null,
  })
  if (outcome && !outcome.created) return outcome.row
  const created = outcome?.row
  if (!created) {
    // A concurrent booking created this e-mail's record a moment ago (on PostgreSQL the insert
    // waited for its commit, so this read sees it).
    const theirs = await repo.customerByEmail(tenantId, email)
    if (!theirs) throw new Error(`The customer for ${email} was neither created nor found.`)
    return theirs
  }
  await record({
    tenantId,
    actor: customerActor(created),
    entityType: 'customer',
    entityId: created.id,
    action: 'created',
    summary: `${created.name} signed up through online booking`,
    changes: filledFields(toCustomer(created)),
  })
  return created
}
