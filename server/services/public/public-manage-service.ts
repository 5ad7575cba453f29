import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database, Db } from '../../db/database.ts'
import { loadAppointmentDetails } from '../../db/read-models/appointment-details.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import {
  createPublicBookingRepository,
  type PublicAppointmentRow,
} from '../../db/repositories/public-booking-repository.ts'
import { createSettingsRepository } from '../../db/repositories/settings-repository.ts'
import type { Tenant } from '../../db/repositories/tenant-repository.ts'
import { selfServiceRefusal } from '../../domain/self-service-policy.ts'
import { eventOf } from '../../notifications/appointment-calendar.ts'
import type { AppointmentNotifier } from '../../notifications/appointment-notifier.ts'
import { customerLinks } from '../../notifications/customer-links.ts'
import { invitationCalendar } from '../../notifications/ics.ts'
import type { CapabilityTokens } from '../../security/capability-tokens.ts'
import { cancelAppointment } from '../appointment-lifecycle.ts'
import { findAvailability } from '../availability-service.ts'
import { checkBookingNotice } from '../booking/booking-rules.ts'
import type { createBookingService } from '../booking/booking-service.ts'
import { customerActor } from '../booking/visitor-customer.ts'
import type { AppointmentRefundService } from '../payments/appointment-refunds.ts'
import type { BookingPaymentService } from '../payments/booking-payment-service.ts'
import { chooseFairly } from '../team-assignment.ts'
import { checkTeamMemberChoice } from './booking-pre-checks.ts'
import { createIdempotency, type StoredAnswers } from './idempotency.ts'
import { checkChoice, type createPublicCatalogService } from './public-catalog-service.ts'
import {
  notChangeable,
  publicAppointmentNotFound,
  publicSlot,
  slotTaken,
} from './public-refusals.ts'
import { checkPublicStart } from './public-start-check.ts'
import { publicAppointment } from './public-views.ts'

type PublicAppointment = components['schemas']['PublicAppointment']
type PublicReschedule = components['schemas']['PublicRescheduleInput']
type PublicCancellation = components['schemas']['PublicCancelInput']
type PublicPaymentReturn = components['schemas']['PublicPaymentReturn']
type PublicPaymentReturnInput = components['schemas']['PublicPaymentReturnInput']

/** An appointment as a customer names it: its id and the manage token from their link. */
export interface ManageLink {
  appointmentId: string
  token: string | undefined
}

export interface PublicManageServiceDeps {
  database: Database
  bookings: ReturnType<typeof createBookingService>
  catalog: ReturnType<typeof createPublicCatalogService>
  /** Tells customer and team member of a cancellation. */
  notifier: AppointmentNotifier
  tokens: CapabilityTokens
  /** The address people open, for the manage link inside the invitation. */
  publicUrl: string
  /** Paying at booking: the hold's payment and Checkout, and the return's sync. */
  payments: BookingPaymentService
  /** Makes the refunds cancellations owe. */
  refunds: AppointmentRefundService
  /** How the edge answers errors, for the answers kept per Idempotency-Key. */
  answers: StoredAnswers
}

/**
 * What a customer may do with a booking through its manage link: see, move, cancel it, come
 * back from paying for it, take its invitation. Appointments are reached only with their
 * manage token, and a wrong token looks exactly like a wrong id. Moves and cancellations run
 * at most once per Idempotency-Key, their answer committed with them.
 */
export function createPublicManageService(deps: PublicManageServiceDeps) {
  const { database, bookings, catalog, notifier, tokens, publicUrl, payments, refunds } = deps
  const repo = createPublicBookingRepository(database.db)
  const settingsOf = (tenant: Tenant) => createSettingsRepository(database.db).get(tenant.id)
  const idempotency = createIdempotency(database, deps.answers)

  /** The appointment the id and manage token name in this business, or not found either way. */
  async function manageable(tenant: Tenant, link: ManageLink): Promise<PublicAppointmentRow> {
    const { appointmentId, token } = link
    const found =
      token !== undefined && tokens.isManageToken(appointmentId, token)
        ? await repo.appointment(tenant.id, appointmentId)
        : undefined
    // The manage token is derived, not stored, so an erased customer's links are ended here.
    if (!found || found.customerErased) throw publicAppointmentNotFound()
    return found
  }

  /** The appointment as its customer sees it, read in `db` (a transaction, when inside one). */
  async function view(tenant: Tenant, appointmentId: string, db: Db): Promise<PublicAppointment> {
    const row = await createPublicBookingRepository(db).appointment(tenant.id, appointmentId)
    if (!row) throw new Error(`Appointment ${appointmentId} vanished after a change.`)
    const settings = await createSettingsRepository(db).get(tenant.id)
    return publicAppointment(row, { tenant, settings }, Date.now())
  }

  /**
   * "Any available" for a move: the current member when they are free at the new time
   * (nothing changes for them), else fair assignment among those who are.
   */
  async function anyoneFree(
    tenant: Tenant,
    serviceId: string,
    startsAt: number,
    currentMemberId: string,
  ): Promise<string> {
    const appointments = createAppointmentRepository(database.db)
    const [policy, service] = await Promise.all([
      appointments.policy(tenant.id),
      appointments.service(tenant.id, serviceId),
    ])
    if (!service) throw new Error(`The service ${serviceId} of an appointment is missing.`)
    const [slot] = await findAvailability(database.db, {
      tenantId: tenant.id,
      service,
      policy,
      now: Date.now(),
      from: startsAt,
      to: startsAt + 1,
    })
    if (!slot || slot.startsAt !== startsAt) throw slotTaken()
    if (slot.teamMemberIds.includes(currentMemberId)) return currentMemberId
    const chosen = await chooseFairly(
      database.db,
      { tenantId: tenant.id, timeZone: policy.timeZone },
      slot.teamMemberIds,
      startsAt,
    )
    if (!chosen) throw slotTaken()
    return chosen
  }

  return {
    /** The appointment as its customer sees it. */
    view,

    async appointment(tenant: Tenant, link: ManageLink): Promise<PublicAppointment> {
      const found = await manageable(tenant, link)
      return publicAppointment(found, { tenant, settings: await settingsOf(tenant) }, Date.now())
    },

    async reschedule(
      tenant: Tenant,
      link: ManageLink,
      input: PublicReschedule,
      idempotencyKey: string | undefined,
    ): Promise<PublicAppointment> {
      const { appointmentId } = link
      const found = await manageable(tenant, link)
      const outcome = await idempotency.run<PublicAppointment>(
        {
          tenantId: tenant.id,
          scope: `reschedule:${appointmentId}`,
          key: idempotencyKey,
          body: input,
        },
        async (remember) => {
          const settings = await settingsOf(tenant)
          const now = Date.now()
          const refusal = selfServiceRefusal(
            'reschedule',
            { status: found.row.status, startsAt: found.row.startsAt.getTime() },
            settings,
            now,
          )
          if (refusal) throw notChangeable(refusal)
          const startsAt = new Date(input.starts_at)
          checkBookingNotice(startsAt.getTime(), settings, now)
          const serviceId = found.row.serviceId
          // Left out, the appointment stays with its team member, which is always allowed.
          if (input.team_member_id !== undefined) {
            checkTeamMemberChoice(settings, input.team_member_id)
          }
          if (input.team_member_id) {
            checkChoice(await catalog.catalogOf(tenant), serviceId, input.team_member_id, 'body')
          }
          await checkPublicStart(database.db, {
            tenantId: tenant.id,
            serviceId,
            teamMemberId:
              input.team_member_id === undefined ? found.row.teamMemberId : input.team_member_id,
            startsAt: startsAt.getTime(),
            slotIntervalMinutes: settings.slotIntervalMinutes,
          })
          const teamMemberId =
            input.team_member_id === null
              ? await anyoneFree(tenant, serviceId, startsAt.getTime(), found.row.teamMemberId)
              : input.team_member_id
          let answer: PublicAppointment | undefined
          await publicSlot(() =>
            bookings.reschedule({
              tenantId: tenant.id,
              appointmentId,
              changes: { startsAt, teamMemberId },
              onlyTeamMemberId: null,
              actor: customerActor({
                id: found.row.customerId,
                name: found.customerName,
                email: found.customerEmail,
              }),
              alsoInTransaction: async (tx) => {
                answer = await view(tenant, appointmentId, tx)
                await remember(tx, { status: 200, body: answer })
              },
            }),
          )
          if (!answer) throw new Error('A reschedule succeeded without its answer.')
          return { status: 200, body: answer }
        },
      )
      return outcome.body
    },

    async cancel(
      tenant: Tenant,
      link: ManageLink,
      input: PublicCancellation,
      idempotencyKey: string | undefined,
    ): Promise<PublicAppointment> {
      const { appointmentId } = link
      const found = await manageable(tenant, link)
      const outcome = await idempotency.run<PublicAppointment>(
        { tenantId: tenant.id, scope: `cancel:${appointmentId}`, key: idempotencyKey, body: input },
        async (remember) => {
          const settings = await settingsOf(tenant)
          return database.transaction(async (tx) => {
            // Read again under the transaction: the cut-off applies to the current start.
            const current = await createAppointmentRepository(tx).find(tenant.id, appointmentId, {
              lock: true,
            })
            if (!current) throw publicAppointmentNotFound()
            const refusal = selfServiceRefusal(
              'cancel',
              { status: current.status, startsAt: current.startsAt.getTime() },
              settings,
              Date.now(),
            )
            if (refusal) throw notChangeable(refusal)
            await cancelAppointment(tx, {
              tenantId: tenant.id,
              appointmentId,
              reason: input.reason,
              onlyTeamMemberId: null,
              notifier,
              // Only before the cut-off (refused above after it), so always a full refund.
              refund: { by: 'customer' },
              actor: customerActor({
                id: found.row.customerId,
                name: found.customerName,
                email: found.customerEmail,
              }),
            })
            const cancelled = await createPublicBookingRepository(tx).appointment(
              tenant.id,
              appointmentId,
            )
            if (!cancelled) throw new Error(`Appointment ${appointmentId} vanished mid-cancel.`)
            const outcome = {
              status: 200,
              body: publicAppointment(cancelled, { tenant, settings }, Date.now()),
            }
            await remember(tx, outcome)
            return outcome
          })
        },
      )
      // A repeat of the request finds nothing owed; an outage leaves it to the payment job.
      await refunds.settleOwed(tenant.id, appointmentId)
      return outcome.body
    },

    /**
     * The booking page's return from Stripe's Checkout: the payment's sync (as the webhook
     * runs it), then where the booking stands. Not found for a wrong token, an appointment
     * without a payment, or a session that is not this appointment's.
     */
    async paymentReturn(
      tenant: Tenant,
      link: ManageLink,
      input: PublicPaymentReturnInput,
    ): Promise<PublicPaymentReturn> {
      const found = await manageable(tenant, link)
      const synced = await payments.returnFromCheckout(tenant.id, found.row.id, input.session_id)
      if (!synced) throw publicAppointmentNotFound()
      return {
        state: synced.state,
        appointment: await view(tenant, found.row.id, database.db),
        payment: synced.payment,
      }
    },

    /** The appointment as an iCalendar invitation (a cancellation once cancelled). */
    async invitation(tenant: Tenant, link: ManageLink): Promise<string> {
      const { row } = await manageable(tenant, link)
      const details = await loadAppointmentDetails(database.db, tenant.id, row.id)
      if (!details) throw publicAppointmentNotFound()
      const { manageUrl } = customerLinks(
        { publicUrl, tokens },
        { id: row.id, businessSlug: tenant.slug },
      )
      const event = eventOf(details, 'customer', { publicUrl, stamp: row.updatedAt, manageUrl })
      const freed = row.status === 'cancelled' || row.status === 'payment_expired'
      return invitationCalendar(freed ? 'CANCEL' : 'REQUEST', event)
    },
  }
}
