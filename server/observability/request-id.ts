import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** The header a load balancer sets and every response carries back. */
export const REQUEST_ID_HEADER = 'x-request-id'

// Printable token characters only, and not too long: the id goes into every log line and a
// response header, so nothing a client sends may break either.
const SANE_REQUEST_ID = /^[A-Za-z0-9][\w.:+=@/-]{0,127}$/

/**
 * Fastify's `genReqId`: the id the load balancer gave the request (HAProxy's `unique-id`,
 * say), so one id follows it through both logs; a new UUID when there is none or it is not
 * sane.
 */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER]
  if (typeof given === 'string' && SANE_REQUEST_ID.test(given)) return given
  return randomUUID()
}
