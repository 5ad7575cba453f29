import type { components } from '../../../shared/contract/schema.d.ts'
import type { Db } from '../../db/database.ts'
import { loadAppointment } from '../../db/read-models/appointment-views.ts'
import {
  createAppointmentRepository,
  type ServiceRow,
} from '../../db/repositories/appointment-repository.ts'
import type { ServiceTiming } from '../../domain/availability/types.ts'
import { notFound, type Refusal } from '../../domain/refusal.ts'
import { checkActiveService, checkPerformerRow } from './booking-rules.ts'

type Appointment = components['schemas']['Appointment']

/*
 * The lookups every service that handles appointments shares with the booking core: the
 * refusal for an unknown appointment, the timing a service gives a booking, and the checks of
 * the service and the team member a request names.
 */

export function appointmentNotFound(): Refusal {
  return notFound('There is no appointment with this id in your business.')
}

/** The duration and buffers a booking of the service captures. */
export function timingOf(service: ServiceRow): ServiceTiming {
  return {
    durationMinutes: service.durationMinutes,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
  }
}

/** The active service of the business the request names at `path`; refused as invalid otherwise. */
export async function activeService(
  db: Db,
  tenantId: string,
  serviceId: string,
  path: string,
): Promise<ServiceRow> {
  return checkActiveService(
    await createAppointmentRepository(db).service(tenantId, serviceId),
    path,
  )
}

/** The team member must be a bookable one of the business who performs the service. */
export async function checkPerformer(
  db: Db,
  tenantId: string,
  teamMemberId: string,
  service: ServiceRow,
  path: string,
): Promise<void> {
  const member = await createAppointmentRepository(db).teamMember(
    tenantId,
    teamMemberId,
    service.id,
  )
  checkPerformerRow(member, service, path)
}

/** The appointment as the API shows it, read inside the transaction that just wrote it. */
export async function mustLoad(tx: Db, tenantId: string, id: string): Promise<Appointment> {
  const appointment = await loadAppointment(tx, tenantId, id)
  if (!appointment) throw new Error(`Appointment ${id} vanished inside its own transaction.`)
  return appointment
}
