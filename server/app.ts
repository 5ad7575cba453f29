import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import type { AuthOptions } from './auth/token-verifier.ts'
import {
  type BackgroundJobsOptions,
  composeServer,
  type PublicBookingOptions,
  type ServerParts,
  type StripeOptions,
} from './composition-root.ts'
import type { LogLevel } from './config.ts'
import type { Database } from './db/database.ts'
import type { ClientConfig } from './http/client-config.ts'
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.ts'
import { createSchemaValidatorCompiler } from './http/schema-validator.ts'
import { type LogFormat, loggingOptions } from './observability/logging.ts'
import { apiDocsPlugin } from './plugins/api-docs.ts'
import { apiRoutesPlugin } from './plugins/api-routes.ts'
import { authPlugin } from './plugins/auth.ts'
import { backgroundJobsPlugin } from './plugins/background-jobs.ts'
import { corsPlugin } from './plugins/cors.ts'
import { lifecyclePlugin } from './plugins/lifecycle.ts'
import { type LiveUpdatesOptions, liveUpdatesPlugin } from './plugins/live-updates.ts'
import { type MetricsOptions, metricsPlugin } from './plugins/metrics.ts'
import { problemDetailsPlugin } from './plugins/problem-details.ts'
import { requestIdsPlugin } from './plugins/request-ids.ts'
import { securityHeadersPlugin } from './plugins/security-headers.ts'
import { spaAssetsPlugin } from './plugins/spa-assets.ts'
import type { PublicRateLimits } from './security/public-rate-limits.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every service, gateway and piece of infrastructure of this app, built once by
     * server/composition-root.ts; the entry point and tests reach them here.
     */
    parts: ServerParts
  }
}

export interface AppOptions {
  /** Opened (and migrated) by the caller, who also closes it after the app. */
  database: Database
  auth: AuthOptions
  /** Origins allowed to call the API from other sites; the served SPA is same-origin. */
  corsOrigins: string[]
  /** Browser settings injected into index.html. */
  clientConfig: ClientConfig
  /** The built SPA (e.g. dist/); without it only the API and its docs are served. */
  spaDir?: string
  /**
   * The booking pages' server renderer built beside the SPA (dist-ssr/booking-page.js);
   * without it the booking pages are rendered by the browser alone.
   */
  serverRenderBundle?: string
  /** false for silence (tests); a level for logs. Default 'info'. */
  logger?: false | LogLevel
  /** JSON lines (default, for production) or pretty lines for a person (`npm start`). */
  logFormat?: LogFormat
  /** Where log lines go instead of standard output (tests read them). */
  logDestination?: NodeJS.WritableStream
  /** `GET /metrics` and its token; not served when absent. */
  metrics?: MetricsOptions['expose']
  /** Reported by the health endpoint. */
  version?: string
  /** The contract; defaults to openapi/openapi.yaml in this repository. */
  specPath?: string
  /** Told about every 5xx, e.g. to report it to Sentry. */
  onServerError?: (error: unknown, request: FastifyRequest) => void
  /** Timings of the live-updates socket (tests shorten them). */
  live?: LiveUpdatesOptions
  /** Defaults (tests, benchmarks): a random secret for this process, http://127.0.0.1. */
  publicBooking?: PublicBookingOptions
  /** Proxies in front whose X-Forwarded-For is believed (request.ip); default 0. */
  trustProxyHops?: number
  /** Limits of the public booking API, shared through PostgreSQL (tests lower or raise them). */
  publicRateLimits?: Partial<PublicRateLimits>
  /**
   * Stripe (or the local Stripe service); without it billing answers 503 and every business
   * keeps the plan its trial or last sync gave it. Payments at booking use the same keys on
   * businesses' connected accounts; their webhooks need `connectWebhookSecret`.
   */
  stripe?: StripeOptions | undefined
  /** Reminders and e-mail delivery in this process; off when absent (tests ask for them). */
  jobs?: BackgroundJobsOptions | false
}

const defaultSpecPath = fileURLToPath(new URL('../openapi/openapi.yaml', import.meta.url))

/**
 * Builds the HTTP server without listening, for the entry point and for tests (`app.inject`).
 * Callers may still add routes before the first request.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(
      options.logger === false
        ? false
        : {
            level: options.logger ?? 'info',
            format: options.logFormat ?? 'json',
            destination: options.logDestination,
          },
    ),
    routerOptions: { ignoreTrailingSlash: true },
    // Errors met before routing (bad percent-encoding, oversized headers) are problem+json too.
    frameworkErrors,
    clientErrorHandler,
    // X-Forwarded-For is believed only from as many hops as are configured: anyone can send it.
    trustProxy: (_address: string, hop: number) => hop < (options.trustProxyHops ?? 0),
  })
  app.setValidatorCompiler(createSchemaValidatorCompiler())
  const specPath = options.specPath ?? defaultSpecPath
  const parts = composeServer({
    database: options.database,
    auth: options.auth,
    publicBooking: options.publicBooking ?? {
      secret: randomBytes(32).toString('base64url'),
      publicUrl: 'http://127.0.0.1',
    },
    stripe: options.stripe,
    publicRateLimits: options.publicRateLimits,
    jobs: options.jobs || undefined,
    version: options.version ?? 'dev',
    draining: () => app.lifecycle?.draining ?? false,
    clientConfig: options.clientConfig,
    spaDir: options.spaDir,
    serverRenderBundle: options.serverRenderBundle,
    log: app.log,
  })
  app.decorate('parts', parts)
  // The first onClose hook added runs last: after every plugin let go of the parts.
  app.addHook('onClose', () => parts.close())

  await app.register(requestIdsPlugin)
  await app.register(problemDetailsPlugin, {
    htmlFallback: parts.spaIndex,
    onServerError: options.onServerError,
  })
  await app.register(securityHeadersPlugin, { clientConfig: options.clientConfig })
  await app.register(corsPlugin, { origins: options.corsOrigins })
  await app.register(lifecyclePlugin)
  await app.register(metricsPlugin, {
    specPath,
    expose: options.metrics ?? false,
    metrics: parts.metrics,
  })
  await app.register(authPlugin, { verifier: parts.tokenVerifier })
  await app.register(liveUpdatesPlugin, { ...options.live, parts })
  await app.register(apiRoutesPlugin, { specPath, parts })
  await app.register(apiDocsPlugin, { specPath })
  if (parts.jobs) await app.register(backgroundJobsPlugin, { ...parts.jobs, parts })
  if (options.spaDir) await app.register(spaAssetsPlugin, { spaDir: options.spaDir })
  return app
}
