import type { Database } from '../db/database.ts'
import type { createMembershipService } from '../services/membership-service.ts'

export interface SchedulingHandlerDeps {
  database: Database
  members: ReturnType<typeof createMembershipService>
}

/** Handlers for the contract's `scheduling` tag (availability, next slot, schedule). */
export function createSchedulingHandlers(_deps: SchedulingHandlerDeps) {
  return {}
}
