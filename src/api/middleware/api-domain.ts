import type { Middleware } from 'openapi-fetch'

/**
 * Sends calls to the business's own API address (the profile's `domain`) when one is stored;
 * otherwise they stay on the page's origin. Read per request, so it applies as soon as the
 * profile arrives.
 */
export function apiDomain(getDomain: () => string | null): Middleware {
  return {
    async onRequest({ request }) {
      const base = toApiBase(getDomain())
      if (!base) return request
      const url = new URL(request.url)
      const target = `${base}${url.pathname}${url.search}`
      return target === request.url ? request : withUrl(request, target)
    },
  }
}

/** `api.example.com` or `https://api.example.com/` → `https://api.example.com`; junk → null. */
export function toApiBase(domain: string | null): string | null {
  const trimmed = domain?.trim()
  if (!trimmed) return null
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`
  try {
    const url = new URL(withScheme)
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
  } catch {
    return null
  }
}

// A Request's URL is read-only, and passing a streaming body to a new Request needs
// `duplex`, so the (small, JSON) body is buffered instead.
async function withUrl(request: Request, url: string): Promise<Request> {
  const body = request.body === null ? undefined : await request.arrayBuffer()
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    referrerPolicy: request.referrerPolicy,
    integrity: request.integrity,
    keepalive: request.keepalive,
  })
}
