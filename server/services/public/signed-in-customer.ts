import type { Database, Db } from '../../db/database.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import { createCustomerRepository } from '../../db/repositories/customer-repository.ts'
import { changedFields } from '../../domain/activity-changes.ts'
import { customerFields, customerUpdateSummary } from '../../domain/customer-changes.ts'
import {
  type CustomerRow,
  customerActor,
  findOrCreateCustomer,
} from '../booking/visitor-customer.ts'
import { toCustomer } from '../customer-service.ts'

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
    const existing = await findOrCreateCustomer(tx, tenantId, input)
    return update(tx, existing, {
      name: input.name.trim(),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
    })
  })
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
  const after = await createCustomerRepository(tx).update(before.tenantId, before.id, differing)
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
