import type { MessageKey } from '../../shared/i18n/en'

/**
 * What the machines read from a failed call: the api clients throw `Error`s that may carry the
 * HTTP `status` (and more, see each machine). Kept here so every machine reads them alike.
 */

/** The error's own sentence, or `fallback` when it has none. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}

/** The HTTP status a thrown error carries, if any (none: offline, DNS, timeout). */
export function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null
  return typeof error.status === 'number' ? error.status : null
}

/** The error of an actor's error event, for guards that read any event. */
export const errorOf = (event: unknown) => (event as { error?: unknown }).error

/** The problem `type` a thrown error carries (`ApiError.problem.type`), if any. */
export function problemTypeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('problem' in error)) return null
  const problem = error.problem
  if (typeof problem !== 'object' || problem === null || !('type' in problem)) return null
  return typeof problem.type === 'string' ? problem.type : null
}

/**
 * A failed call in the booking pages' words, as a catalogue key (the page says it in its
 * language, never the server's English): the key the effects gave the failure (`messageKey`,
 * e.g. a sign-in service's refusal), else offline, too many attempts, or `otherwise`.
 */
export function failureKeyOf(error: unknown, otherwise: MessageKey): MessageKey {
  if (typeof error === 'object' && error !== null && 'messageKey' in error) {
    // Only the booking pages' effects set it, always to a key of the catalogue.
    const key = error.messageKey
    if (typeof key === 'string' && key !== '') return key as MessageKey
  }
  const status = statusOf(error)
  if (status === null) return 'call_offline'
  if (status === 429) return 'call_rate_limited'
  return otherwise
}
