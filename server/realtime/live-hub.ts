import type { components } from '../../shared/contract/schema.d.ts'
import type { Identity } from '../domain/identity.ts'

type Schemas = components['schemas']

export type LiveAppointmentEvent = Schemas['LiveAppointmentEvent']
export type LiveProfileEvent = Schemas['LiveProfileEvent']
export type LiveError = Schemas['LiveError']
export type LiveServerMessage = Schemas['LiveServerMessage']

/** One authenticated socket as the hub sees it: whose it is and how to reach it. */
export interface LiveConnection {
  /** The verified identity of the latest `auth` message; what the profile is built from. */
  identity: Identity
  /** Sends without throwing; a broken socket closes itself and leaves the hub. */
  send(message: LiveServerMessage): void
  /** Sends a LiveError with this status and detail, closes the socket and leaves the hub. */
  end(status: 401 | 403, detail: string): void
}

/**
 * This process's authenticated sockets, by business. Events go only to the sockets of the
 * business they belong to; a socket joins after its token is verified and its member resolved.
 */
export function createLiveHub() {
  const byTenant = new Map<string, Set<LiveConnection>>()
  const tenantOf = new Map<LiveConnection, string>()

  function leave(connection: LiveConnection): void {
    const tenantId = tenantOf.get(connection)
    if (tenantId === undefined) return
    tenantOf.delete(connection)
    const members = byTenant.get(tenantId)
    members?.delete(connection)
    if (members?.size === 0) byTenant.delete(tenantId)
  }

  return {
    /** Adds the socket to `tenantId`'s, moving it there if it belonged to another business. */
    join(connection: LiveConnection, tenantId: string): void {
      if (tenantOf.get(connection) === tenantId) return
      leave(connection)
      tenantOf.set(connection, tenantId)
      let members = byTenant.get(tenantId)
      if (!members) {
        members = new Set()
        byTenant.set(tenantId, members)
      }
      members.add(connection)
    },
    leave,
    /** A copy, so sockets may join or leave while the caller iterates. */
    connectionsOf(tenantId: string): LiveConnection[] {
      return [...(byTenant.get(tenantId) ?? [])]
    },
    tenantOf(connection: LiveConnection): string | undefined {
      return tenantOf.get(connection)
    },
    all(): LiveConnection[] {
      return [...tenantOf.keys()]
    },
  }
}

export type LiveHub = ReturnType<typeof createLiveHub>
