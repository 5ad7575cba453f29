import type { onRequestHookHandler, RouteOptions } from 'fastify'
import type { PublicRateLimiters } from '../security/public-rate-limits.ts'

const PUBLIC_PREFIX = '/api/v1/public/'
/** Public bodies are a booking form at most; anything larger is refused with 413 unread. */
export const PUBLIC_BODY_LIMIT = 16 * 1024

/**
 * An onRoute hook for the public API: a 16 KB body limit, and per-IP rate limits checked
 * first of all (before sign-in and validation), reads and writes counted apart.
 */
export function guardPublicRoutes(limits: PublicRateLimiters) {
  return (route: RouteOptions) => {
    if (!route.url.startsWith(PUBLIC_PREFIX)) return
    route.bodyLimit = PUBLIC_BODY_LIMIT
    const reads = [route.method].flat().every((method) => method === 'GET' || method === 'HEAD')
    const limit: onRequestHookHandler = async (request) => {
      if (reads) limits.read(request.ip)
      else await limits.write(request.ip)
    }
    route.onRequest = [limit, ...[route.onRequest ?? []].flat()]
  }
}
