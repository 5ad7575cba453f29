import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database, Db } from '../../db/database.ts'
import { loadAppointmentDetails } from '../../db/read-models/appointment-details.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import type { PaymentRow } from '../../db/repositories/payment-repository.ts'
import {
  createPublicBookingRepository,
  type PublicAppointmentRow,
} from '../../db/repositories/public-booking-repository.ts'
import {
  createSettingsRepository,
  type SettingsRow,
} from '../../db/repositories/settings-repository.ts'
import type { Tenant } from '../../db/repositories/tenant-repository.ts'
import {
  answerProblems,
  answerSnapshot,
  type BookingAnswer,
  type BookingAnswerValues,
  type BookingQuestion,
} from '../../domain/booking-questions.ts'
import { selfServiceRefusal } from '../../domain/self-service-policy.ts'
import { teamMemberChoiceRefusal } from '../../domain/team-member-choice.ts'
import { HttpProblem } from '../../http/problem.ts'
import { assertValid } from '../../http/validation-problem.ts'
import { eventOf } from '../../notifications/appointment-calendar.ts'
import type { AppointmentNotifier } from '../../notifications/appointment-notifier.ts'
import { customerLinks } from '../../notifications/customer-links.ts'
import { invitationCalendar } from '../../notifications/ics.ts'
import type { CapabilityTokens } from '../../security/capability-tokens.ts'
import type { PublicRateLimiters } from '../../security/public-rate-limits.ts'
import { cancelAppointment } from '../appointment-lifecycle.ts'
import { findAvailability } from '../availability-service.ts'
import { checkBookingNotice, type createBookingService } from '../booking/booking-service.ts'
import type { AppointmentRefundService } from '../payments/appointment-refunds.ts'
import type { BookingPaymentService } from '../payments/booking-payment-service.ts'
import { chooseFairly } from '../team-assignment.ts'
import { createIdempotency } from './idempotency.ts'
import { checkChoice, type createPublicCatalogService } from './public-catalog-service.ts'
import { customerActor } from './public-customers.ts'
import { checkPublicStart } from './public-start-check.ts'
import { publicAppointment } from './public-views.ts'

type PublicAppointment = components['schemas']['PublicAppointment']
type PublicBookingConfirmation = components['schemas']['PublicBookingConfirmation']
type PublicBookingInput = components['schemas']['PublicBookingInput']
type PublicReschedule = components['schemas']['PublicRescheduleInput']
type PublicCancellation = components['schemas']['PublicCancelInput']
type PublicPaymentReturn = components['schemas']['PublicPaymentReturn']
type PublicPaymentReturnInput = components['schemas']['PublicPaymentReturnInput']

/** An appointment as a customer names it: its id and the manage token from their link. */
export interface ManageLink {
  appointmentId: string
  token: string | undefined
}

export interface PublicBookingServiceDeps {
  database: Database
  bookings: ReturnType<typeof createBookingService>
  catalog: ReturnType<typeof createPublicCatalogService>
  /** Tells customer and team member of a cancellation. */
  notifier: AppointmentNotifier
  tokens: CapabilityTokens
  /** The address people open, for the manage link inside the invitation. */
  publicUrl: string
  limits: PublicRateLimiters
  /** Paying at booking: the hold's payment and Checkout, and the return's sync. */
  payments: BookingPaymentService
  /** Makes the refunds cancellations owe. */
  refunds: AppointmentRefundService
}

/**
 * What a customer without a staff account may do with a booking: make one, then see, move,
 * cancel it or take its invitation through the manage link. Appointments are reached only with
 * their manage token, and a wrong token looks exactly like a wrong id. Writes run at most once
 * per Idempotency-Key, their answer committed with them.
 */
export function createPublicBookingService(deps: PublicBookingServiceDeps) {
  const { database, bookings, catalog, notifier, tokens, publicUrl, limits, payments, refunds } =
    deps
  const repo = createPublicBookingRepository(database.db)
  const settingsOf = (tenant: Tenant) => createSettingsRepository(database.db).get(tenant.id)
  const idempotency = createIdempotency(database)

  /** The appointment the id and manage token name in this business, or a 404 either way. */
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
    /** 201 with the appointment and its manage token, or the replay of an earlier answer. */
    book(
      tenant: Tenant,
      input: PublicBookingInput,
      idempotencyKey: string | undefined,
    ): Promise<{ status: number; body: PublicBookingConfirmation }> {
      return idempotency.run<PublicBookingConfirmation>(
        { tenantId: tenant.id, scope: 'createPublicBooking', key: idempotencyKey, body: input },
        async (remember) => {
          await limits.booking(input.customer.email)
          // Refusals that need no lock come first; the customer record is written only by the
          // booking's own transaction, once the time is secured, so no refusal leaves one.
          // With each service's charge: `chargeFor` below asks whether the business takes it
          // now, so a free service's booking does not read the payment account at all.
          const offered = await catalog.catalogWithCharges(tenant)
          checkChoice(offered, input.service_id, input.team_member_id, 'body')
          const service = offered.services.find((one) => one.id === input.service_id)
          const bookingAnswers = checkAnswers(
            service?.booking_questions ?? [],
            input.booking_answers ?? {},
          )
          // The checks before the booking's transaction read what the pages read, from the
          // request's cache (as fresh as the request); the transaction re-reads what it relies on.
          const cached = catalog.view(tenant)
          const settings = await cached.get(tenant.id, 'settings_row', '', () => settingsOf(tenant))
          checkTeamMemberChoice(settings, input.team_member_id ?? null)
          const startsAt = new Date(input.starts_at)
          checkBookingNotice(startsAt.getTime(), settings, Date.now())
          await checkPublicStart(
            database.db,
            {
              tenantId: tenant.id,
              serviceId: input.service_id,
              teamMemberId: input.team_member_id ?? null,
              startsAt: startsAt.getTime(),
              slotIntervalMinutes: settings.slotIntervalMinutes,
            },
            cached,
          )
          const request = {
            tenantId: tenant.id,
            serviceId: input.service_id,
            teamMemberId: input.team_member_id ?? undefined,
            visitor: input.customer,
            startsAt,
            notes: input.notes,
            source: 'public' as const,
            customerTimeZone: input.time_zone,
            customerLanguage: input.language,
            bookingAnswers,
          }
          const charge = await payments.chargeFor(tenant.id, service?.payment)
          if (charge) {
            // Paid at booking: the time is held while the customer pays on Stripe's page. The
            // answer is stored once Checkout is open (after the hold's commit), so a retry with
            // the key replays the same Checkout; a failure releases the key and the hold.
            let payment: PaymentRow | undefined
            const held = await publicSlot(() =>
              bookings.hold({
                ...request,
                alsoInTransaction: async (tx, booked) => {
                  payment = await payments.recordPending(tx, {
                    tenantId: tenant.id,
                    appointmentId: booked.id,
                    charge,
                  })
                },
              }),
            )
            if (!payment) throw new Error('A hold succeeded without its payment.')
            const checkout = await payments.openCheckout({
              payment,
              businessSlug: tenant.slug,
              description: `${service?.name ?? 'Appointment'} — ${tenant.name}`,
              customerEmail: input.customer.email,
              holdEndsAt: held.hold_expires_at ? new Date(held.hold_expires_at) : null,
            })
            return {
              status: 201,
              body: {
                appointment: await view(tenant, held.id, database.db),
                manage_token: tokens.manageToken(held.id),
                payment: checkout,
              },
            }
          }
          let answer: PublicBookingConfirmation | undefined
          await publicSlot(() =>
            bookings.book({
              ...request,
              // The key's answer commits with the booking: a retry after a crash replays it.
              alsoInTransaction: async (tx, booked, read) => {
                answer = {
                  appointment: publicAppointment(
                    read.publicRow,
                    { tenant, settings: read.settings },
                    Date.now(),
                  ),
                  manage_token: tokens.manageToken(booked.id),
                }
                await remember(tx, { status: 201, body: answer })
              },
            }),
          )
          if (!answer) throw new Error('A booking succeeded without its answer.')
          return { status: 201, body: answer }
        },
      )
    },

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
     * runs it), then where the booking stands. 404 for a wrong token, an appointment without
     * a payment, or a session that is not this appointment's.
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

/**
 * The answers to store with the appointment (each with its question's label as asked), or a
 * 400 naming every answer that is missing or wrong. Null when the service asks nothing, so a
 * booking without questions is stored as before.
 */
function checkAnswers(
  questions: readonly BookingQuestion[],
  answers: BookingAnswerValues,
): BookingAnswer[] | null {
  assertValid(
    answerProblems(questions, answers).map(({ questionId, message }) => ({
      path: `body.booking_answers.${questionId}`,
      message,
    })),
  )
  return questions.length > 0 ? answerSnapshot(questions, answers) : null
}

function checkTeamMemberChoice(settings: SettingsRow, teamMemberId: string | null): void {
  const refusal = teamMemberChoiceRefusal(settings.teamMemberChoice, teamMemberId)
  if (refusal) throw invalid('body.team_member_id', refusal)
}

/**
 * Runs a booking or move; whatever made the time unavailable meanwhile (another booking, a
 * full session, nobody free) becomes the one public answer, which names nobody.
 */
async function publicSlot<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (error instanceof HttpProblem && error.status === 409) throw slotTaken(error)
    throw error
  }
}

function slotTaken(cause?: unknown): HttpProblem {
  return new HttpProblem(409, 'This time was just taken. Please choose another time.', {
    type: '/problems/slot-taken',
    cause,
  })
}

function notChangeable(detail: string): HttpProblem {
  return new HttpProblem(409, detail, { type: '/problems/appointment-not-changeable' })
}

function publicAppointmentNotFound(): HttpProblem {
  return new HttpProblem(404, 'There is no appointment here for this link.')
}

function invalid(path: string, message: string): HttpProblem {
  return new HttpProblem(400, `${path} ${message}.`, { errors: [{ path, message }] })
}
