import type { Middleware } from 'openapi-fetch'

/**
 * Given the request that got a 401 (unsent copy, as prepared) and that 401, returns the
 * response the caller should see: a successful replay, or the final 401.
 */
export type UnauthorizedHandler = (request: Request, response: Response) => Promise<Response>

/**
 * Hands 401s to whoever owns the refresh (the auth machine). Registered last so the copy it
 * keeps is the fully prepared request; the copy is taken before sending because fetch
 * consumes the body.
 */
export function unauthorizedReplay(getHandler: () => UnauthorizedHandler | null): Middleware {
  const unsent = new Map<string, Request>()
  return {
    onRequest({ request, id }) {
      if (getHandler()) unsent.set(id, request.clone())
      return request
    },
    async onResponse({ response, id }) {
      const original = unsent.get(id)
      unsent.delete(id)
      const handler = getHandler()
      if (response.status !== 401 || !original || !handler) return response
      return handler(original, response)
    },
    onError({ id }) {
      unsent.delete(id)
    },
  }
}
