import type { FastifyRequest, preParsingHookHandler, RouteOptions } from 'fastify'
import { HttpProblem } from './problem.ts'

/**
 * An onRoute hook that makes each route accept exactly the request media types its schema
 * declares (for contract routes, the operation's `requestBody.content`), and nothing else.
 *
 * Why it is needed: Fastify validates a body only against the schema of the media type it was
 * sent as, and parses any type it has a parser for. A JSON body labelled `text/plain` or
 * `application/problem+json` therefore reached the handlers unvalidated. Checking the label
 * before the body is parsed means every body a handler sees has passed its schema.
 */
export function enforceDeclaredMediaTypes(route: RouteOptions): void {
  const declared = declaredMediaTypes(route)
  const check: preParsingHookHandler = async (request) => {
    checkMediaType(request, declared)
  }
  route.preParsing = [check, ...[route.preParsing ?? []].flat()]
}

function declaredMediaTypes(route: RouteOptions): string[] {
  const body = route.schema?.body as { content?: Record<string, unknown> } | undefined
  if (!body) return []
  // A plain body schema (no `content` map) is Fastify's shorthand for JSON.
  return body.content ? Object.keys(body.content).map(essence) : ['application/json']
}

function checkMediaType(request: FastifyRequest, declared: readonly string[]): void {
  const header = request.headers['content-type']
  if (declared.length === 0) {
    if (hasBody(request)) {
      throw new HttpProblem(415, 'This operation takes no request body.', {
        errors: [{ path: 'header.content-type', message: 'no body is accepted here' }],
      })
    }
    return
  }
  const sent = header === undefined ? undefined : essence(header)
  if (sent !== undefined && declared.includes(sent)) return
  const accepted = declared.join(' or ')
  throw new HttpProblem(
    415,
    sent === undefined
      ? `The request body must be sent as ${accepted}.`
      : `The request body must be sent as ${accepted}, not ${sent}.`,
    {
      errors: [{ path: 'header.content-type', message: `must be ${accepted}` }],
      headers: { 'accept-post': declared.join(', ') },
    },
  )
}

/** `Application/JSON; charset=utf-8` → `application/json`. */
function essence(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase()
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length']
  // A Content-Type header alone (some clients send one on every call) carries nothing.
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  )
}
