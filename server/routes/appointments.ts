import type { Database } from '../db/database.ts'
import type { createMembershipService } from '../services/membership-service.ts'

export interface AppointmentHandlerDeps {
  database: Database
  members: ReturnType<typeof createMembershipService>
}

/** Handlers for the contract's `appointments` tag (appointments and the dashboard). */
export function createAppointmentHandlers(_deps: AppointmentHandlerDeps) {
  return {}
}
