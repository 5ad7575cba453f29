import type { components } from '../../../shared/contract/schema.d.ts'
import type { PaymentRow } from '../../db/repositories/payment-repository.ts'
import { createSettingsRepository } from '../../db/repositories/settings-repository.ts'
import type { Tenant } from '../../db/repositories/tenant-repository.ts'
import type { PublicRateLimiters } from '../../security/public-rate-limits.ts'
import { checkBookingNotice } from '../booking/booking-rules.ts'
import { checkAnswers, checkTeamMemberChoice } from './booking-pre-checks.ts'
import { createIdempotency } from './idempotency.ts'
import { checkChoice } from './public-catalog-service.ts'
import { createPublicManageService, type PublicManageServiceDeps } from './public-manage-service.ts'
import { publicSlot } from './public-refusals.ts'
import { checkPublicStart } from './public-start-check.ts'
import { publicAppointment } from './public-views.ts'

type PublicBookingConfirmation = components['schemas']['PublicBookingConfirmation']
type PublicBookingInput = components['schemas']['PublicBookingInput']

export interface PublicBookingServiceDeps extends PublicManageServiceDeps {
  limits: PublicRateLimiters
}

/**
 * What a customer without a staff account may do with a booking: make one (a thin façade over
 * the booking core: the Idempotency-Key, the visitor's rate limit, the checks that need no
 * lock from the request's cached reads, and paying at booking, around one call of the core),
 * then see, move, cancel it or take its invitation through the manage link
 * (public-manage-service.ts). Writes run at most once per Idempotency-Key, their answer
 * committed with them.
 */
export function createPublicBookingService(deps: PublicBookingServiceDeps) {
  const { database, bookings, catalog, tokens, limits, payments } = deps
  const settingsOf = (tenant: Tenant) => createSettingsRepository(database.db).get(tenant.id)
  const idempotency = createIdempotency(database, deps.answers)
  const manage = createPublicManageService(deps)

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
                appointment: await manage.view(tenant, held.id, database.db),
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

    appointment: manage.appointment,
    reschedule: manage.reschedule,
    cancel: manage.cancel,
    paymentReturn: manage.paymentReturn,
    invitation: manage.invitation,
  }
}
