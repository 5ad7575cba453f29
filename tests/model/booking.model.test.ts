/**
 * Model-based test of the public booking machine (see support/describe-model.ts): every path
 * of its graph replayed on a fresh actor whose effects are parked fakes, with full coverage of
 * states and transitions asserted on the live actors. Every step the visitor sees has told the
 * app its URL.
 */
import { describe, expect } from 'vitest'
import { monthOf, plusDays } from '../../src/domain/month-grid'
import { bookingMachine } from '../../src/machines/booking.machine'
import type { BookingEvent, BookingInput, Catalogue } from '../../src/machines/booking-context'
import { validateAnswers, validateCustomer } from '../../src/machines/booking-details-rules'
import { describeModel } from '../support/model/describe-model'
import {
  done,
  failed,
  type ModelEvent,
  publicProblem,
  sampleErrors,
} from '../support/model/sample-events'
import {
  ann,
  apiError,
  appointment,
  catalogue,
  checkoutUrl,
  choiceSamples,
  confirmation,
  createBookingHarness,
  firstSlot,
  heldForPayment,
  paymentReturn,
  urlSamples,
} from '../support/unit/booking-harness'

type BookingSnapshot = ReturnType<ReturnType<typeof createBookingHarness>['actor']['getSnapshot']>

let keys = 0
const input: BookingInput = {
  route: { step: 'start' },
  timeZone: 'Europe/Berlin',
  today: '2026-12-01',
  // The graph only needs to know a key exists; the harness counts its own.
  newIdempotencyKey: () => `graph-key-${++keys}`,
}

/** The haircut asks one required question ("I agree"), so the graph meets answers. */
function withQuestion(base: Catalogue): Catalogue {
  return {
    ...base,
    services: base.services.map((service) =>
      service.id === base.services[0]?.id
        ? {
            ...service,
            booking_questions: [
              { id: 'q-agree', label: 'I agree', kind: 'checkbox', required: true, options: [] },
            ],
          }
        : service,
    ),
  }
}

/** Sample payloads: every call can succeed or fail in each way the machine tells apart. */
const sampleEvents: ModelEvent<BookingEvent>[] = [
  ...urlSamples,
  ...choiceSamples,
  // What the month of free times reports (month-of-slots.model.test.ts walks its own graph).
  { type: 'monthOfSlots.shown', month: '2027-01', timeZone: input.timeZone, name: 'next' },
  { type: 'monthOfSlots.shown', month: '2026-12', timeZone: 'America/New_York', name: 'NY' },
  { type: 'monthOfSlots.chosen', slot: firstSlot },
  { type: 'booking.customerChanged', values: ann },
  { type: 'booking.customerChanged', values: { name: '' } },
  { type: 'booking.answerChanged', questionId: 'q-agree', value: true, name: 'ticked' },
  { type: 'booking.answerChanged', questionId: 'q-agree', value: false, name: 'unticked' },
  { type: 'booking.submitted' },
  { type: 'booking.retry' },
  done('loadCatalogue', withQuestion(catalogue('both')), 'both'),
  done('loadCatalogue', catalogue('any_available'), 'any available'),
  failed('loadCatalogue', sampleErrors.offline, 'offline'),
  done('submitBooking', confirmation(), 'booked'),
  failed('submitBooking', apiError(409, 'That time is taken.'), 'taken'),
  failed(
    'submitBooking',
    publicProblem(
      400,
      'This time is too soon.',
      { 'body.starts_at': 'must be at least 2 hours from now' },
      '/problems/too-soon',
    ),
    'too soon',
  ),
  failed('submitBooking', apiError(429, 'Slow down.', { retryAfterSeconds: 30 }), 'limited'),
  failed('submitBooking', sampleErrors.offline, 'offline'),
  failed(
    'submitBooking',
    apiError(400, 'Please check the highlighted fields.', {
      fieldErrors: { 'customer.email': 'Must be an e-mail address.' },
    }),
    'field errors',
  ),
  failed(
    'submitBooking',
    apiError(400, 'Please check the highlighted fields.', {
      fieldErrors: { 'booking_answers.q-agree': 'This value must be ticked.' },
    }),
    'answer errors',
  ),
  failed('submitBooking', apiError(500, 'The server could not complete this.'), 'server error'),
  done('loadAppointment', appointment(), 'found'),
  failed('loadAppointment', apiError(404, 'Not found.'), 'not found'),
  // Paying at booking: the hold, then the paying flow's end (booking-payment.model.test.ts
  // walks its own graph).
  done('submitBooking', heldForPayment(), 'to pay'),
  done('bookingPayment', paymentReturn('confirmed'), 'confirmed'),
]

/** What a state is, for the graph and for comparing the live actor with it. */
function observe(snapshot: BookingSnapshot) {
  const { context } = snapshot
  if (snapshot.matches('paying') || snapshot.matches({ confirmation: 'ready' })) {
    // Once the hold is made, what was chosen on the way there adds copies, not behaviour.
    return {
      value: snapshot.value,
      booked: context.confirmation?.appointment.id ?? null,
      error: context.error !== null,
      paymentReturn: context.paymentReturn,
      payment: context.confirmation?.payment?.status ?? null,
      outcome: context.route.step === 'payment' ? context.route.outcome : null,
      notFound: context.notFound,
      linkToken: context.route.step === 'confirmation' && context.route.token !== null,
    }
  }
  return {
    value: snapshot.value,
    choice: context.catalogue?.business.team_member_choice ?? null,
    serviceId: context.serviceId,
    teamMemberId: context.teamMemberId,
    // Paging and the zone reload the same slots; which month it is adds states, not behaviour.
    firstMonth: context.month === monthOf(context.today),
    timeZone: context.timeZone,
    slot: context.slot?.starts_at ?? null,
    // Whether the form would pass: its exact text adds states, not behaviour.
    customerValid: Object.keys(validateCustomer(context.customer)).length === 0,
    fieldErrors: Object.keys(context.fieldErrors).sort(),
    answersValid: Object.keys(validateAnswers(context)).length === 0,
    answerErrors: Object.keys(context.answerErrors).sort(),
    keyed: context.idempotencyKey !== null,
    booked: context.confirmation?.appointment.id ?? null,
    // A failed confirmation link can be retried only when it carried a token.
    linkToken: context.route.step === 'confirmation' && context.route.token !== null,
    error: context.error !== null,
    notice: context.notice,
    paymentReturn: context.paymentReturn,
    payment: context.confirmation?.payment?.status ?? null,
    outcome: context.route.step === 'payment' ? context.route.outcome : null,
    notFound: context.notFound,
  }
}

/**
 * URL changes are handled by the root in every state, so offering them everywhere would only
 * multiply the graph: they are offered while the catalogue loads, at the start (from where each
 * one reaches the step it names) and, for a reload, on the confirmation. While the booking is
 * sent, typing and a second submit are offered although `can` says no: they must change nothing.
 */
function offers(snapshot: BookingSnapshot, event: ModelEvent<BookingEvent>): boolean {
  if (event.type === 'booking.urlChanged') {
    if (snapshot.matches({ confirmation: 'ready' })) return event.name === 'confirmation'
    // Stripe sends the customer back by one of its two addresses (a fresh page load).
    if (snapshot.matches('paying') && snapshot.context.route.step !== 'payment') {
      return /return$/.test(event.name ?? '')
    }
    if (/return$/.test(event.name ?? '')) return snapshot.matches('start')
    return snapshot.matches('start') || snapshot.matches('loadingCatalogue')
  }
  // The paying flow ends paid only once back from Stripe: it syncs there.
  if (event.type === 'xstate.done.actor.bookingPayment') {
    return snapshot.matches('paying') && snapshot.context.route.step === 'payment'
  }
  if (snapshot.matches({ details: 'submitting' })) {
    if (
      event.type === 'booking.customerChanged' ||
      event.type === 'booking.answerChanged' ||
      event.type === 'booking.submitted'
    ) {
      return true
    }
  }
  return snapshot.can(event as BookingEvent)
}

describe('booking machine paths from its graph', () => {
  describeModel({
    name: 'booking',
    machine: bookingMachine,
    // The second start is a page the server sent with its catalogue inline: nothing to fetch.
    starts: [{ input }, { input: { ...input, catalogue: withQuestion(catalogue('both')) } }],
    events: sampleEvents,
    offers,
    observe,
    harness: (start, inspect) => {
      const harness = createBookingHarness({ input: start, inspect })
      return {
        actor: harness.actor,
        effects: harness.effects,
        // The paying flow ends when its sync says the payment is confirmed.
        deliver: async (event) => {
          if (event.type !== 'xstate.done.actor.bookingPayment') return false
          await harness.settle('syncPayment', { output: event.output })
          return true
        },
        // The calendar step opens the month where the visitor left it, within the window.
        afterStep: ({ before, after, at }) => {
          // Leaving for Stripe: its page is opened, and the way back stands in the URL.
          if (
            after.matches('paying') &&
            !before.matches('paying') &&
            after.context.route.step !== 'payment'
          ) {
            expect(harness.checkouts.at(-1), at).toBe(checkoutUrl)
            expect(harness.shown.at(-1)?.route, at).toMatchObject({
              step: 'payment',
              appointmentId: after.context.confirmation?.appointment.id,
              token: after.context.token,
            })
          }
          if (!after.matches('calendar') || before.matches('calendar')) return
          const { context } = after
          expect(harness.month().getSnapshot().context, at).toMatchObject({
            serviceId: context.serviceId,
            teamMemberId: context.teamMemberId === 'any' ? null : context.teamMemberId,
            month: context.month,
            timeZone: context.timeZone,
            today: context.today,
            lastDay: plusDays(
              context.today,
              context.catalogue?.business.booking_window_days ?? Number.NaN,
            ),
          })
        },
        afterPath: (live) => {
          if (live.matches('start') || live.matches('calendar') || live.matches('details')) {
            expect(harness.shown.length).toBeGreaterThan(0)
          }
        },
      }
    },
  })
})
