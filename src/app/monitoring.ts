import type { RuntimeConfig } from './runtime-config'

/**
 * Starts Sentry when (and only when) a DSN is configured: the SDK is fetched in its own chunk
 * after start-up, then becomes the API client's and the error boundary's reporter. Resolves
 * whether monitoring is on. Errors in the first moments, before the chunk arrives, are not
 * reported; keeping about 40 KB of SDK out of every first load is worth that.
 */
export async function initMonitoring(config: RuntimeConfig): Promise<boolean> {
  const { sentryDsn } = config
  if (!sentryDsn) return false
  const { startSentry } = await import('./sentry')
  startSentry({ ...config, sentryDsn })
  return true
}
