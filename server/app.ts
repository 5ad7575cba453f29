import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import type { AuthOptions } from './auth/token-verifier.ts'
import type { LogLevel } from './config.ts'
import type { Database } from './db/database.ts'
import { createReadCache, type ReadCache } from './db/read-cache.ts'
import type { Tenant } from './db/repositories/tenant-repository.ts'
import { type LoadInlineCatalogue, withBookingPageData } from './http/booking-page-data.ts'
import { createBusinessResolver } from './http/business-resolver.ts'
import type { ClientConfig } from './http/client-config.ts'
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.ts'
import { idempotentAnswers } from './http/idempotent-answers.ts'
import { HttpProblem } from './http/problem.ts'
import { createSchemaValidatorCompiler } from './http/schema-validator.ts'
import { createBookingPageRenderer, type RenderBookingPage } from './http/server-rendered-page.ts'
import { createSpaIndexResponder } from './http/spa-index.ts'
import { createAppointmentNotifier } from './notifications/appointment-notifier.ts'
import { countCacheLookup } from './observability/cache-lookups.ts'
import { type LogFormat, loggingOptions } from './observability/logging.ts'
import { createConnectGateway } from './payments/connect-gateway.ts'
import { createStripeGateway, type StripeSettings } from './payments/stripe-gateway.ts'
import { apiDocsPlugin } from './plugins/api-docs.ts'
import { apiRoutesPlugin } from './plugins/api-routes.ts'
import { authPlugin } from './plugins/auth.ts'
import { type BackgroundJobsOptions, backgroundJobsPlugin } from './plugins/background-jobs.ts'
import { corsPlugin } from './plugins/cors.ts'
import { dbPlugin } from './plugins/db.ts'
import { lifecyclePlugin } from './plugins/lifecycle.ts'
import { type LiveUpdatesOptions, liveUpdatesPlugin } from './plugins/live-updates.ts'
import { type MetricsOptions, metricsPlugin } from './plugins/metrics.ts'
import { problemDetailsPlugin } from './plugins/problem-details.ts'
import { requestIdsPlugin } from './plugins/request-ids.ts'
import { securityHeadersPlugin } from './plugins/security-headers.ts'
import { spaAssetsPlugin } from './plugins/spa-assets.ts'
import { type CapabilityTokens, createCapabilityTokens } from './security/capability-tokens.ts'
import type { PublicRateLimits } from './security/public-rate-limits.ts'
import { type BillingService, createBillingService } from './services/billing/billing-service.ts'
import { createBookingService } from './services/booking/booking-service.ts'
import {
  type AppointmentRefundService,
  createAppointmentRefundService,
} from './services/payments/appointment-refunds.ts'
import {
  type BookingPaymentService,
  createBookingPaymentService,
} from './services/payments/booking-payment-service.ts'
import {
  createNoShowFeeService,
  type NoShowFeeService,
} from './services/payments/no-show-fee-service.ts'
import {
  createPaymentAccountService,
  type PaymentAccountService,
} from './services/payments/payment-account-service.ts'
import { createPublicCatalogService } from './services/public/public-catalog-service.ts'
import { createSettingsService } from './services/settings-service.ts'

/** What the public booking pages, e-mails and calendar feeds need from the deployment. */
export interface PublicBookingOptions {
  /** Signs manage links and calendar feeds; every process of a deployment must share it. */
  secret: string
  /** The address people open, for links in e-mails, without a trailing slash. */
  publicUrl: string
  /** The business shown when the host's subdomain and the `business` parameter name none. */
  defaultBusiness?: string | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    publicBooking: {
      tokens: CapabilityTokens
      publicUrl: string
      defaultBusiness: string | undefined
    }
    /** Plans and the subscription on Stripe; start-up asks it to create missing prices. */
    billing: BillingService
    /** The business's own Stripe account (Connect), on which it takes payments at booking. */
    paymentAccounts: PaymentAccountService
    /** Payments at booking: a hold's Checkout and the one sync of its outcome. */
    bookingPayments: BookingPaymentService
    /** An appointment's payments for staff, their refunds, and refunds cancellations owe. */
    appointmentRefunds: AppointmentRefundService
    /** The no-show fee charged to the card kept at booking. */
    noShowFees: NoShowFeeService
    /**
     * This process's cache of the public booking pages' reads (server/db/read-cache.ts),
     * invalidated through the live channel's LISTEN connection; `stats()` counts its lookups.
     */
    readCache: ReadCache
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
  stripe?: (StripeSettings & { connectWebhookSecret?: string | undefined }) | undefined
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
  const publicBooking = options.publicBooking ?? {
    secret: randomBytes(32).toString('base64url'),
    publicUrl: 'http://127.0.0.1',
  }
  app.decorate('publicBooking', {
    tokens: createCapabilityTokens(publicBooking.secret),
    publicUrl: publicBooking.publicUrl,
    defaultBusiness: publicBooking.defaultBusiness,
  })
  app.decorate('readCache', createReadCache({ onLookup: countCacheLookup }))
  const specPath = options.specPath ?? defaultSpecPath
  app.decorate(
    'billing',
    createBillingService({
      database: options.database,
      gateway: options.stripe ? createStripeGateway(options.stripe) : undefined,
      appUrl: publicBooking.publicUrl,
    }),
  )
  const connectGateway = options.stripe
    ? createConnectGateway({
        secretKey: options.stripe.secretKey,
        apiUrl: options.stripe.apiUrl,
        connectWebhookSecret: options.stripe.connectWebhookSecret ?? '',
      })
    : undefined
  // Paying at booking: the public booking route, the Connect webhook and the hold-expiry job
  // share it (its notifier is stateless; its booking service only confirms holds).
  const bookingNotifier = createAppointmentNotifier(app.publicBooking)
  app.decorate(
    'bookingPayments',
    createBookingPaymentService({
      database: options.database,
      gateway: connectGateway,
      bookings: createBookingService(options.database, bookingNotifier),
      notifier: bookingNotifier,
      tokens: app.publicBooking.tokens,
      publicUrl: publicBooking.publicUrl,
    }),
  )
  // Staff refunds, refunds cancellations owe (the cancel routes and the payment job make them).
  app.decorate(
    'appointmentRefunds',
    createAppointmentRefundService({
      database: options.database,
      gateway: connectGateway,
      notifier: bookingNotifier,
      answers: idempotentAnswers,
    }),
  )
  app.decorate(
    'noShowFees',
    createNoShowFeeService({
      database: options.database,
      gateway: connectGateway,
      notifier: bookingNotifier,
      answers: idempotentAnswers,
    }),
  )
  app.decorate(
    'paymentAccounts',
    createPaymentAccountService({
      database: options.database,
      gateway: connectGateway,
      connectWebhooks: Boolean(options.stripe?.connectWebhookSecret),
      appUrl: publicBooking.publicUrl,
      checkoutEvents: app.bookingPayments.receiveEvent,
    }),
  )

  await app.register(requestIdsPlugin)
  await app.register(problemDetailsPlugin, {
    htmlFallback: options.spaDir
      ? createSpaIndexResponder({
          spaDir: options.spaDir,
          clientConfig: options.clientConfig,
          embedFrameAncestors: async (request) => {
            // The business the page is for, found as its API calls will find it; a page for
            // no business (or an unknown one) is framed by nobody.
            const tenant = await createBusinessResolver(
              options.database.db,
              app.publicBooking,
              app.readCache,
            )(request).catch(() => null)
            if (!tenant) return ["'none'"]
            return createSettingsService(options.database).frameAncestors(tenant.id)
          },
          pageData: bookingPageData(
            options.database,
            app.readCache,
            publicBooking,
            options.serverRenderBundle
              ? createBookingPageRenderer(options.serverRenderBundle, app.log)
              : undefined,
          ),
        })
      : undefined,
    onServerError: options.onServerError,
  })
  await app.register(securityHeadersPlugin, { clientConfig: options.clientConfig })
  await app.register(corsPlugin, { origins: options.corsOrigins })
  await app.register(dbPlugin, { database: options.database })
  await app.register(lifecyclePlugin)
  await app.register(metricsPlugin, { specPath, expose: options.metrics ?? false })
  await app.register(authPlugin, options.auth)
  await app.register(liveUpdatesPlugin, options.live ?? {})
  await app.register(apiRoutesPlugin, {
    specPath,
    version: options.version ?? 'dev',
    publicRateLimits: options.publicRateLimits,
  })
  await app.register(apiDocsPlugin, { specPath })
  if (options.jobs) await app.register(backgroundJobsPlugin, options.jobs)
  if (options.spaDir) await app.register(spaAssetsPlugin, { spaDir: options.spaDir })
  return app
}

/**
 * The booking wizard's pages carry their business's catalogue inline, and their first steps
 * come rendered on the server (booking-page-data.ts).
 */
function bookingPageData(
  database: Database,
  cache: ReadCache,
  publicBooking: PublicBookingOptions,
  render: RenderBookingPage | undefined,
) {
  const catalog = createPublicCatalogService(database, cache)
  const resolveBusiness = createBusinessResolver(
    database.db,
    { publicUrl: publicBooking.publicUrl, defaultBusiness: publicBooking.defaultBusiness },
    cache,
  )
  const load: LoadInlineCatalogue = async (request) => {
    let tenant: Tenant
    try {
      tenant = await resolveBusiness(request)
    } catch (error) {
      // No such business (or none named): the shell, whose wizard shows the API's answer.
      if (error instanceof HttpProblem) return null
      throw error
    }
    const [business, services, teamMembers] = await Promise.all([
      catalog.business(tenant),
      catalog.services(tenant, undefined),
      catalog.teamMembers(tenant, undefined),
    ])
    return { business, services: services.items, teamMembers: teamMembers.items }
  }
  return (request: FastifyRequest, html: string) => withBookingPageData(request, html, load, render)
}
