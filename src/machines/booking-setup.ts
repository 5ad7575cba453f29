import { assign, fromPromise, not, setup, stateIn } from 'xstate'
import type { WizardRoute } from '../../shared/booking-links'
import { startRefusalKey } from '../domain/start-refusals'
import { teamMemberWithoutChoice } from '../domain/team-choice'
import { findService, isBookablePair } from './booking-catalogue-rules'
import type {
  AppointmentQuery,
  BookingContext,
  BookingEvent,
  BookingInput,
  BookingSubmission,
  Catalogue,
  PublicAppointment,
} from './booking-context'
import {
  answerErrorsOf,
  bookingBody,
  customerErrorsOf,
  validateAnswers,
  validateCustomer,
} from './booking-details-rules'
import {
  adoptedReturn,
  bookingPaymentMachine,
  type PublicBookingConfirmation,
  type PublicPaymentReturn,
} from './booking-payment.machine'
import { errorOf, problemTypeOf, statusOf } from './call-errors'
import { monthReportingToParent } from './month-of-slots.machine'

/**
 * The booking wizard's vocabulary (booking.machine.ts): its types, the effects the app provides
 * (placeholders here), its own actions and its guards. The steps' states are written on it.
 */
export const bookingSetup = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    input: {} as BookingInput,
    children: {} as { monthOfSlots: 'monthOfSlots'; bookingPayment: 'bookingPayment' },
  },
  actors: {
    loadCatalogue: fromPromise<Catalogue, void>(async () => {
      throw new Error('provided by the app')
    }),
    monthOfSlots: monthReportingToParent(),
    submitBooking: fromPromise<PublicBookingConfirmation, BookingSubmission>(async () => {
      throw new Error('provided by the app')
    }),
    loadAppointment: fromPromise<PublicAppointment, AppointmentQuery>(async () => {
      throw new Error('provided by the app')
    }),
    /** Paying at booking (booking-payment.machine.ts), with its own effects. */
    bookingPayment: bookingPaymentMachine,
  },
  actions: {
    /** Provided by the app: navigate to the step's URL (`replace` when correcting the URL). */
    showRoute: (_, _params: { route: WizardRoute; replace: boolean }) => {},
    chooseFromUser: assign({ followingUrl: false }),
    /** A chosen service or team member starts a new pick of the other and of the slot. */
    adoptRoute: assign(({ context }) => {
      const { route } = context
      switch (route.step) {
        case 'serviceTeam':
          return { serviceId: route.serviceId, teamMemberId: null, teamMemberFirst: false }
        case 'teamServices':
          return { teamMemberId: route.teamMemberId, serviceId: null, teamMemberFirst: true }
        case 'calendar':
          return { serviceId: route.serviceId, teamMemberId: route.teamMemberId }
        case 'customerInfo': {
          const service = findService(context, route.serviceId)
          const startsAt = route.startsAt ?? ''
          const slot =
            context.slot?.starts_at === startsAt
              ? context.slot
              : {
                  starts_at: startsAt,
                  ends_at: new Date(
                    Date.parse(startsAt) + (service?.duration_minutes ?? 0) * 60_000,
                  ).toISOString(),
                  // A link names only the start; the seats are known again once times load.
                  seats_left: null,
                }
          return { serviceId: route.serviceId, teamMemberId: route.teamMemberId, slot }
        }
        default:
          return {}
      }
    }),
    /** The paid booking, as the payment's last sync told it. */
    adoptPaymentReturn: assign(({ context, event }) => ({
      ...adoptedReturn((event as unknown as { output: PublicPaymentReturn }).output, context.token),
      followingUrl: true,
    })),
    keyTheBooking: assign(({ context }) => {
      const body = JSON.stringify(bookingBody(context))
      if (context.idempotencyKey && context.keyedBody === body) return {}
      return { idempotencyKey: context.newIdempotencyKey(), keyedBody: body }
    }),
  },
  guards: {
    /** While the booking is on its way the form is frozen: edits are not taken. */
    acceptsCustomerEdits: not(stateIn({ details: 'submitting' })),
    hasCatalogue: ({ context }) => context.catalogue !== null,
    isConfirmationRoute: ({ context }) => context.route.step === 'confirmation',
    isPaymentRoute: ({ context }) => context.route.step === 'payment',
    /** The booking is a hold to pay for on Stripe's Checkout. */
    mustPay: ({ event }) => {
      const payment = (event as { output?: PublicBookingConfirmation }).output?.payment
      return payment?.status === 'pending' && Boolean(payment.checkout_url)
    },
    /** The confirmation URL names the booking this visit just made. */
    isJustBooked: ({ context }) =>
      context.route.step === 'confirmation' &&
      context.confirmation?.appointment.id === context.route.appointmentId,
    hasConfirmationToken: ({ context }) =>
      context.route.step === 'confirmation' && context.route.token !== null,
    isStartRoute: ({ context }) => context.route.step === 'start',
    isServiceTeamRoute: ({ context }) =>
      context.route.step === 'serviceTeam' &&
      findService(context, context.route.serviceId) !== undefined,
    isServiceWithoutTeamChoiceRoute: ({ context }) =>
      context.route.step === 'serviceTeam' &&
      findService(context, context.route.serviceId) !== undefined &&
      teamMemberWithoutChoice(context.catalogue, context.route.serviceId) !== null,
    isTeamServicesRoute: ({ context }) => {
      const { route } = context
      return (
        route.step === 'teamServices' &&
        context.catalogue?.business.team_member_choice !== 'any_available' &&
        (context.catalogue?.teamMembers.some((member) => member.id === route.teamMemberId) ?? false)
      )
    },
    isCalendarRoute: ({ context }) =>
      context.route.step === 'calendar' &&
      isBookablePair(context, context.route.serviceId, context.route.teamMemberId),
    isCustomerInfoRoute: ({ context }) =>
      context.route.step === 'customerInfo' &&
      context.route.startsAt !== null &&
      isBookablePair(context, context.route.serviceId, context.route.teamMemberId),
    /** A customer-info link without a chosen time: the visitor picks one first. */
    isCustomerInfoWithoutSlot: ({ context }) =>
      context.route.step === 'customerInfo' &&
      isBookablePair(context, context.route.serviceId, context.route.teamMemberId),
    leavesNoTeamChoice: ({ context, event }) =>
      event.type === 'booking.serviceChosen' &&
      teamMemberWithoutChoice(context.catalogue, event.serviceId) !== null,
    mayChooseTeamMember: ({ context }) =>
      context.catalogue?.business.team_member_choice !== 'any_available',
    isKnownService: ({ context, event }) =>
      event.type === 'booking.serviceChosen' && findService(context, event.serviceId) !== undefined,
    isKnownTeamMember: ({ context, event }) =>
      event.type === 'booking.teamMemberChosen' &&
      (context.catalogue?.teamMembers.some((member) => member.id === event.teamMemberId) ?? false),
    performsChosenService: ({ context, event }) =>
      event.type === 'booking.teamMemberChosen' &&
      context.serviceId !== null &&
      isBookablePair(context, context.serviceId, event.teamMemberId),
    isOfferedByChosenTeamMember: ({ context, event }) =>
      event.type === 'booking.serviceChosen' &&
      context.teamMemberId !== null &&
      isBookablePair(context, event.serviceId, context.teamMemberId),
    areDetailsInvalid: ({ context }) =>
      Object.keys(validateCustomer(context.customer)).length > 0 ||
      Object.keys(validateAnswers(context)).length > 0,
    isSlotTaken: ({ event }) => statusOf(errorOf(event)) === 409,
    /** A start that was never free (off the grid, outside hours, too soon…), with its reason. */
    isStartRefused: ({ event }) => startRefusalKey(problemTypeOf(errorOf(event))) !== null,
    isRateLimited: ({ event }) => statusOf(errorOf(event)) === 429,
    /** No HTTP answer at all: offline, DNS, timeout. */
    isNetworkFailure: ({ event }) => statusOf(errorOf(event)) === null,
    hasCustomerErrors: ({ event }) =>
      Object.keys(customerErrorsOf(errorOf(event))).length > 0 ||
      Object.keys(answerErrorsOf(errorOf(event))).length > 0,
  },
})
