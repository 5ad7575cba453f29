import type { Middleware } from 'openapi-fetch'

/** `Authorization: Bearer <token>` from wherever the session keeps it, read per request. */
export function bearerToken(getToken: () => string | null): Middleware {
  return {
    onRequest({ request }) {
      const token = getToken()
      if (token && !request.headers.has('Authorization')) {
        request.headers.set('Authorization', `Bearer ${token}`)
      }
      return request
    },
  }
}
