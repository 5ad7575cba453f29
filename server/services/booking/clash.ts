import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database, Db } from '../../db/database.ts'
import { loadAppointment } from '../../db/read-models/appointment-views.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import { sqlStateOf } from '../../db/sql-state.ts'
import { describeInstant } from '../../domain/business-time.ts'
import { conflict, Refusal } from '../../domain/refusal.ts'

type Appointment = components['schemas']['Appointment']

/*
 * A clash explained: a booking or move refused because the time is taken says which
 * appointment is in the way and where the calendar shows it, also when the exclusion
 * constraint, not our check, was the one to refuse.
 */

const TAKEN_A_MOMENT_AGO = 'Someone else booked this time a moment ago; pick another time.'

/** The busy range an appointment would take, and whose: what a clash is looked up by. */
export interface Clash {
  teamMemberId: string
  busyFrom: Date
  busyUntil: Date
  seatGroup: string
  exceptId: string
}

/**
 * A booking the exclusion constraint refused: another transaction took the time between our
 * check and our insert. A conflict already; `explainClash` names the appointment in the way.
 */
class SlotTakenError extends Refusal {
  constructor(
    readonly tenantId: string,
    readonly clash: Clash,
    readonly timeZone: string,
    cause: unknown,
  ) {
    super('conflict', TAKEN_A_MOMENT_AGO, { cause })
    this.name = 'SlotTakenError'
  }
}

/** Runs the write; the exclusion constraint's refusal becomes a SlotTakenError. */
export async function guardClash(
  tenantId: string,
  clash: Clash,
  timeZone: string,
  write: () => Promise<void>,
): Promise<void> {
  try {
    await write()
  } catch (error) {
    if (sqlStateOf(error) !== '23P01') throw error
    throw new SlotTakenError(tenantId, clash, timeZone, error)
  }
}

/**
 * A failed statement aborts a PostgreSQL transaction, so the appointment in the way is looked
 * up after the rollback, in a fresh query.
 */
export async function explainClash<T>(database: Database, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof SlotTakenError)) throw error
    const blockingId = await createAppointmentRepository(database.db).findBlocking(
      error.tenantId,
      error.clash,
    )
    if (!blockingId) throw error
    throw await explainBlocking(database.db, error.tenantId, blockingId, error.timeZone)
  }
}

/** The refusal for a clash with the appointment of this id. */
export async function explainBlocking(
  db: Db,
  tenantId: string,
  blockingId: string | undefined,
  timeZone: string,
): Promise<Refusal> {
  const blocking = blockingId ? await loadAppointment(db, tenantId, blockingId) : null
  if (!blocking) return conflict(TAKEN_A_MOMENT_AGO)
  return clashRefusal(blocking, timeZone)
}

/** The refusal for a clash: which appointment is in the way, and where the calendar shows it. */
export function clashRefusal(blocking: Appointment, timeZone: string): Refusal {
  const start = Date.parse(blocking.starts_at)
  const end = describeInstant(Date.parse(blocking.ends_at), timeZone).slice(-5)
  return conflict(
    `${blocking.team_member_name} already has ${blocking.service_name} for ${blocking.customer_name} on ${describeInstant(start, timeZone)}–${end} (${timeZone}), which overlaps this time (buffers included).`,
    { existing: { id: blocking.id, href: `/calendar?appointment=${blocking.id}` } },
  )
}
