import type { Db } from '../db/database.ts'
import { notifyChannel } from '../db/notify.ts'

/**
 * The PostgreSQL channel every API process LISTENs on for live updates. Triggers also send
 * `{ tenant_id, kind: 'public_read' }` on it when what the booking pages read changes; the
 * public read cache (server/db/read-cache.ts) takes those before the live dispatcher.
 */
export const LIVE_CHANNEL = 'slotwise_live'

export type AppointmentEventType =
  | 'appointment.created'
  | 'appointment.updated'
  | 'appointment.cancelled'

/**
 * What travels through NOTIFY: only ids, never the record (NOTIFY payloads are capped at
 * 8000 bytes, and each listening process reads the current record itself before pushing it to
 * its sockets, so nobody receives data written by a transaction that did not commit).
 */
export type LiveNotification =
  | { tenant_id: string; kind: 'appointment'; type: AppointmentEventType; appointment_id: string }
  | { tenant_id: string; kind: 'profile' }

/**
 * The NOTIFY of an appointment change as channel and payload, for a statement that sends it
 * with other work (see `notifyAppointmentChange` for when).
 */
export function appointmentChangeNotice(event: {
  tenantId: string
  type: AppointmentEventType
  appointmentId: string
}): { channel: string; payload: string } {
  const notification: LiveNotification = {
    tenant_id: event.tenantId,
    kind: 'appointment',
    type: event.type,
    appointment_id: event.appointmentId,
  }
  return { channel: LIVE_CHANNEL, payload: JSON.stringify(notification) }
}

/**
 * Announces an appointment change. Call it inside the transaction that makes the change:
 * PostgreSQL delivers NOTIFY only when that transaction commits, and drops it on rollback.
 */
export async function notifyAppointmentChange(
  tx: Db,
  event: { tenantId: string; type: AppointmentEventType; appointmentId: string },
): Promise<void> {
  await notify(tx, {
    tenant_id: event.tenantId,
    kind: 'appointment',
    type: event.type,
    appointment_id: event.appointmentId,
  })
}

/**
 * Announces that what `/api/v1/me/` returns may have changed for the business's users
 * (business name, currency, time zone, a permission). Same transaction rule as above.
 */
export async function notifyProfileChange(tx: Db, tenantId: string): Promise<void> {
  await notify(tx, { tenant_id: tenantId, kind: 'profile' })
}

async function notify(tx: Db, notification: LiveNotification): Promise<void> {
  await notifyChannel(tx, LIVE_CHANNEL, JSON.stringify(notification))
}
