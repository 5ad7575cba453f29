import type { components } from '../../../shared/contract/schema'
import type { FieldErrors } from '../../machines/entity-form.machine'

export type Problem = components['schemas']['Problem']

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
 * A failed API call as an Error: `message` is the sentence for a toast or a form alert,
 * `fieldErrors` what the form machine shows at each field, `problem` the whole document
 * (`existing` of a duplicate, the status). Thrown by the actors screens give their machines.
 */
export class ProblemError extends Error {
  readonly status: number
  readonly problem: Partial<Problem>
  readonly fieldErrors: FieldErrors

  constructor(status: number, body: unknown) {
    const problem = isProblem(body) ? body : {}
    const fieldErrors = problemFieldErrors(problem)
    // With errors at fields, the form says where to look; the fields say what is wrong.
    const message =
      Object.keys(fieldErrors).length > 0 && status < 500
        ? CHECK_FIELDS_MESSAGE
        : problemMessage(problem, status)
    super(message)
    this.name = 'ProblemError'
    this.status = status
    this.problem = problem
    this.fieldErrors = fieldErrors
  }
}

/**
 * The data of an openapi-fetch result, or a ProblemError when the call failed:
 * `const service = await expectData(await api.GET('/api/v1/services/{serviceId}', ...))`.
 */
export function expectData<Data>(result: {
  data?: Data
  error?: unknown
  response: Response
}): Data {
  if (result.response.ok && result.error === undefined) return result.data as Data
  throw new ProblemError(result.response.status, result.error)
}

/** Like expectData, for calls that answer 204 No Content. */
export function expectOk(result: { error?: unknown; response: Response }): void {
  if (!result.response.ok || result.error !== undefined) {
    throw new ProblemError(result.response.status, result.error)
  }
}
