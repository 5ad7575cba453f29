import type { components } from '../../shared/contract/schema.d.ts'
import { isDatabaseUnavailable, sqlStateOf } from '../db/sql-state.ts'

export type Problem = components['schemas']['Problem']
export type FieldError = components['schemas']['FieldError']
/** For a 409 caused by a duplicate: the record already there, and where the staff app shows it. */
export type ExistingRecord = NonNullable<Problem['existing']>
/** For a 402 of type `/problems/plan-limit`: the limit in the way. */
export type PlanLimit = NonNullable<Problem['limit']>

/** Members a problem document carries beyond type, title, status, detail and instance. */
export interface ProblemExtras {
  errors?: FieldError[] | undefined
  existing?: ExistingRecord | undefined
  limit?: PlanLimit | undefined
  type?: string | undefined
}

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

export function statusTitle(status: number): string {
  return titles[status] ?? (status >= 500 ? 'Server Error' : 'Client Error')
}

/**
 * An error a handler or plugin throws on purpose: its status and detail go to the client as
 * problem+json. Anything else thrown becomes a 500 with no internals.
 */
export class HttpProblem extends Error {
  readonly status: number
  readonly errors: FieldError[] | undefined
  readonly headers: Record<string, string>
  readonly existing: ExistingRecord | undefined
  readonly limit: PlanLimit | undefined
  /** A URI naming the kind of problem for clients that react to it; 'about:blank' otherwise. */
  readonly type: string

  constructor(
    status: number,
    detail: string,
    options: {
      errors?: FieldError[]
      headers?: Record<string, string>
      existing?: ExistingRecord
      limit?: PlanLimit | undefined
      type?: string
      cause?: unknown
    } = {},
  ) {
    super(detail, { cause: options.cause })
    this.name = 'HttpProblem'
    this.status = status
    this.errors = options.errors
    this.headers = options.headers ?? {}
    this.existing = options.existing
    this.limit = options.limit
    this.type = options.type ?? 'about:blank'
  }
}

export function problemDocument(
  status: number,
  detail: string,
  instance: string,
  { errors, existing, limit, type = 'about:blank' }: ProblemExtras = {},
): Problem {
  return {
    type,
    title: statusTitle(status),
    status,
    detail,
    instance,
    ...(errors && errors.length > 0 ? { errors } : {}),
    ...(existing ? { existing } : {}),
    ...(limit ? { limit } : {}),
  }
}

const unstorableText = 'A text in the request contains characters that cannot be stored.'

/**
 * PostgreSQL errors that are the client's fault, by SQLSTATE. Constraint names stay out of
 * the detail: they describe our schema, not the request.
 *
 * The data exceptions (class 22) are the ones the database gave for the fuzz suite's values
 * (errors.test.ts stores them in a column of every type the schema uses); request validation
 * refuses those values first, so these answer only what slips past it.
 */
const databaseProblems: Record<string, { status: number; detail: string }> = {
  '23505': { status: 409, detail: 'A record with the same unique values already exists.' },
  '23P01': { status: 409, detail: 'This conflicts with an existing record.' },
  '23503': { status: 400, detail: 'The request refers to a record that does not exist.' },
  '23514': { status: 400, detail: 'A value in the request is outside the allowed range.' },
  '22001': { status: 400, detail: 'A text in the request is longer than allowed.' },
  '22003': { status: 400, detail: 'A number in the request is outside the allowed range.' },
  '22007': { status: 400, detail: 'A date or time in the request has an invalid format.' },
  '22008': { status: 400, detail: 'A date or time in the request is outside the allowed range.' },
  '22009': { status: 400, detail: 'A time offset in the request is outside the allowed range.' },
  '22021': { status: 400, detail: unstorableText },
  '22P02': { status: 400, detail: 'A value in the request has an invalid format.' },
  '22P05': { status: 400, detail: unstorableText },
}

/** Clients (and load balancers) may retry a request the database could not serve after this. */
export const DATABASE_RETRY_AFTER_SECONDS = 5
export const DATABASE_UNAVAILABLE_TYPE = '/problems/database-unavailable'

/**
 * Maps a database error (possibly wrapped, e.g. by drizzle) to a client problem, if it is one:
 * the client's fault by SQLSTATE, or a 503 of type `/problems/database-unavailable` while the
 * database is down or restarting. Sending the request again later is safe: a booking repeated
 * with its Idempotency-Key is not booked twice even if its commit outlived the connection.
 */
export function problemFromDatabaseError(
  error: unknown,
): { status: number; detail: string; type?: string; headers?: Record<string, string> } | undefined {
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      detail: 'The database is not answering right now; please try again in a few seconds.',
      type: DATABASE_UNAVAILABLE_TYPE,
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    }
  }
  const code = sqlStateOf(error)
  return code === undefined ? undefined : databaseProblems[code]
}
