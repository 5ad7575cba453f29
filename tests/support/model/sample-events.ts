import type { EventObject } from 'xstate'
import type { components } from '../../../shared/contract/schema'
import { ApiError } from '../../../src/api/api-error'

/**
 * The answer of an invoked actor as a step of a model path: `xstate.done.actor.<id>` with its
 * output, `xstate.error.actor.<id>` with what it threw. `name` tells sample answers apart in the
 * test names (`xstate.done.actor.book(booked)`).
 */
export type ActorAnswerEvent = EventObject & { output?: unknown; error?: unknown; name?: string }

/**
 * A step of a model path: one of the machine's own events (`TEvent`, so samples are checked
 * against it), named or not, or an invoked actor's answer.
 */
export type ModelEvent<TEvent extends EventObject = EventObject> =
  | (TEvent & { name?: string })
  | ActorAnswerEvent

const DONE = 'xstate.done.actor.'
const ERROR = 'xstate.error.actor.'

/** The invoked actor `actor` answers with `output`. */
export function done(actor: string, output: unknown, name?: string): ActorAnswerEvent {
  return { type: `${DONE}${actor}`, output, ...(name === undefined ? {} : { name }) }
}

/** The invoked actor `actor` throws `error`. */
export function failed(actor: string, error: unknown, name?: string): ActorAnswerEvent {
  return { type: `${ERROR}${actor}`, error, ...(name === undefined ? {} : { name }) }
}

/** Which invoked actor a step answers, and how; null for any other event. */
export function actorAnswer(
  event: ActorAnswerEvent,
): { actor: string; outcome: { output: unknown } | { fails: unknown } } | null {
  if (event.type.startsWith(DONE)) {
    return { actor: event.type.slice(DONE.length), outcome: { output: event.output } }
  }
  if (event.type.startsWith(ERROR)) {
    return { actor: event.type.slice(ERROR.length), outcome: { fails: event.error } }
  }
  return null
}

/**
 * A step as the test names show it: its sample name when it has one, else its type with a
 * short payload (`list.sort("-price")`), else its type alone.
 */
export function describeEvent(event: ActorAnswerEvent): string {
  if (event.name !== undefined) return `${event.type}(${event.name})`
  const answer = actorAnswer(event)
  if (answer) return 'fails' in answer.outcome ? `${event.type}(threw)` : `${event.type}(ok)`
  const { type: _type, ...payload } = event as Record<string, unknown>
  const keys = Object.keys(payload)
  if (keys.length === 0) return event.type
  const text = JSON.stringify(keys.length === 1 ? payload[keys[0] as string] : payload)
  return `${event.type}(${text.length > 60 ? `${text.slice(0, 57)}…` : text})`
}

/** Every way the app's effects fail that the machines tell apart, as the app throws them. */
export const sampleErrors = {
  /** fetch's own failure: no network. */
  offline: new TypeError('Failed to fetch'),
  /** An Error without a message: the machines fall back to their own sentence. */
  silent: new Error(''),
  forbidden: new ApiError(403, { status: 403, detail: 'Your role may not see this.' }),
  notFound: new ApiError(404, { status: 404, detail: 'Not found.' }),
  serverError: new ApiError(500, {
    status: 500,
    detail: 'The server could not complete this.',
  }),
  /** A 400 naming a field: forms show it there. */
  invalidName: new ApiError(400, {
    status: 400,
    detail: 'Please check the highlighted fields.',
    errors: [{ path: 'body.name', message: 'Must not be empty.' }],
  }),
  /** A 409 naming the record in the way. */
  clash: new ApiError(409, {
    status: 409,
    detail: 'Alex already has Colour for Sam at 14:30.',
    existing: { id: 'other', href: '/calendar?appointment=other' },
  }),
} as const

/** A problem+json answer of the public API, as its client throws it (`fields`: path → message). */
export function publicProblem(
  status: number,
  detail: string,
  fields: Record<string, string> = {},
  type = 'about:blank',
): ApiError {
  const errors = Object.entries(fields).map(([path, message]) => ({ path, message }))
  return new ApiError(status, { type, status, detail, errors }, null)
}

/** The answers of a load: each output (by name) and each way it fails. */
export function loadAnswers(
  actor: string,
  outputs: Record<string, unknown>,
  errors: readonly (keyof typeof sampleErrors)[] = ['offline', 'forbidden'],
): ActorAnswerEvent[] {
  return [
    ...Object.entries(outputs).map(([name, output]) => done(actor, output, name)),
    ...errors.map((name) => failed(actor, sampleErrors[name], name)),
  ]
}

/** An activity log entry by `actor` (a uid; null for the system), as the API lists it. */
export function sampleActivityEntry(
  id: string,
  actor: string | null = 'uid-owner',
): components['schemas']['ActivityEntry'] {
  return {
    id,
    occurred_at: '2026-03-01T10:00:00Z',
    actor: actor === null ? null : { uid: actor, name: actor, email: null },
    entity_type: 'service',
    entity_id: null,
    action: 'updated',
    summary: `Entry ${id}`,
    changes: [{ field: 'price_minor', before: 3000, after: 3500 }],
  }
}
