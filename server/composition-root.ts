/**
 * What the server is made of: every piece of infrastructure, gateway and service, built once
 * per app and handed out from here. `app.ts` registers the plugins with these parts, the route
 * handler factories receive them through `plugins/api-routes.ts`, the background jobs and the
 * SPA's server-side pieces take theirs, and nothing else constructs a service. Sharing is the
 * point: one booking service (one coalescer of identical requests) for staff, the public page
 * and the payment jobs; one notifier; one business resolver and one settings service, not one
 * per request. Tests reach the same instances as `app.parts`.
 */
import type { FastifyBaseLogger } from 'fastify'
import { type AuthOptions, createTokenVerifier } from './auth/token-verifier.ts'
import {
  busyTimesRecheck,
  type CalendarSyncSetup,
  calendarSyncParts,
  calendarSyncServices,
} from './calendar-sync-composition.ts'
import type { Database } from './db/database.ts'
import { createReadCache } from './db/read-cache.ts'
import { readOutboxBacklog } from './db/repositories/outbox-repository.ts'
import { createInlineCatalogueLoader, withBookingPageData } from './http/booking-page-data.ts'
import { createBusinessResolver } from './http/business-resolver.ts'
import type { ClientConfig } from './http/client-config.ts'
import { createEmbedFrameAncestors } from './http/content-security-policy.ts'
import { idempotentAnswers } from './http/idempotent-answers.ts'
import { createBookingPageRenderer } from './http/server-rendered-page.ts'
import { createSpaIndexResponder } from './http/spa-index.ts'
import { createAppointmentNotifier } from './notifications/appointment-notifier.ts'
import { noReplyAddress } from './notifications/mail-headers.ts'
import { createMailer } from './notifications/mailer.ts'
import { countCacheLookup } from './observability/cache-lookups.ts'
import { createMetrics } from './observability/metrics.ts'
import { createConnectGateway } from './payments/connect-gateway.ts'
import { createStripeGateway, type StripeSettings } from './payments/stripe-gateway.ts'
import { createCapabilityTokens } from './security/capability-tokens.ts'
import { createPublicRateLimiters, type PublicRateLimits } from './security/public-rate-limits.ts'
import { createActivityService } from './services/activity-service.ts'
import { createAppointmentService } from './services/appointment-service.ts'
import { createBillingService } from './services/billing/billing-service.ts'
import { createBookingService } from './services/booking/booking-service.ts'
import { createBusinessService } from './services/business-service.ts'
import { createCalendarChangeService } from './services/calendar-change-service.ts'
import { createCalendarFeedService } from './services/calendar-feed-service.ts'
import { createCustomerDataRightsService } from './services/customer-data-rights-service.ts'
import { createCustomerExportService } from './services/customer-export-service.ts'
import { createCustomerImportService } from './services/customer-import-service.ts'
import { createCustomerProfileService } from './services/customer-profile-service.ts'
import { createCustomerService } from './services/customer-service.ts'
import { createDashboardService } from './services/dashboard-service.ts'
import { createFrontDeskService } from './services/front-desk-service.ts'
import { createHealthService } from './services/health-service.ts'
import { createInsightsService } from './services/insights-service.ts'
import { createLogoService } from './services/logo-service.ts'
import { createMembershipService } from './services/membership-service.ts'
import { createAppointmentRefundService } from './services/payments/appointment-refunds.ts'
import { createBookingPaymentService } from './services/payments/booking-payment-service.ts'
import { createNoShowFeeService } from './services/payments/no-show-fee-service.ts'
import { createPaymentAccountService } from './services/payments/payment-account-service.ts'
import { createPaymentListService } from './services/payments/payment-list-service.ts'
import { createProfileService } from './services/profile-service.ts'
import { createCustomerAccountService } from './services/public/customer-account-service.ts'
import { createPublicBookingService } from './services/public/public-booking-service.ts'
import { createPublicCatalogService } from './services/public/public-catalog-service.ts'
import { createSchedulingService } from './services/scheduling-service.ts'
import { createServiceCatalogueService } from './services/service-catalogue-service.ts'
import { createSettingsService } from './services/settings-service.ts'
import { createSetupChecklistService } from './services/setup-checklist-service.ts'
import { createSubmittedDetailsService } from './services/submitted-details-service.ts'
import { createTeamAccessService } from './services/team-access-service.ts'
import { createTeamMemberService } from './services/team-member-service.ts'
import { createTimeOffService } from './services/time-off-service.ts'

export type { CalendarSyncSetup } from './calendar-sync-composition.ts'

/** What the public booking pages, e-mails and calendar feeds need from the deployment. */
export interface PublicBookingOptions {
  /** Signs manage links and calendar feeds; every process of a deployment must share it. */
  secret: string
  /** The address people open, for links in e-mails, without a trailing slash. */
  publicUrl: string
  /** The business shown when the host's subdomain and the `business` parameter name none. */
  defaultBusiness?: string | undefined
}

/** Stripe's keys; payments at booking use them on connected accounts (see AppOptions). */
export type StripeOptions = StripeSettings & { connectWebhookSecret?: string | undefined }

/** The background jobs of this process and their e-mail delivery (plugins/background-jobs.ts). */
export interface BackgroundJobsOptions {
  /** Pause between runs; a run that takes longer delays the next, never overlaps it. */
  intervalMs: number
  /** smtp(s):// address; without it e-mails are written as .eml files into `outboxDir`. */
  smtpUrl?: string | undefined
  outboxDir: string
  /** The From header; defaults to no-reply at the public address's host. */
  from?: string | undefined
  /** Calendar sync's jobs (issue 25); off when absent. */
  calendarSync?: CalendarSyncSetup | undefined
}

export interface ServerPartsOptions {
  /** Opened and migrated by the caller, who closes it after the app. */
  database: Database
  auth: AuthOptions
  publicBooking: PublicBookingOptions
  stripe?: StripeOptions | undefined
  publicRateLimits?: Partial<PublicRateLimits> | undefined
  /** The background jobs this process runs; without them it sends no e-mail. */
  jobs?: BackgroundJobsOptions | undefined
  /** Reported by the health endpoint. */
  version: string
  /** True once the process drains (readiness answers 503 then). */
  draining: () => boolean
  clientConfig: ClientConfig
  /** The built SPA; without it no HTML is served. */
  spaDir?: string | undefined
  /** The booking pages' server renderer (dist-ssr/booking-page.js). */
  serverRenderBundle?: string | undefined
  log: FastifyBaseLogger
}

export type ServerParts = ReturnType<typeof composeServer>

/** Builds every part once; `close()` releases what they hold, after the app has closed. */
export function composeServer(options: ServerPartsOptions) {
  const { database, log } = options

  // ── Infrastructure: signed links, caches, counters, identity, limits, e-mail ──
  const publicBooking = {
    tokens: createCapabilityTokens(options.publicBooking.secret),
    publicUrl: options.publicBooking.publicUrl,
    defaultBusiness: options.publicBooking.defaultBusiness,
  }
  // Invalidated through the live channel's LISTEN connection (plugins/live-updates.ts).
  const readCache = createReadCache({ onLookup: countCacheLookup })
  const metrics = createMetrics({
    outboxBacklog: () => readOutboxBacklog(database.db),
    databasePool: () => database.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 },
  })
  const tokenVerifier = createTokenVerifier(options.auth)
  // E-mails about bookings, moves and cancellations, queued in the change's own transaction.
  const notifier = createAppointmentNotifier(publicBooking)
  // Shared through PostgreSQL by every API process; per process on PGlite (one process).
  const publicLimits = createPublicRateLimiters(options.publicRateLimits, {
    database,
    onSyncError: (error) => log.warn({ err: error }, 'rate-limit counts not shared this time'),
  })
  // Present when this process runs the background jobs, the only senders of e-mail.
  const jobs = options.jobs && {
    intervalMs: options.jobs.intervalMs,
    mailer: createMailer({
      smtpUrl: options.jobs.smtpUrl,
      outboxDir: options.jobs.outboxDir,
      from: options.jobs.from ?? `Slotwise <${noReplyAddress(publicBooking.publicUrl)}>`,
    }),
    calendarSync: calendarSyncParts(options.jobs.calendarSync),
  }

  // ── Gateways: Stripe for our subscriptions, Stripe Connect for businesses' customers ──
  const stripe = options.stripe
  const connectGateway = stripe
    ? createConnectGateway({
        secretKey: stripe.secretKey,
        apiUrl: stripe.apiUrl,
        connectWebhookSecret: stripe.connectWebhookSecret ?? '',
      })
    : undefined

  // ── Staff services: every tenant-scoped handler starts from `members.resolve(identity)` ──
  const members = createMembershipService(database)
  const customers = createCustomerService(database)
  const business = createBusinessService(database)
  const settings = createSettingsService(database)
  const staffServices = {
    members,
    health: createHealthService({
      database,
      version: options.version,
      draining: options.draining,
    }),
    profiles: createProfileService(database, members),
    customers,
    business,
    // The customer export reads both, so it shares their instances.
    customerExports: createCustomerExportService({ customers, business }),
    customerRights: createCustomerDataRightsService(database),
    customerProfiles: createCustomerProfileService(database),
    customerImports: createCustomerImportService(database),
    settings,
    logos: createLogoService(database),
    setupChecklist: createSetupChecklistService(database),
    activity: createActivityService(database),
    catalogue: createServiceCatalogueService(database),
    team: createTeamMemberService(database),
    timeOff: createTimeOffService(database),
    teamAccess: createTeamAccessService(database),
    scheduling: createSchedulingService(database),
    submittedDetails: createSubmittedDetailsService(database, customers),
    dashboards: createDashboardService(database),
    insights: createInsightsService(database),
    frontDesk: createFrontDeskService({ database, notifier }),
    paymentList: createPaymentListService(database),
    calendarFeeds: createCalendarFeedService({ database, ...publicBooking }),
    billing: createBillingService({
      database,
      gateway: stripe ? createStripeGateway(stripe) : undefined,
      appUrl: publicBooking.publicUrl,
    }),
  }

  // ── Calendar sync's connections: connect, choose, sync now, disconnect (issue 25) ──
  const calendarServices = calendarSyncServices({
    database,
    calendarSync: jobs?.calendarSync,
    google: options.jobs?.calendarSync?.google,
    secret: options.publicBooking.secret,
    publicUrl: publicBooking.publicUrl,
    log,
  })

  // ── Booking and payments: the one booking service, and the money around it ──
  // Staff bookings, public bookings and the confirmation of paid holds share its coalescing
  // of identical requests and its notifier.
  const bookings = createBookingService(database, notifier, {
    recheckBusyTimes: busyTimesRecheck(database, jobs?.calendarSync, log),
  })
  const money = { database, gateway: connectGateway, notifier }
  // Payments at booking: the public booking route, the Connect webhook and the hold-expiry job.
  const bookingPayments = createBookingPaymentService({
    ...money,
    bookings,
    tokens: publicBooking.tokens,
    publicUrl: publicBooking.publicUrl,
  })
  // Staff refunds, refunds cancellations owe (the cancel routes and the payment job make them).
  // Both run their writes once per Idempotency-Key and keep the answer in HTTP terms.
  const appointmentRefunds = createAppointmentRefundService({
    ...money,
    answers: idempotentAnswers,
  })
  const bookingServices = {
    bookings,
    bookingPayments,
    appointmentRefunds,
    noShowFees: createNoShowFeeService({ ...money, answers: idempotentAnswers }),
    paymentAccounts: createPaymentAccountService({
      database,
      gateway: connectGateway,
      connectWebhooks: Boolean(stripe?.connectWebhookSecret),
      appUrl: publicBooking.publicUrl,
      checkoutEvents: bookingPayments.receiveEvent,
    }),
    appointments: createAppointmentService({
      database,
      bookings,
      notifier,
      refunds: appointmentRefunds,
    }),
    calendarChanges: createCalendarChangeService({
      database,
      bookings,
      notifier,
      refunds: appointmentRefunds,
    }),
  }

  // ── The public booking API: no sign-in, rate limited, reads through the read cache ──
  const publicCatalog = createPublicCatalogService(database, readCache)
  // The business of a public request or page: subdomain, then `?business=`, then the default.
  const resolveBusiness = createBusinessResolver(publicCatalog.businessBySlug, publicBooking)
  const publicServices = {
    publicCatalog,
    publicBookings: createPublicBookingService({
      database,
      bookings,
      catalog: publicCatalog,
      notifier,
      tokens: publicBooking.tokens,
      publicUrl: publicBooking.publicUrl,
      limits: publicLimits,
      payments: bookingPayments,
      refunds: appointmentRefunds,
      answers: idempotentAnswers,
    }),
    customerAccounts: createCustomerAccountService(database, publicBooking.tokens),
  }

  // ── The SPA's server side: index.html for every app route, embed framing, booking pages ──
  // The booking wizard's pages carry their business's catalogue inline, and their first
  // steps come rendered on the server (http/booking-page-data.ts).
  const loadCatalogue = createInlineCatalogueLoader({ resolveBusiness, catalog: publicCatalog })
  const render = options.serverRenderBundle
    ? createBookingPageRenderer(options.serverRenderBundle, log)
    : undefined
  const spaIndex = options.spaDir
    ? createSpaIndexResponder({
        spaDir: options.spaDir,
        clientConfig: options.clientConfig,
        embedFrameAncestors: createEmbedFrameAncestors({ resolveBusiness, settings }),
        pageData: (request, html) => withBookingPageData(request, html, loadCatalogue, render),
      })
    : undefined

  return {
    database,
    publicBooking,
    readCache,
    metrics,
    tokenVerifier,
    notifier,
    publicLimits,
    resolveBusiness,
    jobs,
    ...staffServices,
    ...calendarServices,
    ...bookingServices,
    ...publicServices,
    spaIndex,
    /** After the app's own onClose hooks: stops the limits' timers, SMTP and firebase-admin. */
    async close(): Promise<void> {
      await publicLimits.close().catch(() => {})
      jobs?.mailer.close()
      await tokenVerifier.close()
    },
  }
}
