/**
 * Model-based test of paying at booking (see support/describe-model.ts), the flow the booking
 * wizard invokes once a hold is made or a payment address is opened: leaving for Stripe's
 * Checkout, the way back by either address, asking again while a payment is on its way, paying
 * again, the hold running out, a late payment refunded, and a sync that fails.
 */
import { describe, expect } from 'vitest'
import type { WizardRoute } from '../../shared/booking-links'
import {
  type BookingPaymentEvent,
  type BookingPaymentInput,
  bookingPaymentMachine,
} from '../../src/machines/booking-payment.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import { done, failed, type ModelEvent, sampleErrors } from '../support/model/sample-events'
import {
  apiError,
  appointmentId,
  checkoutUrl,
  firstSlot,
  haircutId,
  heldForPayment,
  manageToken,
  paymentReturn,
  sessionId,
} from '../support/unit/booking-harness'

type PaymentSnapshot = ReturnType<typeof bookingPaymentMachine.getInitialSnapshot>

const returnBy = (outcome: 'paid' | 'cancelled', token: string | null = manageToken) =>
  ({
    step: 'payment',
    appointmentId,
    token,
    outcome,
    sessionId: outcome === 'paid' ? sessionId : null,
  }) satisfies WizardRoute

const starts: { prefix: string; input: BookingPaymentInput }[] = [
  {
    prefix: '[hold made] ',
    input: {
      route: {
        step: 'customerInfo',
        serviceId: haircutId,
        teamMemberId: 'any',
        startsAt: firstSlot.starts_at,
      },
      confirmation: heldForPayment(),
      token: manageToken,
    },
  },
  {
    prefix: '[paid return] ',
    input: { route: returnBy('paid'), confirmation: null, token: manageToken },
  },
  {
    prefix: '[cancelled return] ',
    input: { route: returnBy('cancelled'), confirmation: null, token: manageToken },
  },
  // A payment address without its token names nothing the page may show.
  {
    prefix: '[no token] ',
    input: { route: returnBy('paid', null), confirmation: null, token: null },
  },
]

const sampleEvents: ModelEvent<BookingPaymentEvent>[] = [
  { type: 'payment.payAgain' },
  { type: 'payment.retry' },
  done('syncPayment', paymentReturn('confirmed'), 'confirmed'),
  done('syncPayment', paymentReturn('awaiting_payment'), 'awaiting'),
  done('syncPayment', paymentReturn('expired'), 'expired'),
  done('syncPayment', paymentReturn('refunded'), 'refunded'),
  failed('syncPayment', sampleErrors.offline, 'offline'),
  failed('syncPayment', apiError(404, 'Not found.'), 'not found'),
  done('waitBeforePoll', undefined, 'asked again'),
  done('waitForHoldEnd', undefined, 'hold ran out'),
]

describe('booking payment machine paths from its graph', () => {
  describeModel({
    name: 'booking-payment',
    machine: bookingPaymentMachine,
    starts,
    events: sampleEvents,
    observe: (snapshot: PaymentSnapshot) => ({
      value: snapshot.value,
      status: snapshot.status,
      paymentReturn: snapshot.context.paymentReturn,
      pollsLeft: snapshot.context.pollsLeft,
      payment: snapshot.context.confirmation?.payment?.status ?? null,
      error: snapshot.context.error,
      notFound: snapshot.context.notFound,
    }),
    harness: (input, inspect) => {
      const harness = parkedActor(bookingPaymentMachine, {
        effects: ['syncPayment', 'waitBeforePoll', 'waitForHoldEnd'],
        actions: ['showRoute', 'goToCheckout'],
        input,
        inspect,
      })
      return {
        ...harness,
        afterStep: ({ event, before, after, at }) => {
          // Before the start, the snapshot already shows where the actor will begin.
          const entered = (state: 'redirected' | 'returned' | 'failed') =>
            after.matches(state) && (event.type === 'xstate.init' || !before.matches(state))
          // Leaving for Stripe: the way back stands in the URL, then its page is opened.
          const leaving = entered('redirected')
          expect(harness.heard(), at).toEqual(leaving ? ['showRoute', 'goToCheckout'] : [])
          // Every sync asks about the appointment the address names, with its token.
          if (entered('returned')) {
            const route = after.context.route as Extract<WizardRoute, { step: 'payment' }>
            expect(harness.asked('syncPayment'), at).toEqual([
              { appointmentId, token: route.token ?? '', sessionId: route.sessionId },
            ])
          }
          // Not paid: the hold's end is awaited, to say when the time is no longer held.
          if (entered('failed')) {
            expect(harness.asked('waitForHoldEnd'), at).toEqual([
              { holdExpiresAt: heldForPayment().payment?.hold_expires_at },
            ])
          }
        },
        afterPath: (live) => {
          // Paid and confirmed: the wizard gets the appointment and its payment as synced.
          if (live.status === 'done') {
            expect(live.output).toMatchObject({
              state: 'confirmed',
              appointment: { id: appointmentId, status: 'confirmed' },
              payment: { status: 'succeeded' },
            })
          }
          expect(checkoutUrl).toBe(heldForPayment().payment?.checkout_url)
        },
      }
    },
  })
})
