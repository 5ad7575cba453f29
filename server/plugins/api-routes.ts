import type { FastifyPluginAsync, FastifyRequest, onRequestHookHandler } from 'fastify'
import openapiGlue from 'fastify-openapi-glue'
import { LOGO_MAX_BYTES, LOGO_TYPES } from '../domain/logo-image.ts'
import { createBusinessResolver } from '../http/business-resolver.ts'
import { splitCommaSeparatedQueryArrays } from '../http/comma-separated-query.ts'
import { allowLargeImports } from '../http/import-body-limit.ts'
import { checkMemberAccess } from '../http/member-access.ts'
import { guardPublicRoutes } from '../http/public-route-guards.ts'
import { keepRawBodyFor } from '../http/raw-body.ts'
import { enforceDeclaredMediaTypes } from '../http/request-media-types.ts'
import { createAppointmentNotifier } from '../notifications/appointment-notifier.ts'
import { createActivityLogHandlers } from '../routes/activity-log.ts'
import { createAppointmentHandlers } from '../routes/appointments.ts'
import { createBillingHandlers, STRIPE_WEBHOOK_PATH } from '../routes/billing.ts'
import { createBusinessConfigurationHandlers } from '../routes/business-configuration.ts'
import { createCalendarFeedHandlers } from '../routes/calendar-feeds.ts'
import { createCustomerHandlers } from '../routes/customers.ts'
import { createMeHandlers } from '../routes/me.ts'
import { OPERATION_ACCESS } from '../routes/operation-access.ts'
import { createPaymentHandlers, STRIPE_CONNECT_WEBHOOK_PATH } from '../routes/payments.ts'
import { createPublicBookingHandlers } from '../routes/public-booking.ts'
import { createSchedulingHandlers } from '../routes/scheduling.ts'
import { createServiceHandlers } from '../routes/services.ts'
import { createSettingsHandlers } from '../routes/settings.ts'
import { createSystemHandlers } from '../routes/system.ts'
import { createTeamAccessHandlers } from '../routes/team-access.ts'
import { createTeamMemberHandlers } from '../routes/team-members.ts'
import { createPublicRateLimiters, type PublicRateLimits } from '../security/public-rate-limits.ts'
import { createActivityService } from '../services/activity-service.ts'
import { createAppointmentService } from '../services/appointment-service.ts'
import { createBookingService } from '../services/booking-service.ts'
import { createBusinessService } from '../services/business-service.ts'
import { createCalendarFeedService } from '../services/calendar-feed-service.ts'
import { createCustomerDataRightsService } from '../services/customer-data-rights-service.ts'
import { createCustomerExportService } from '../services/customer-export-service.ts'
import { createCustomerImportService } from '../services/customer-import-service.ts'
import { createCustomerProfileService } from '../services/customer-profile-service.ts'
import { createCustomerService } from '../services/customer-service.ts'
import { createDashboardService } from '../services/dashboard-service.ts'
import { createFrontDeskService } from '../services/front-desk-service.ts'
import { createHealthService } from '../services/health-service.ts'
import { createLogoService } from '../services/logo-service.ts'
import { createMembershipService } from '../services/membership-service.ts'
import { createPaymentListService } from '../services/payments/payment-list-service.ts'
import { createProfileService } from '../services/profile-service.ts'
import { createCustomerAccountService } from '../services/public/customer-account-service.ts'
import { createPublicBookingService } from '../services/public/public-booking-service.ts'
import { createPublicCatalogService } from '../services/public/public-catalog-service.ts'
import { createSchedulingService } from '../services/scheduling-service.ts'
import { createServiceCatalogueService } from '../services/service-catalogue-service.ts'
import { createSettingsService } from '../services/settings-service.ts'
import { createSetupChecklistService } from '../services/setup-checklist-service.ts'
import { createSubmittedDetailsService } from '../services/submitted-details-service.ts'
import { createTeamAccessService } from '../services/team-access-service.ts'
import { createTeamMemberService } from '../services/team-member-service.ts'
import { createTimeOffService } from '../services/time-off-service.ts'

export interface ApiRoutesOptions {
  /** Path of openapi/openapi.yaml: routes, request validation and security come from it. */
  specPath: string
  version: string
  /** Limits of the public booking API; defaults in public-rate-limits.ts. */
  publicRateLimits?: Partial<PublicRateLimits> | undefined
}

/** The API: one route per contract operation, handled by the per-tag handler factories. */
export const apiRoutesPlugin: FastifyPluginAsync<ApiRoutesOptions> = async (app, options) => {
  // Every tenant-scoped handler gets `request.member`, resolved from the verified token (never
  // from the request) and held to the operation's capabilities before the handler runs.
  checkMemberAccess(app, {
    access: OPERATION_ACCESS,
    resolve: createMembershipService(app.database).resolve,
  })
  // E-mails about bookings, moves and cancellations, queued in the change's own transaction.
  const notifier = createAppointmentNotifier(app.publicBooking)
  // The one booking service of the app: staff and public bookings share its coalescing of
  // identical requests and its notifier.
  const bookings = createBookingService(app.database, notifier)
  // Shared through PostgreSQL by every API process; per process on PGlite (one process).
  const publicLimits = createPublicRateLimiters(options.publicRateLimits, {
    database: app.database,
    onSyncError: (error) => app.log.warn({ err: error }, 'rate-limit counts not shared this time'),
  })
  app.addHook('onClose', async () => {
    await publicLimits.close().catch(() => {})
  })
  // The customer export reads both, so the handlers share one instance of each.
  const customers = createCustomerService(app.database)
  const business = createBusinessService(app.database)
  const publicCatalog = createPublicCatalogService(app.database, app.readCache)
  const logos = createLogoService(app.database)
  const serviceHandlers = {
    ...createSystemHandlers({
      health: createHealthService({
        database: app.database,
        version: options.version,
        draining: () => app.lifecycle?.draining ?? false,
      }),
    }),
    ...createMeHandlers({ profiles: createProfileService(app.database) }),
    ...createCustomerHandlers({
      customers,
      exports: createCustomerExportService({ customers, business }),
      rights: createCustomerDataRightsService(app.database),
      profiles: createCustomerProfileService(app.database),
      imports: createCustomerImportService(app.database),
    }),
    ...createSettingsHandlers({ settings: createSettingsService(app.database), logos }),
    ...createBusinessConfigurationHandlers({
      business,
      setupChecklist: createSetupChecklistService(app.database),
    }),
    ...createActivityLogHandlers({ activity: createActivityService(app.database) }),
    ...createServiceHandlers({
      catalogue: createServiceCatalogueService(app.database),
    }),
    ...createTeamMemberHandlers({
      team: createTeamMemberService(app.database),
      timeOff: createTimeOffService(app.database),
    }),
    ...createTeamAccessHandlers({ access: createTeamAccessService(app.database) }),
    ...createSchedulingHandlers({ scheduling: createSchedulingService(app.database) }),
    ...createAppointmentHandlers({
      appointments: createAppointmentService({
        database: app.database,
        bookings,
        notifier,
        refunds: app.appointmentRefunds,
      }),
      refunds: app.appointmentRefunds,
      frontDesk: createFrontDeskService({ database: app.database, notifier }),
      submittedDetails: createSubmittedDetailsService(app.database),
      dashboards: createDashboardService(app.database),
    }),
    ...createPublicBookingHandlers({
      catalog: publicCatalog,
      booking: createPublicBookingService({
        database: app.database,
        bookings,
        catalog: publicCatalog,
        notifier,
        tokens: app.publicBooking.tokens,
        publicUrl: app.publicBooking.publicUrl,
        limits: publicLimits,
        payments: app.bookingPayments,
        refunds: app.appointmentRefunds,
      }),
      accounts: createCustomerAccountService(app.database, app.publicBooking.tokens),
      logos,
      resolveBusiness: createBusinessResolver(app.database.db, app.publicBooking, app.readCache),
    }),
    ...createBillingHandlers({ billing: app.billing }),
    ...createPaymentHandlers({
      paymentAccounts: app.paymentAccounts,
      paymentList: createPaymentListService(app.database),
      noShowFees: app.noShowFees,
    }),
    ...createCalendarFeedHandlers({
      feeds: createCalendarFeedService({ database: app.database, ...app.publicBooking }),
    }),
  }
  const securityHandlers = {
    firebaseIdToken: (request: FastifyRequest) => app.authenticate(request),
  }

  // The glue checks security in preHandler, after the body is parsed and validated. Moving it
  // to onRequest answers a caller without a valid token with 401 before any of that, and
  // never tells a stranger what a valid body would look like.
  app.addHook('onRoute', guardPublicRoutes(publicLimits))

  app.addHook('onRoute', (route) => {
    if (!route.preHandler) return
    const checks = [route.preHandler].flat() as onRequestHookHandler[]
    route.onRequest = [...[route.onRequest ?? []].flat(), ...checks]
    route.preHandler = undefined
  })

  app.addHook('onRoute', allowLargeImports)
  app.addHook('onRoute', splitCommaSeparatedQueryArrays)
  app.addHook('onRoute', enforceDeclaredMediaTypes)
  app.addHook('onRoute', keepRawBodyFor([STRIPE_WEBHOOK_PATH, STRIPE_CONNECT_WEBHOOK_PATH]))

  // The glue wants a parser for every media type in the contract, responses included; JSON
  // problem documents parse like any JSON. No request can reach it: every operation takes
  // only the media types its requestBody declares (enforceDeclaredMediaTypes).
  app.addContentTypeParser(
    'application/problem+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  )

  // Logo uploads are the file itself. Read as bytes up to twice the logo limit, so a file a
  // little too big gets the logo's own 413 naming the limit; anything larger is cut off unread.
  app.addContentTypeParser(
    [...LOGO_TYPES],
    { parseAs: 'buffer', bodyLimit: 2 * LOGO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  )

  await app.register(openapiGlue, {
    specification: options.specPath,
    serviceHandlers,
    securityHandlers,
  })
}
