import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { DATABASE_UNAVAILABLE_TYPE, refusalFromDatabaseError } from '../db/database-refusals.ts'
import { Refusal } from '../domain/refusal.ts'
import {
  type FieldError,
  HttpProblem,
  type ProblemExtras,
  problemDocument,
} from '../http/problem.ts'
import { REFUSAL_STATUS, refusalHeaders } from '../http/refusal-status.ts'

export interface ProblemDetailsOptions {
  /** Serves a browser navigation that matched no route (the SPA's index.html). */
  htmlFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  /** Told about every 5xx, e.g. to report it to Sentry. */
  onServerError?: (error: unknown, request: FastifyRequest) => void
}

interface Classified extends ProblemExtras {
  status: number
  detail: string
  headers?: Record<string, string>
}

const UNEXPECTED = 'Something went wrong on our side. It has been logged; please try again later.'

/**
 * Every error and every unknown address becomes an RFC 9457 problem+json response, so clients
 * have one error shape to handle and a 500 never leaks a stack trace or SQL.
 */
export const problemDetailsPlugin = fp<ProblemDetailsOptions>(
  async (app, options) => {
    app.setErrorHandler(async (error, request, reply) => {
      const problem = classify(error, request.method)
      if (problem.type === DATABASE_UNAVAILABLE_TYPE) {
        // Every request says so while the database is down: one line each, no stack, and no
        // error report per request (the outage is the operator's news, not a bug).
        request.log.warn({ cause: databaseCause(error) }, 'database unavailable')
      } else if (problem.status >= 500) {
        request.log.error({ err: error }, 'request failed')
        options.onServerError?.(error, request)
      } else {
        request.log.info({ status: problem.status, detail: problem.detail }, 'request rejected')
      }
      return sendProblem(reply, request, problem)
    })

    app.setNotFoundHandler(async (request, reply) => {
      const path = pathOf(request)
      const isApi = path === '/api' || path.startsWith('/api/')
      const isNavigation =
        (request.method === 'GET' || request.method === 'HEAD') && looksLikeAPage(path, request)
      if (!isApi && isNavigation && options.htmlFallback) {
        return options.htmlFallback(request, reply)
      }
      const allowed = allowedMethods(app, path)
      // A route that exists for this very method (and found nothing to serve) is a plain 404.
      const method = request.method === 'HEAD' ? 'GET' : request.method
      if (allowed.length > 0 && !allowed.includes(method)) {
        return sendProblem(reply, request, {
          status: 405,
          detail: `${request.method} is not allowed here; use ${allowed.join(' or ')}.`,
          headers: { allow: allowed.join(', ') },
        })
      }
      return sendProblem(reply, request, {
        status: 404,
        detail: isApi ? 'There is no API endpoint at this address.' : 'There is nothing here.',
      })
    })
  },
  { name: 'problem-details' },
)

/**
 * A page address (no file extension) asked for by a browser or a plain client such as curl
 * gets the app; a missing asset (say a stale chunk) stays a 404 so the app can offer a retry.
 */
function looksLikeAPage(path: string, request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '*/*'
  const wantsHtml = accept.includes('text/html') || accept.includes('*/*')
  const lastSegment = path.slice(path.lastIndexOf('/') + 1)
  return wantsHtml && (!lastSegment.includes('.') || lastSegment.endsWith('.html'))
}

function sendProblem(reply: FastifyReply, request: FastifyRequest, problem: Classified) {
  return reply
    .code(problem.status)
    .headers(problem.headers ?? {})
    .type('application/problem+json')
    .send({
      ...problemDocument(problem.status, problem.detail, pathOf(request), problem),
      request_id: String(request.id),
    })
}

function classify(error: unknown, method: string): Classified {
  if (error instanceof Refusal) return fromRefusal(error, method)
  if (error instanceof HttpProblem) return fromHttpProblem(error)

  // fastify-openapi-glue wraps what the security handlers threw in a SecurityError.
  const wrapped = (error as { errors?: unknown }).errors
  if (Array.isArray(wrapped)) {
    const refusal = wrapped.find((item): item is Refusal => item instanceof Refusal)
    if (refusal) return fromRefusal(refusal, method)
    const inner = wrapped.find((item): item is HttpProblem => item instanceof HttpProblem)
    if (inner) return fromHttpProblem(inner)
  }

  const validation = (error as { validation?: unknown }).validation
  if (Array.isArray(validation)) {
    const context = (error as { validationContext?: string }).validationContext
    const errors = validation.map((item: AjvError) => fieldError(context, item))
    const [first] = errors
    const detail =
      errors.length === 1 && first
        ? `${first.path} ${first.message}.`
        : `${errors.length} values in the request are invalid.`
    return { status: 400, detail, errors }
  }

  const database = refusalFromDatabaseError(error)
  if (database) return fromRefusal(database, method)

  // Fastify's own client errors (bad JSON, unsupported media type, body too large) carry a
  // 4xx status and a message written for the caller.
  const statusCode = (error as { statusCode?: unknown }).statusCode
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const message = (error as { message?: unknown }).message
    return { status: statusCode, detail: typeof message === 'string' ? message : 'Bad request.' }
  }

  return { status: 500, detail: UNEXPECTED }
}

/** The driver's message under drizzle's "Failed query: …" (which would repeat the SQL). */
function databaseCause(error: unknown): string {
  let current = error
  for (let depth = 0; depth < 5 && (current as { cause?: unknown })?.cause; depth++) {
    current = (current as { cause: unknown }).cause
  }
  return current instanceof Error ? current.message : String(current)
}

function fromHttpProblem(problem: HttpProblem): Classified {
  return {
    status: problem.status,
    detail: problem.message,
    headers: problem.headers,
    type: problem.type,
    ...(problem.errors ? { errors: problem.errors } : {}),
    ...(problem.existing ? { existing: problem.existing } : {}),
    ...(problem.limit ? { limit: problem.limit } : {}),
  }
}

function fromRefusal(refusal: Refusal, method: string): Classified {
  return {
    status: REFUSAL_STATUS[refusal.kind],
    detail: refusal.message,
    headers: refusalHeaders(refusal, method),
    type: refusal.type,
    ...(refusal.errors ? { errors: refusal.errors } : {}),
    ...(refusal.existing ? { existing: refusal.existing } : {}),
    ...(refusal.limit ? { limit: refusal.limit } : {}),
  }
}

interface AjvError {
  instancePath?: string
  keyword?: string
  params?: Record<string, unknown>
  message?: string
}

const contextNames: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
}

/** `query.limit`, `body.customer.email`: where the value is, as the contract's FieldError says. */
function fieldError(context: string | undefined, error: AjvError): FieldError {
  const segments = (error.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
  let message = error.message ?? 'is invalid'
  const missing = error.params?.missingProperty
  const extra = error.params?.additionalProperty ?? error.params?.unevaluatedProperty
  if (error.keyword === 'required' && typeof missing === 'string') {
    segments.push(missing)
    message = 'is required'
  } else if (
    (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') &&
    typeof extra === 'string'
  ) {
    segments.push(extra)
    message = 'is not allowed'
  }
  const root = contextNames[context ?? ''] ?? context ?? 'request'
  return { path: [root, ...segments].join('.'), message }
}

function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?')
  return query === -1 ? request.url : request.url.slice(0, query)
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

function allowedMethods(app: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => app.findRoute({ method, url: path }) !== null)
}
