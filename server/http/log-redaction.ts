import type { FastifyRequest } from 'fastify'

/**
 * Query parameters that carry a secret: invitation downloads and calendar feeds use `token`;
 * Google's OAuth callback brings an authorization `code` and our signed `state`.
 */
const SECRET_PARAMETERS = /([?&](?:token|code|state)=)[^&#]*/gi

/** The URL as logs may keep it: secrets in the query replaced, the rest as sent. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]')
}

/**
 * Fastify's request log fields, with the URL redacted: a capability link in the logs would
 * let anyone who reads them manage the appointment or read the calendar.
 */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
