import { fromPromise } from 'xstate'
import type { WizardRoute } from '../../../shared/booking-links'
import { currentLanguage } from '../../app/i18n'
import { daysInMonth } from '../../domain/month-grid'
import { bookingMachine } from '../../machines/booking.machine'
import type { AppointmentQuery, BookingSubmission } from '../../machines/booking-context'
import { bookingPaymentMachine, type PaymentQuery } from '../../machines/booking-payment.machine'
import {
  type CancelChange,
  manageAppointmentMachine,
  type RescheduleChange,
} from '../../machines/manage-appointment.machine'
import {
  type MonthQuery,
  monthOfSlotsMachine,
  monthReportingToParent,
} from '../../machines/month-of-slots.machine'
import { bookingApi, type PublicBookingApi } from './api'
import { daysRange } from './slot-days'

/** Whole days of the visitor's, from `firstDay` (`YYYY-MM-DD`) in `timeZone` (at most 42). */
export interface DaysQuery {
  serviceId: string
  /** null = any available. */
  teamMemberId: string | null
  firstDay: string
  days: number
  timeZone: string
}

/** The public API's free times for whole days of the visitor's. */
export async function loadDaysOfSlots(api: PublicBookingApi, query: DaysQuery) {
  const { from, to } = daysRange(query.firstDay, query.days, query.timeZone)
  const availability = await api.availability({
    serviceId: query.serviceId,
    teamMemberId: query.teamMemberId,
    from,
    to,
  })
  return availability.slots
}

/** The public API's free times for one month of the visitor's days (at most 31: within 42). */
export function loadMonthOfSlots(api: PublicBookingApi, query: MonthQuery) {
  return loadDaysOfSlots(api, {
    serviceId: query.serviceId,
    teamMemberId: query.teamMemberId,
    firstDay: `${query.month}-01`,
    days: daysInMonth(query.month),
    timeZone: query.timeZone,
  })
}

/** The month of free times as the booking and manage machines invoke it, on the public API. */
export function createMonthOfSlotsLogic(api: PublicBookingApi) {
  return monthReportingToParent(
    monthOfSlotsMachine.provide({
      actors: {
        loadMonth: fromPromise(({ input }: { input: MonthQuery }) => loadMonthOfSlots(api, input)),
      },
    }),
  )
}

/** Between two asks whether a payment Stripe took has reached the server. */
const PAYMENT_POLL_MS = 2_000

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
}

/** Leaves for Stripe's hosted Checkout: a full page load, as Stripe's page is another site. */
function leaveForCheckout({ url }: { url: string }): void {
  if (url) window.location.assign(url)
}

/**
 * In a frame on a business's website: Stripe's Checkout refuses to be framed, so it opens in a
 * new tab (as Calendly's and Cal.com's embeds do) and the business's page stays where it was,
 * listening for `booked`. Called from the customer's click (or the booking's answer to it);
 * should a popup blocker still refuse, the page offers the same address as a link.
 */
export function openCheckoutInNewTab({ url }: { url: string }): void {
  if (url) window.open(url, '_blank', 'noopener')
}

/** The booking machine with the public API as its effects and `showRoute` as its navigation. */
export function createBookingLogic(
  showRoute: (params: { route: WizardRoute; replace: boolean }) => void,
  api: PublicBookingApi = bookingApi,
  goToCheckout: (params: { url: string }) => void = leaveForCheckout,
) {
  return bookingMachine.provide({
    actors: {
      loadCatalogue: fromPromise(async () => {
        const [business, services, teamMembers] = await Promise.all([
          api.business(),
          api.services(),
          api.teamMembers(),
        ])
        return { business, services, teamMembers }
      }),
      monthOfSlots: createMonthOfSlotsLogic(api),
      submitBooking: fromPromise(({ input }: { input: BookingSubmission }) =>
        // The page's language goes with the booking: the customer's e-mails are written in it.
        api.book(input.idempotencyKey, { ...input.body, language: currentLanguage() }),
      ),
      loadAppointment: fromPromise(({ input }: { input: AppointmentQuery }) =>
        api.appointment(input.appointmentId, input.token),
      ),
      bookingPayment: bookingPaymentMachine.provide({
        actors: {
          syncPayment: fromPromise(({ input }: { input: PaymentQuery }) =>
            api.paymentReturn(input.appointmentId, input.token, input.sessionId),
          ),
          waitBeforePoll: fromPromise(() => wait(PAYMENT_POLL_MS)),
          // A second past the end, so the server's clock has surely passed it too.
          waitForHoldEnd: fromPromise(({ input }: { input: { holdExpiresAt: string } }) =>
            wait(Date.parse(input.holdExpiresAt) - Date.now() + 1_000),
          ),
        },
        actions: {
          showRoute: (_, params) => showRoute(params),
          goToCheckout: (_, params) => goToCheckout(params),
        },
      }),
    },
    actions: {
      showRoute: (_, params) => showRoute(params),
    },
  })
}

/**
 * The booking machine for the server renderer's one page: it never navigates, and the time
 * step's month is never asked for there (its days and times are the visitor's, in their time
 * zone: the browser asks once it runs). A promise that never settles leaves the month loading.
 */
export function createServerBookingLogic() {
  return createBookingLogic(() => {}, {
    ...bookingApi,
    availability: () => new Promise<never>(() => {}),
  })
}

/** The manage link's machine (reschedule or cancel) with the public API as its effects. */
export function createManageLogic(api: PublicBookingApi = bookingApi) {
  return manageAppointmentMachine.provide({
    actors: {
      loadAppointment: fromPromise(
        ({ input }: { input: { appointmentId: string; token: string } }) =>
          api.appointment(input.appointmentId, input.token),
      ),
      monthOfSlots: createMonthOfSlotsLogic(api),
      reschedule: fromPromise(({ input }: { input: RescheduleChange }) =>
        api.reschedule(
          input.appointmentId,
          input.token,
          input.idempotencyKey,
          input.body.starts_at,
        ),
      ),
      cancel: fromPromise(({ input }: { input: CancelChange }) =>
        api.cancel(input.appointmentId, input.token, input.idempotencyKey, input.body.reason),
      ),
    },
  })
}
