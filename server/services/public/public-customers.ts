import type { Database, Db } from '../../db/database.ts'
import {
  type ActivityRecord,
  createActivityRepository,
} from '../../db/repositories/activity-repository.ts'
import { createPublicBookingRepository } from '../../db/repositories/public-booking-repository.ts'
import type { customers } from '../../db/schema.ts'
import { changedFields } from '../../domain/activity-changes.ts'
import {
  customerFields,
  customerUpdateSummary,
  filledFields,
} from '../../domain/customer-changes.ts'
import type { Actor } from '../../domain/member.ts'
import { toCustomer } from '../customer-service.ts'

type CustomerRow = typeof customers.$inferSelect

export interface BookingCustomer {
  name: string
  email: string
  phone?: string | null | undefined
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
  const customer = await findOrCreate(tx, tenantId, visitor, async (entry) => {
    created = entry
  })
  return { customer, created }
}

/**
 * A signed-in customer's own details, created or replaced: their verified e-mail proves the
 * record is theirs, so here the name and phone they give win.
 */
export function saveSignedInCustomer(
  database: Database,
  tenantId: string,
  input: { email: string; name: string; phone?: string | null | undefined },
): Promise<CustomerRow> {
  return database.transaction(async (tx) => {
    const existing = await findOrCreate(tx, tenantId, input)
    return update(tx, existing, {
      name: input.name.trim(),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
    })
  })
}

async function findOrCreate(
  tx: Db,
  tenantId: string,
  input: BookingCustomer,
  record: (entry: ActivityRecord) => Promise<void> = (entry) =>
    createActivityRepository(tx).record(entry),
) {
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

/** Writes the values that differ, and logs them as the customer's own change. */
async function update(
  tx: Db,
  before: CustomerRow,
  values: Partial<Pick<CustomerRow, 'name' | 'phone' | 'timeZone'>>,
): Promise<CustomerRow> {
  const differing = Object.fromEntries(
    Object.entries(values).filter(
      ([field, value]) => before[field as keyof typeof values] !== value,
    ),
  )
  if (Object.keys(differing).length === 0) return before
  const after = await createPublicBookingRepository(tx).updateCustomer(
    before.tenantId,
    before.id,
    differing,
  )
  if (!after) throw new Error(`Customer ${before.id} vanished mid-update.`)
  const changes = changedFields(toCustomer(before), toCustomer(after), customerFields)
  if (changes.length === 0) return after
  await createActivityRepository(tx).record({
    tenantId: before.tenantId,
    actor: customerActor(after),
    entityType: 'customer',
    entityId: after.id,
    action: 'updated',
    summary: customerUpdateSummary(after.name, changes),
    changes,
  })
  return after
}
