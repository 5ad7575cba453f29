import { assign, fromPromise, not, setup } from 'xstate'
import type { WizardRoute } from '../../shared/booking-links'
import type { components } from '../../shared/contract/schema'
import type { MessageKey } from '../../shared/i18n/en'
import { errorOf, messageOf, statusOf } from './call-errors'

export type PublicBookingConfirmation = components['schemas']['PublicBookingConfirmation']
export type PublicBookingPayment = components['schemas']['PublicBookingPayment']
export type PublicPaymentReturn = components['schemas']['PublicPaymentReturn']

/** Where the customer came back from Stripe's Checkout, to sync the payment there. */
export interface PaymentQuery {
  appointmentId: string
  token: string
  /** The Checkout Session Stripe named on the success address; none on the cancel address. */
  sessionId: string | null
}

/**
 * How many more times a return by the success address that finds the payment not yet
 * recorded asks again (a few seconds apart, `waitBeforePoll`) before saying what to do.
 */
export const PAYMENT_POLLS = 3

export const PAYMENT_SYNC_FAILED: MessageKey = 'error_payment_sync'

export interface BookingPaymentInput {
  /**
   * The wizard's address: a payment address (back from Checkout, or opened again) syncs the
   * payment; any other is the visit that just made the hold, which leaves for Checkout.
   */
  route: WizardRoute
  /** The hold just made (leaving for Checkout); null on a fresh page until the first sync. */
  confirmation: PublicBookingConfirmation | null
  /** The appointment's manage token (from the booking, or from the payment address). */
  token: string | null
}

export interface BookingPaymentContext {
  route: WizardRoute
  /** The appointment and its payment, as the last sync (or the booking) told them. */
  confirmation: PublicBookingConfirmation | null
  token: string | null
  /** Where the hold stands after the last sync with Stripe, else null. */
  paymentReturn: PublicPaymentReturn['state'] | null
  /** Asks left before a return by the success address stops waiting for the payment. */
  pollsLeft: number
  /** Why the last sync failed: the server's sentence, else a catalogue key. */
  error: string | null
  /** The sync named no such appointment (404), or the link has no token: nothing to retry. */
  notFound: boolean
}

export type BookingPaymentEvent =
  /** Back to Stripe's Checkout to pay (again) while the hold lasts. */
  { type: 'payment.payAgain' } | { type: 'payment.retry' }

/**
 * Where a hold stands after a sync, as the page shows it: the state, and the appointment with
 * its payment under the visit's manage token. The wizard adopts the same from the flow's output.
 */
export function adoptedReturn(output: PublicPaymentReturn, token: string | null) {
  return {
    paymentReturn: output.state,
    confirmation: {
      appointment: output.appointment,
      manage_token: token ?? '',
      ...(output.payment ? { payment: output.payment } : {}),
    },
  }
}

function returnStateOf(event: unknown): PublicPaymentReturn['state'] | null {
  return (event as { output?: PublicPaymentReturn }).output?.state ?? null
}

/**
 * Paying at booking, invoked by the booking wizard (booking.machine.ts) once a hold is made or
 * a payment address is opened: the customer pays on Stripe's hosted Checkout and comes back to
 * `/booking/payment/:id` (a fresh page load, which the wizard routes here again), where the
 * payment is synced and the booking confirmed, or not. It ends (`confirmed`, its output the
 * sync's answer) when the payment is confirmed; the wizard then shows the confirmation.
 *
 * Effects are provided by the app: actors `syncPayment`, `waitBeforePoll`, `waitForHoldEnd`;
 * actions `showRoute` (the way back standing in the URL) and `goToCheckout`.
 */
export const bookingPaymentMachine = setup({
  types: {
    context: {} as BookingPaymentContext,
    events: {} as BookingPaymentEvent,
    input: {} as BookingPaymentInput,
    output: {} as PublicPaymentReturn,
  },
  actors: {
    /** The payment-return sync: the payment and the appointment brought in line with Stripe. */
    syncPayment: fromPromise<PublicPaymentReturn, PaymentQuery>(async () => {
      throw new Error('provided by the app')
    }),
    /** A few seconds' pause before asking again whether the payment has arrived. */
    waitBeforePoll: fromPromise<void, void>(async () => {
      throw new Error('provided by the app')
    }),
    /** Resolves when the hold runs out (`hold_expires_at`), to sync and say so. */
    waitForHoldEnd: fromPromise<void, { holdExpiresAt: string }>(async () => {
      throw new Error('provided by the app')
    }),
  },
  actions: {
    /** Provided by the app: navigate to the step's URL (`replace` when correcting the URL). */
    showRoute: (_, _params: { route: WizardRoute; replace: boolean }) => {},
    /** Provided by the app: leave for Stripe's hosted Checkout (a full page load). */
    goToCheckout: (_, _params: { url: string }) => {},
    /** Where the hold stands after a sync: the appointment and its payment, as the page shows them. */
    adoptPaymentReturn: assign(({ context, event }) =>
      adoptedReturn((event as unknown as { output: PublicPaymentReturn }).output, context.token),
    ),
  },
  guards: {
    isPaymentRoute: ({ context }) => context.route.step === 'payment',
    isPaymentConfirmed: ({ event }) => returnStateOf(event) === 'confirmed',
    isPaymentExpired: ({ event }) => returnStateOf(event) === 'expired',
    isPaymentRefunded: ({ event }) => returnStateOf(event) === 'refunded',
    /** Back by the success address, the payment not recorded yet: ask again, a few times. */
    isPaymentOnItsWay: ({ context }) =>
      context.route.step === 'payment' && context.route.outcome === 'paid' && context.pollsLeft > 0,
    /** The sync named no such appointment (404): nothing to retry. */
    isLinkNotFound: ({ context }) => context.notFound,
  },
}).createMachine({
  id: 'bookingPayment',
  context: ({ input }) => ({
    route: input.route,
    confirmation: input.confirmation,
    token: input.token,
    paymentReturn: input.route.step === 'payment' ? null : 'awaiting_payment',
    pollsLeft: PAYMENT_POLLS,
    error: null,
    notFound: false,
  }),
  initial: 'entering',
  output: ({ context }) => ({
    state: 'confirmed',
    appointment: context.confirmation?.appointment as PublicPaymentReturn['appointment'],
    payment: context.confirmation?.payment ?? null,
  }),
  states: {
    /** Back from Checkout (a payment address) syncs; the visit that made the hold leaves. */
    entering: {
      always: [{ guard: 'isPaymentRoute', target: 'returned' }, { target: 'redirected' }],
    },
    /** On the way to Stripe's page; its address stands in the URL for the way back. */
    redirected: {
      entry: [
        {
          type: 'showRoute',
          params: ({ context }) => ({
            route: {
              step: 'payment',
              appointmentId: context.confirmation?.appointment.id ?? '',
              token: context.token,
              outcome: null,
              sessionId: null,
            },
            replace: true,
          }),
        },
        {
          type: 'goToCheckout',
          params: ({ context }) => ({ url: context.confirmation?.payment?.checkout_url ?? '' }),
        },
      ],
    },
    /** Back from Stripe (or opened again): the payment synced with Stripe. */
    returned: {
      tags: ['loading'],
      invoke: {
        id: 'syncPayment',
        src: 'syncPayment',
        input: ({ context }) => ({
          appointmentId: context.route.step === 'payment' ? context.route.appointmentId : '',
          token: context.token ?? '',
          sessionId: context.route.step === 'payment' ? context.route.sessionId : null,
        }),
        onDone: [
          { guard: 'isPaymentConfirmed', target: 'confirmed', actions: 'adoptPaymentReturn' },
          { guard: 'isPaymentExpired', target: 'expired', actions: 'adoptPaymentReturn' },
          { guard: 'isPaymentRefunded', target: 'refunded', actions: 'adoptPaymentReturn' },
          { guard: 'isPaymentOnItsWay', target: 'confirming', actions: 'adoptPaymentReturn' },
          { target: 'failed', actions: 'adoptPaymentReturn' },
        ],
        onError: {
          target: 'syncFailed',
          actions: assign({
            error: ({ event }) => messageOf(event.error, PAYMENT_SYNC_FAILED),
            // A link without its token names nothing the page may show, as a wrong one.
            notFound: ({ context, event }) => statusOf(errorOf(event)) === 404 || !context.token,
          }),
        },
      },
    },
    /** Paid, but Stripe's word has not reached the server yet: "Confirming your payment…". */
    confirming: {
      invoke: {
        id: 'waitBeforePoll',
        src: 'waitBeforePoll',
        onDone: {
          target: 'returned',
          actions: assign({ pollsLeft: ({ context }) => context.pollsLeft - 1 }),
        },
      },
    },
    /**
     * Not paid (declined, left Stripe's page, or not confirmed after asking): the customer
     * may pay again while the hold lasts; when it runs out, the sync says so.
     */
    failed: {
      invoke: {
        id: 'waitForHoldEnd',
        src: 'waitForHoldEnd',
        input: ({ context }) => ({
          holdExpiresAt: context.confirmation?.payment?.hold_expires_at ?? '',
        }),
        onDone: { target: 'returned', actions: assign({ pollsLeft: 0 }) },
      },
      on: {
        'payment.payAgain': {
          target: 'redirected',
          actions: assign({ pollsLeft: PAYMENT_POLLS }),
        },
      },
    },
    /** The hold ran out unpaid: the time is free again; another can be chosen. */
    expired: {},
    /** Paid after the hold ran out, for a time someone else took: the money went back. */
    refunded: {},
    /** The sync failed (offline, Stripe not answering) or names no such appointment. */
    syncFailed: {
      on: {
        'payment.retry': {
          guard: not('isLinkNotFound'),
          target: 'returned',
          actions: assign({ error: null }),
        },
      },
    },
    /** Paid and confirmed: the wizard shows the confirmation. */
    confirmed: { type: 'final' },
  },
})
