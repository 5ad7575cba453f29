import type { Db } from '../../db/database.ts'
import { createPublicBookingRepository } from '../../db/repositories/public-booking-repository.ts'

export interface BookingCustomer {
  name: string
  email: string
  phone?: string | null | undefined
  timeZone?: string | undefined
}

/**
 * The business's customer with this e-mail (any letter case), created on first booking.
 * An existing record keeps the name and phone the business has: anyone who types an e-mail
 * address into the booking form could otherwise rewrite that customer's record, and staff
 * may have corrected it. Only a phone or time zone the record lacks is filled in.
 */
export async function customerForBooking(db: Db, tenantId: string, input: BookingCustomer) {
  const repo = createPublicBookingRepository(db)
  const email = input.email.trim()
  const existing = await repo.customerByEmail(tenantId, email)
  if (existing) {
    const missing = {
      ...(existing.phone === null && input.phone ? { phone: input.phone } : {}),
      ...(existing.timeZone === null && input.timeZone ? { timeZone: input.timeZone } : {}),
    }
    if (Object.keys(missing).length === 0) return existing
    return (await repo.updateCustomer(tenantId, existing.id, missing)) ?? existing
  }
  const created = await repo.insertCustomerIfNew(tenantId, {
    name: input.name.trim(),
    email,
    phone: input.phone ?? null,
    timeZone: input.timeZone ?? null,
  })
  // Null when a concurrent booking created the same e-mail's record a moment ago.
  const customer = created ?? (await repo.customerByEmail(tenantId, email))
  if (!customer) throw new Error(`The customer for ${email} was neither created nor found.`)
  return customer
}

/**
 * A signed-in customer's own details, created or replaced: their verified e-mail proves the
 * record is theirs, so here the name and phone they give win.
 */
export async function saveSignedInCustomer(
  db: Db,
  tenantId: string,
  input: { email: string; name: string; phone?: string | null | undefined },
) {
  const repo = createPublicBookingRepository(db)
  const existing = await customerForBooking(db, tenantId, input)
  const changes = {
    name: input.name.trim(),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
  }
  return (await repo.updateCustomer(tenantId, existing.id, changes)) ?? existing
}
