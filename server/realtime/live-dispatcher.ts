import type { FastifyBaseLogger } from 'fastify'
import type { components } from '../../shared/contract/schema.d.ts'
import type { Identity } from '../domain/identity.ts'
import { Refusal } from '../domain/refusal.ts'
import type { LiveNotification } from './live-events.ts'
import type { LiveConnection, LiveHub, LiveServerMessage } from './live-hub.ts'

type Appointment = components['schemas']['Appointment']
type Profile = components['schemas']['Profile']

export interface LiveDispatcherDeps {
  hub: LiveHub
  loadAppointment(tenantId: string, appointmentId: string): Promise<Appointment | null>
  /** What GET /api/v1/me/ returns for this identity. */
  loadProfile(identity: Identity): Promise<Profile>
  log: FastifyBaseLogger
}

/**
 * Turns NOTIFY payloads into messages for this process's sockets. An appointment is read once
 * per notification, whatever the number of sockets; a profile is built per socket, because it
 * is each user's own, and a socket whose user lost their access is closed instead. Notifications
 * of one business are handled in arrival order, so a socket never sees `updated` before `created`.
 */
export function createLiveDispatcher(deps: LiveDispatcherDeps) {
  const queues = new Map<string, Promise<void>>()

  // One socket's failure must not keep the message from the others.
  function sendSafely(connection: LiveConnection, message: LiveServerMessage) {
    try {
      connection.send(message)
    } catch (error) {
      deps.log.warn({ err: error }, 'live message not sent to one socket')
    }
  }

  async function deliver(notification: LiveNotification): Promise<void> {
    const { hub } = deps
    const tenantId = notification.tenant_id
    // Nobody of this business is connected to this process: nothing to read.
    if (hub.connectionsOf(tenantId).length === 0) return
    if (notification.kind === 'appointment') {
      const appointment = await deps.loadAppointment(tenantId, notification.appointment_id)
      if (!appointment) return
      for (const connection of hub.connectionsOf(tenantId)) {
        sendSafely(connection, { type: notification.type, appointment })
      }
      return
    }
    await Promise.all(
      hub.connectionsOf(tenantId).map(async (connection) => {
        try {
          const profile = await deps.loadProfile(connection.identity)
          // Removed from this business (their profile is now another's): events follow them.
          if (hub.tenantOf(connection) === tenantId) hub.join(connection, profile.tenant.id)
          sendSafely(connection, { type: 'profile.updated', profile })
        } catch (error) {
          // Their access was removed: the socket closes now, not when its token expires.
          if (error instanceof Refusal && error.kind === 'forbidden') {
            connection.end(403, error.message)
            return
          }
          deps.log.error({ err: error }, 'live profile update failed for one socket')
        }
      }),
    )
  }

  return {
    /** Handles one NOTIFY payload; never rejects (a bad payload or failed read is logged). */
    handle(payload: string): Promise<void> {
      const notification = parseNotification(payload)
      if (!notification) {
        deps.log.warn({ payload }, 'ignored a malformed live notification')
        return Promise.resolve()
      }
      const tenantId = notification.tenant_id
      const previous = queues.get(tenantId) ?? Promise.resolve()
      const current = previous
        .then(() => deliver(notification))
        .catch((error: unknown) => {
          deps.log.error({ err: error }, 'live notification could not be delivered')
        })
      queues.set(tenantId, current)
      void current.then(() => {
        if (queues.get(tenantId) === current) queues.delete(tenantId)
      })
      return current
    },
    /** Resolves when every notification received so far has been handled (shutdown, tests). */
    async idle(): Promise<void> {
      while (queues.size > 0) await Promise.all(queues.values())
    },
  }
}

const APPOINTMENT_TYPES = new Set([
  'appointment.created',
  'appointment.updated',
  'appointment.cancelled',
])

function parseNotification(payload: string): LiveNotification | null {
  let value: unknown
  try {
    value = JSON.parse(payload)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const record = value as Record<string, unknown>
  if (typeof record.tenant_id !== 'string') return null
  if (record.kind === 'profile') return { tenant_id: record.tenant_id, kind: 'profile' }
  if (
    record.kind === 'appointment' &&
    typeof record.type === 'string' &&
    APPOINTMENT_TYPES.has(record.type) &&
    typeof record.appointment_id === 'string'
  ) {
    return value as LiveNotification
  }
  return null
}
