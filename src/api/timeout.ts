export const REQUEST_TIMEOUT_MS = 10_000

/**
 * Sends `request` with a deadline, still honouring any signal the caller passed. The timeout is
 * applied here rather than on the request itself so that a request parked for a 401 replay
 * carries only the caller's signal and each replay gets a fresh deadline.
 */
export function fetchWithTimeout(
  request: Request,
  timeoutMs: number = REQUEST_TIMEOUT_MS,
  fetchImpl?: (request: Request) => Promise<Response>,
): Promise<Response> {
  const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)])
  const send = fetchImpl ?? globalThis.fetch
  return send(new Request(request, { signal }))
}
