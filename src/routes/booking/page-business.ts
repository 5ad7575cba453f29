import { createPublicClient } from '../../api/public-client'

/** The business named by a page's `?business=`, so the API answers for the same one. */
export function pageBusiness(): string | null {
  if (typeof window === 'undefined') return null
  return new URLSearchParams(window.location.search).get('business') || null
}

/** THE public client of the browser's booking pages: every call is for the page's business. */
export const pagePublicClient = createPublicClient({ getBusiness: pageBusiness })
