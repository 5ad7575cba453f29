import * as Sentry from '@sentry/react'
import { ApiError } from '../api/api-error'
import { type HttpFailure, setErrorReporter } from '../api/client'
import { ownApiHosts } from './own-api-hosts'
import { setRenderErrorReporter } from './render-error-reporting'
import type { RuntimeConfig } from './runtime-config'

/**
 * Sentry with the product's settings. Loaded by `initMonitoring` through `import()` only when
 * a DSN is configured, so the SDK is never part of a page's first load (the public booking
 * page has a budget); session replay is a further chunk after that.
 *
 * The seed's `profilesSampleRate: 1` is `profileSessionSampleRate: 1` with trace lifecycle in
 * this SDK generation (profiles follow sampled traces).
 */
export function startSentry(config: RuntimeConfig & { sentryDsn: string }): void {
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
  setRenderErrorReporter((error, componentStack) =>
    Sentry.captureException(error, { contexts: { react: { componentStack } } }),
  )
}

/** A failed API call, tagged so failures can be grouped by status, method and route. */
export function reportHttpFailure({ status, method, route, error }: HttpFailure): void {
  Sentry.captureException(error, {
    tags: { status: String(status), method, route },
    // The server's own wording (a 5xx detail the user never sees) stays with the report.
    ...(error instanceof ApiError ? { contexts: { problem: { ...error.problem } } } : {}),
  })
}
