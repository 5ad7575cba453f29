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
