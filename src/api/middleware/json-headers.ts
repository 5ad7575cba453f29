import type { Middleware } from 'openapi-fetch'

/** Every call speaks JSON; openapi-fetch already sets Content-Type when there is a body. */
export const jsonHeaders: Middleware = {
  onRequest({ request }) {
    if (!request.headers.has('Accept')) request.headers.set('Accept', 'application/json')
    if (request.body !== null && !request.headers.has('Content-Type')) {
      request.headers.set('Content-Type', 'application/json')
    }
    return request
  },
}
