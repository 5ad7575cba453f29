import { assign } from 'xstate'
import { NO_TOKEN_MESSAGE } from './booking-context'
import { bookingSetup } from './booking-setup'
import { messageOf, statusOf } from './call-errors'

/**
 * The booking wizard's end (booking.machine.ts): the confirmation, just booked or loaded with
 * the link's token, and paying at booking (booking-payment.machine.ts) on the way to it.
 */
export const confirmationStates = {
  confirmation: bookingSetup.createStateConfig({
    initial: 'checking',
    states: {
      /** A confirmation URL: the booking just made, or one to load with the URL's token. */
      checking: {
        always: [
          {
            guard: 'isJustBooked',
            target: 'ready',
          },
          {
            guard: 'hasConfirmationToken',
            target: 'loading',
            actions: assign({
              token: ({ context }) =>
                context.route.step === 'confirmation' ? context.route.token : null,
            }),
          },
          { target: 'failed', actions: assign({ error: NO_TOKEN_MESSAGE, notFound: false }) },
        ],
      },
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'loadAppointment',
          src: 'loadAppointment',
          input: ({ context }) => ({
            appointmentId: context.route.step === 'confirmation' ? context.route.appointmentId : '',
            token: context.token ?? '',
          }),
          onDone: {
            target: 'ready',
            actions: assign({
              confirmation: ({ context, event }) => ({
                appointment: event.output,
                manage_token: context.token ?? '',
              }),
            }),
          },
          onError: {
            target: 'failed',
            actions: assign({
              error: ({ event }) => messageOf(event.error, 'error_appointment_not_found'),
              notFound: ({ event }) => statusOf(event.error) === 404,
            }),
          },
        },
      },
      ready: {
        entry: {
          type: 'showRoute',
          params: ({ context }) => ({
            route: {
              step: 'confirmation',
              appointmentId: context.confirmation?.appointment.id ?? '',
              token: context.token,
            },
            replace: context.followingUrl,
          }),
        },
      },
      failed: {
        on: {
          'booking.retry': {
            guard: 'hasConfirmationToken',
            target: 'loading',
            actions: assign({ error: null }),
          },
        },
      },
    },
  }),
  /**
   * Paying at booking (booking-payment.machine.ts): the hold is made; the customer pays on
   * Stripe's hosted Checkout and comes back to `/booking/payment/:id` (a fresh page load:
   * `booking.urlChanged`, which starts the flow again there). Once paid, the confirmation.
   */
  paying: bookingSetup.createStateConfig({
    invoke: {
      id: 'bookingPayment',
      src: 'bookingPayment',
      input: ({ context }) => ({
        route: context.route,
        confirmation: context.confirmation,
        token: context.token,
      }),
      onDone: { target: 'confirmation.ready', actions: 'adoptPaymentReturn' },
    },
  }),
}
