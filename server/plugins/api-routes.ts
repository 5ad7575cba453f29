import type { FastifyPluginAsync, FastifyRequest, onRequestHookHandler } from 'fastify'
import openapiGlue from 'fastify-openapi-glue'
import type { ServerParts } from '../composition-root.ts'
import { LOGO_MAX_BYTES, LOGO_TYPES } from '../domain/logo-image.ts'
import { splitCommaSeparatedQueryArrays } from '../http/comma-separated-query.ts'
import { allowLargeImports } from '../http/import-body-limit.ts'
import { checkMemberAccess } from '../http/member-access.ts'
import { guardPublicRoutes } from '../http/public-route-guards.ts'
import { keepRawBodyFor } from '../http/raw-body.ts'
import { enforceDeclaredMediaTypes } from '../http/request-media-types.ts'
import { createActivityLogHandlers } from '../routes/activity-log.ts'
import { createAppointmentHandlers } from '../routes/appointments.ts'
import { createBillingHandlers, STRIPE_WEBHOOK_PATH } from '../routes/billing.ts'
import { createBusinessConfigurationHandlers } from '../routes/business-configuration.ts'
import { createCalendarConnectionHandlers } from '../routes/calendar-connections.ts'
import { createCalendarFeedHandlers } from '../routes/calendar-feeds.ts'
import { createCustomerHandlers } from '../routes/customers.ts'
import { createInsightsHandlers } from '../routes/insights.ts'
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

export interface ApiRoutesOptions {
  /** Path of openapi/openapi.yaml: routes, request validation and security come from it. */
  specPath: string
  /** The services the handlers call, built once for the whole app (composition-root.ts). */
  parts: ServerParts
}

/** The API: one route per contract operation, handled by the per-tag handler factories. */
export const apiRoutesPlugin: FastifyPluginAsync<ApiRoutesOptions> = async (app, options) => {
  const { parts } = options
  // Every tenant-scoped handler gets `request.member`, resolved from the verified token (never
  // from the request) and held to the operation's capabilities before the handler runs.
  checkMemberAccess(app, { access: OPERATION_ACCESS, resolve: parts.members.resolve })
  const serviceHandlers = {
    ...createSystemHandlers({ health: parts.health }),
    ...createMeHandlers({ profiles: parts.profiles }),
    ...createCustomerHandlers({
      customers: parts.customers,
      exports: parts.customerExports,
      rights: parts.customerRights,
      profiles: parts.customerProfiles,
      imports: parts.customerImports,
    }),
    ...createSettingsHandlers({ settings: parts.settings, logos: parts.logos }),
    ...createBusinessConfigurationHandlers({
      business: parts.business,
      setupChecklist: parts.setupChecklist,
    }),
    ...createActivityLogHandlers({ activity: parts.activity }),
    ...createServiceHandlers({ catalogue: parts.catalogue }),
    ...createTeamMemberHandlers({ team: parts.team, timeOff: parts.timeOff }),
    ...createTeamAccessHandlers({ access: parts.teamAccess }),
    ...createSchedulingHandlers({ scheduling: parts.scheduling }),
    ...createAppointmentHandlers({
      appointments: parts.appointments,
      refunds: parts.appointmentRefunds,
      frontDesk: parts.frontDesk,
      submittedDetails: parts.submittedDetails,
      dashboards: parts.dashboards,
      calendarChanges: parts.calendarChanges,
    }),
    ...createPublicBookingHandlers({
      catalog: parts.publicCatalog,
      booking: parts.publicBookings,
      accounts: parts.customerAccounts,
      logos: parts.logos,
      resolveBusiness: parts.resolveBusiness,
    }),
    ...createBillingHandlers({ billing: parts.billing }),
    ...createPaymentHandlers({
      paymentAccounts: parts.paymentAccounts,
      paymentList: parts.paymentList,
      noShowFees: parts.noShowFees,
    }),
    ...createCalendarFeedHandlers({ feeds: parts.calendarFeeds }),
    ...createCalendarConnectionHandlers({
      connections: parts.calendarConnections,
      google: parts.googleCalendarConnect,
    }),
    ...createInsightsHandlers({ insights: parts.insights }),
  }
  const securityHandlers = {
    firebaseIdToken: (request: FastifyRequest) => app.authenticate(request),
  }

  // The glue checks security in preHandler, after the body is parsed and validated. Moving it
  // to onRequest answers a caller without a valid token with 401 before any of that, and
  // never tells a stranger what a valid body would look like.
  app.addHook('onRoute', guardPublicRoutes(parts.publicLimits))

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
