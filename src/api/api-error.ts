import type { components } from '../../shared/contract/schema'

export type Problem = components['schemas']['Problem']

/** `{ field: sentence }`, as a form shows them next to each field. */
export type FieldErrors = Record<string, string>

/** Said when a save fails at fields: the details are next to each field. */
export const CHECK_FIELDS_MESSAGE = 'Please check the highlighted fields.'
const FALLBACK_MESSAGE = 'Something went wrong. Please try again.'
const SERVER_ERROR_MESSAGE = 'The server could not complete this. Please try again in a moment.'

/**
 * The field a problem's `errors[].path` points at, as the form names it: `body.name` → `name`,
 * `body.working_hours.0.end` → `working_hours.0.end`. Paths outside the body (query, path,
 * header) keep their prefix, so they never land on a form field by accident.
 */
export function fieldOfPath(path: string): string {
  const dotted = path.startsWith('/') ? path.slice(1).replaceAll('/', '.') : path
  return dotted.startsWith('body.') ? dotted.slice('body.'.length) : dotted
}

/**
 * The server's wording as a sentence for under a field: the validator's "is required" or
 * "must NOT have more than 120 characters" read oddly on their own.
 */
export function fieldMessage(message: string): string {
  const text = message.trim().replace(/\bNOT\b/g, 'not')
  if (text === '') return 'This value is not valid.'
  const sentence = /^(is|must|should|has|already)\b/.test(text) ? `This value ${text}` : text
  const capitalised = sentence.charAt(0).toUpperCase() + sentence.slice(1)
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`
}

/** problem+json → `{ field: message }`, one message per field (the first the server gave). */
export function problemFieldErrors(
  problem: Pick<Problem, 'errors'> | null | undefined,
): FieldErrors {
  const errors: FieldErrors = {}
  for (const { path, message } of problem?.errors ?? []) {
    const field = fieldOfPath(path)
    if (!(field in errors)) errors[field] = fieldMessage(message)
  }
  return errors
}

/** The sentence to show for a whole problem: its `detail`, else its `title`, else a fallback. */
export function problemMessage(
  problem: Partial<Problem> | null | undefined,
  status?: number,
): string {
  if ((status ?? problem?.status ?? 0) >= 500) return SERVER_ERROR_MESSAGE
  if (problem?.detail) return problem.detail
  if (problem?.title && problem.title !== 'Bad Request') return problem.title
  return FALLBACK_MESSAGE
}

function isProblem(value: unknown): value is Partial<Problem> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A failed API call as an Error, the one kind every client throws: `message` is the sentence
 * for a toast or a form alert, `fieldErrors` what the form machine shows at each field,
 * `problem` the whole problem+json document (`existing` of a duplicate, the status), and
 * `retryAfterSeconds` when a 429 says to come back.
 */
export class ApiError extends Error {
  readonly status: number
  readonly problem: Partial<Problem>
  readonly fieldErrors: FieldErrors
  readonly retryAfterSeconds: number | null

  constructor(status: number, body: unknown, retryAfter: string | null = null) {
    const problem = isProblem(body) ? body : {}
    const fieldErrors = problemFieldErrors(problem)
    // With errors at fields, the form says where to look; the fields say what is wrong.
    const message =
      Object.keys(fieldErrors).length > 0 && status < 500
        ? CHECK_FIELDS_MESSAGE
        : problemMessage(problem, status)
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.problem = problem
    this.fieldErrors = fieldErrors
    this.retryAfterSeconds = parseRetryAfter(retryAfter)
  }
}

/** Retry-After as seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

/**
 * The data of an openapi-fetch result, or an ApiError when the call failed (a 204 gives
 * `undefined`): `const service = unwrap(await api.GET('/api/v1/services/{serviceId}', ...))`.
 */
export function unwrap<Data>(result: { data?: Data; error?: unknown; response: Response }): Data {
  const { data, error, response } = result
  if (response.ok && error === undefined) return data as Data
  throw new ApiError(response.status, error, response.headers.get('Retry-After'))
}
