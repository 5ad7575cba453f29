import type { components } from '../../shared/contract/schema.d.ts'

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
