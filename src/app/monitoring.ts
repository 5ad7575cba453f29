import * as Sentry from '@sentry/react'
import { type HttpFailure, setErrorReporter } from '../api/client'
import { toApiBase } from '../api/middleware/api-domain'
import type { RuntimeConfig } from './runtime-config'
import { readDomain } from './storage'

/**
 * Starts Sentry when (and only when) a DSN is configured, and makes it the API client's error
 * reporter. Returns whether monitoring is on.
 *
 * The seed's `profilesSampleRate: 1` is `profileSessionSampleRate: 1` with trace lifecycle in
 * this SDK generation (profiles follow sampled traces). Session replay is loaded in a
 * separate chunk after start-up so it is not part of the first load.
 */
export function initMonitoring(config: RuntimeConfig): boolean {
  if (!config.sentryDsn) return false
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.environment,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.browserProfilingIntegration(),
      Sentry.captureConsoleIntegration({ levels: ['error'] }),
    ],
    tracesSampleRate: 0.1,
    tracePropagationTargets: [ownApiHosts],
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
    profileSessionSampleRate: 1,
    profileLifecycle: 'trace',
    maxBreadcrumbs: 50,
  })
  void import('@sentry/replay')
    .then(({ replayIntegration }) => Sentry.addIntegration(replayIntegration()))
    .catch((error: unknown) => Sentry.captureException(error))
  setErrorReporter(reportHttpFailure)
  return true
}

/** A failed API call, tagged so failures can be grouped by status, method and route. */
export function reportHttpFailure({ status, method, route, error }: HttpFailure): void {
  Sentry.captureException(error, {
    tags: { status: String(status), method, route },
  })
}

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
const ownApiHosts = new OwnApiHostsPattern('^$')
