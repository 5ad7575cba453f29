import type { components } from '../../shared/contract/schema.d.ts'

type Problem = components['schemas']['Problem']
export type FieldError = components['schemas']['FieldError']
/** For a duplicate: the record already there, and where the staff app shows it. */
export type ExistingRecord = NonNullable<Problem['existing']>
/** For a plan's limit: the limit in the way. */
export type PlanLimit = NonNullable<Problem['limit']>

/**
 * Why a use case said no, in the domain's words. The edge (`server/http/refusal-status.ts`)
 * gives each kind its HTTP status; services never name one.
 */
export type RefusalKind =
  /** A value the caller sent breaks a rule: `errors` names each field. */
  | 'invalid'
  /** The credential sent is not accepted: malformed, expired or not signed by our provider. */
  | 'unauthenticated'
  /** The plan's limit, or a card that was declined: paying (more) would change the answer. */
  | 'payment-required'
  /** Signed in, but this person may not do this. */
  | 'forbidden'
  /** The record does not exist, or not for this business. */
  | 'not-found'
  /** The record's present state (or another record) is in the way. */
  | 'conflict'
  /** What was sent is larger than this use case takes (an uploaded file). */
  | 'too-large'
  /** What was sent is of a kind this use case does not take: `acceptedTypes` lists those it does. */
  | 'unsupported-media-type'
  /** Well-formed, but what it asks cannot be carried out as sent. */
  | 'unprocessable'
  /** Too many of these, too fast: `retryAfterSeconds` says when to come back. */
  | 'too-many-requests'
  /** A provider or resource we depend on is not answering: trying again later may work. */
  | 'unavailable'

export interface RefusalDetails {
  /** A URI naming the kind of problem for clients that react to it (`/problems/slot-taken`). */
  type?: string | undefined
  errors?: FieldError[] | undefined
  existing?: ExistingRecord | undefined
  limit?: PlanLimit | undefined
  retryAfterSeconds?: number | undefined
  acceptedTypes?: readonly string[] | undefined
  cause?: unknown
}

/** A use case's "no": its kind, a sentence for the person, and what a client can act on. */
export class Refusal extends Error {
  readonly kind: RefusalKind
  readonly type: string
  readonly errors: FieldError[] | undefined
  readonly existing: ExistingRecord | undefined
  readonly limit: PlanLimit | undefined
  readonly retryAfterSeconds: number | undefined
  readonly acceptedTypes: readonly string[] | undefined

  constructor(kind: RefusalKind, detail: string, details: RefusalDetails = {}) {
    super(detail, { cause: details.cause })
    this.name = 'Refusal'
    this.kind = kind
    this.type = details.type ?? 'about:blank'
    this.errors = details.errors
    this.existing = details.existing
    this.limit = details.limit
    this.retryAfterSeconds = details.retryAfterSeconds
    this.acceptedTypes = details.acceptedTypes
  }
}

/** One field's value refused: the detail and the field error say the same, naming the field. */
export function invalidField(path: string, message: string, type?: string): Refusal {
  return new Refusal('invalid', `${path} ${message}.`, { type, errors: [{ path, message }] })
}

/**
 * Refuses every field error at once, as the contract's schema validation does, for the checks a
 * schema cannot express (a real time zone, a blank name), so forms handle both alike.
 */
export function assertValid(errors: readonly FieldError[]): void {
  const [first] = errors
  if (!first) return
  const detail =
    errors.length === 1
      ? `${first.path} ${first.message}.`
      : `${errors.length} values in the request are invalid.`
  throw new Refusal('invalid', detail, { errors: [...errors] })
}

export function notFound(detail: string, type?: string): Refusal {
  return new Refusal('not-found', detail, { type })
}

export function conflict(detail: string, details: RefusalDetails = {}): Refusal {
  return new Refusal('conflict', detail, details)
}

export function forbidden(detail: string, type?: string): Refusal {
  return new Refusal('forbidden', detail, { type })
}

export function unavailable(detail: string, details: RefusalDetails = {}): Refusal {
  return new Refusal('unavailable', detail, details)
}
