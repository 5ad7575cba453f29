import { useSearch } from 'wouter'

/** The business named by a page's `?business=`, so the API answers for the same one. */
export function pageBusiness(): string | null {
  if (typeof window === 'undefined') return null
  return new URLSearchParams(window.location.search).get('business') || null
}

/**
 * pageBusiness() for a render: read through the router, which the server renderer gives the
 * request's query, so a link rendered on the server is the link the browser renders.
 */
export function usePageBusinessParam(): string | null {
  return new URLSearchParams(useSearch()).get('business') || null
}
