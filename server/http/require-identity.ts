import type { FastifyRequest } from 'fastify'
import type { Identity } from '../domain/identity.ts'

/**
 * The identity on a route the contract secures (set by the auth plugin's security handler
 * before any handler runs); reaching a handler without one is a bug.
 */
export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw new Error('Handler reached without an authenticated identity.')
  return request.identity
}
