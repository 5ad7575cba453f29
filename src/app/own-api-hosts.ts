import { toApiBase } from '../api/middleware/api-domain'
import { readDomain } from './storage'

/**
 * Is `url` one of our own API hosts (the page's origin or the stored business domain)? Trace
 * headers (`sentry-trace`, `baggage`) go only there: other hosts would reject them in CORS
 * preflight and should not see our trace ids.
 */
export function isOwnApiUrl(url: string, origin: string, domain: string | null): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true
  const isUnder = (base: string) => url === base || url.startsWith(`${base}/`)
  const domainBase = toApiBase(domain)
  return (origin !== '' && isUnder(origin)) || (domainBase !== null && isUnder(domainBase))
}

// Sentry's option takes strings and RegExps, checked with `.test()` per request. A RegExp
// whose `test` consults storage follows the stored domain, which arrives with the profile
// after start-up, without re-initialising Sentry.
class OwnApiHostsPattern extends RegExp {
  override test(url: string): boolean {
    const origin = typeof location === 'undefined' ? '' : location.origin
    return isOwnApiUrl(url, origin, readDomain())
  }
}

export const ownApiHosts: RegExp = new OwnApiHostsPattern('^$')
