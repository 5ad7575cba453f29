import type { Database } from '../db/database.ts'
import { type DemoOwnerAccount, writeDemoBusiness } from '../db/seed.ts'
import type { DemoBooking } from '../db/seed-appointments.ts'
import { Refusal } from '../domain/refusal.ts'
import { HttpProblem } from '../http/problem.ts'
import { bookAppointment } from './booking-service.ts'

/**
 * The demo business `npm start` seeds once (see server/db/seed.ts for what it holds). Its
 * coming week is booked through the booking service, so the demo obeys every rule a real
 * booking does; a time the rules refuse is left out.
 */
export function seedDemoBusiness(database: Database, owner: DemoOwnerAccount) {
  return writeDemoBusiness(database, owner, bookUnlessRefused)
}

const bookUnlessRefused: DemoBooking = async (tx, request) => {
  try {
    await bookAppointment(tx, request)
    return true
  } catch (error) {
    // HttpProblem until the booking core refuses in domain words too (issue 23).
    if (error instanceof Refusal || error instanceof HttpProblem) return false
    throw error
  }
}
