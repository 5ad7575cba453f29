import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { problemDocument } from './problem.ts'

/**
 * Errors Fastify answers before any route or error handler runs: a path that does not decode
 * (`%E0%A4%A`), a path segment over the router's limit. By default they go out as Fastify's
 * own JSON; here they are problem+json like every other error.
 */
export function frameworkErrors(
  error: Error & { statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400
  const detail =
    status === 414
      ? 'A part of the address is too long.'
      : status >= 500
        ? 'Something went wrong on our side. Please try again later.'
        : 'The address is not valid: it has a malformed percent-encoding.'
  reply
    .code(status)
    .type('application/problem+json')
    .send({
      ...problemDocument(status, detail, instanceOf(request.raw.url)),
      request_id: String(request.id),
    })
}

/**
 * Errors Node's HTTP parser finds before Fastify sees a request (headers over the size limit,
 * a malformed request line, a client too slow to send its headers). There is no request to
 * reply to, so the answer is written on the socket, which is then closed as Node does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request was not received in time.']
        : [400, 'The request is not valid HTTP.']
  if (socket.writable) {
    const body = JSON.stringify(problemDocument(status, detail, ''))
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/problem+json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    )
  }
  socket.destroy(error)
}

/** The path as sent, without the query; kept as raw text since it may not decode. */
function instanceOf(url: string | undefined): string {
  const path = (url ?? '').split('?')[0] ?? ''
  return path.length > 200 ? `${path.slice(0, 200)}…` : path
}
