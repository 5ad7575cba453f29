/**
 * The booking machine's paths for the browser: the machine's own graph (`xstate/graph`) over
 * the events a visitor's page can cause and the answers the real server can give, cut down to
 * the few paths that between them take every transition (the same cover as
 * tests/model/booking.model.test.ts, which replays its own graph's against fakes).
 */
import type { EventObject } from 'xstate'
import type { StatePath, TraversalOptions } from 'xstate/graph'
import { monthOf, plusMonths } from '../../../src/domain/month-grid.ts'
import { bookingMachine } from '../../../src/machines/booking.machine.ts'
import type {
  BookingEvent,
  BookingInput,
  Catalogue,
} from '../../../src/machines/booking-context.ts'
import { questionsOf, validateCustomer } from '../../../src/machines/booking-details-rules.ts'
import type { createGraphCoverage } from '../model/graph-coverage.ts'
import { candidatePaths, chooseCover, type NamedPath } from '../model/graph-paths.ts'
import { actOnActor, replayPath } from '../model/replay-path.ts'

import {
  ann,
  apiError,
  appointment,
  type BookingEffect,
  bobId,
  catalogue,
  choiceSamples,
  colourId,
  confirmation,
  createBookingHarness,
  eveId,
  firstSlot,
  haircutId,
  heldForPayment,
  paymentReturn,
  urlSamples,
} from '../unit/booking-harness.ts'

export type BookingSnapshot = ReturnType<
  ReturnType<typeof createBookingHarness>['actor']['getSnapshot']
>
export type ModelEvent =
  | BookingEvent
  | (EventObject & { output?: unknown; error?: unknown; name?: string })
type ModelPath = StatePath<BookingSnapshot, ModelEvent>

/** The zone the browser runs in (the test's `timezoneId`), and so the wizard's first month. */
export const BROWSER_TIME_ZONE = 'Europe/Berlin'
/** Passes the wizard's check but not the server's (a comment in the local part). */
export const EMAIL_THE_SERVER_REFUSES = 'ann(lee)@example.test'

/**
 * The graph's ids stand for the seeded demo business's: the runner maps them by name.
 * "Bob" is Diego (cuts hair, does no colour), "Eve" is Priya (does both). The colour is paid
 * at booking (a deposit, which the spec sets for its run): its bookings go to Stripe's page.
 */
export const SEEDED_NAMES: Record<string, string> = {
  [haircutId]: 'Signature Haircut',
  [colourId]: 'Color & Gloss',
  [bobId]: 'Diego Alvarez',
  // The harness's colour has one performer, Eve; the spec gives the demo's colour to Priya alone.
  [eveId]: 'Priya Natarajan',
}

const input: BookingInput = {
  route: { step: 'start' },
  timeZone: BROWSER_TIME_ZONE,
  today: new Intl.DateTimeFormat('en-CA', { timeZone: BROWSER_TIME_ZONE }).format(new Date()),
  newIdempotencyKey: () => 'graph-key',
}

/**
 * The optional question the model spec gives the seeded haircut for its run (beforeAll), so
 * the details step has an answer to type; optional, so it adds a transition, not states.
 */
export const MODEL_QUESTION = {
  id: 'model-question',
  label: 'Anything we should know?',
  kind: 'short_text',
  required: false,
  options: [],
} as const

/** The demo business's catalogue as the graph sees it: its rules, these services and people. */
function seeded(choice: Catalogue['business']['team_member_choice']): Catalogue {
  const shape = catalogue(choice)
  return {
    ...shape,
    business: { ...shape.business, booking_window_days: 60 },
    services: shape.services.map((service) =>
      service.id === haircutId
        ? { ...service, booking_questions: [{ ...MODEL_QUESTION, options: [] }] }
        : { ...service, payment: PAID_COLOUR },
    ),
  }
}

/** The colour's payment at booking as the catalogue shows it (the amounts do not matter here). */
const PAID_COLOUR: Catalogue['services'][number]['payment'] = {
  kind: 'deposit',
  amount_minor: 2400,
  currency: 'USD',
  no_show_fee_minor: null,
  refund: { full_refund_until_minutes: 1440, kept_after_cutoff_minor: 2400 },
}

const done = (
  actor: BookingEffect | 'bookingPayment',
  output: unknown,
  name: string,
): ModelEvent => ({
  type: `xstate.done.actor.${actor}`,
  output,
  name,
})
const failed = (actor: BookingEffect, error: unknown, name: string): ModelEvent => ({
  type: `xstate.error.actor.${actor}`,
  error,
  name,
})
const offline = () => new TypeError('Failed to fetch')
const shown = (month: string, timeZone: string, name: string): ModelEvent => ({
  type: 'monthOfSlots.shown',
  month,
  timeZone,
  name,
})

/** What the page can do, and every answer the real server (or the network) can give. */
const sampleEvents: ModelEvent[] = [
  ...urlSamples,
  ...choiceSamples,
  { type: 'booking.serviceChosen', serviceId: colourId },
  // What the month of free times reports: a page or a zone the visitor switched to, a choice.
  shown(plusMonths(monthOf(input.today), 1), BROWSER_TIME_ZONE, 'next month'),
  shown(monthOf(input.today), BROWSER_TIME_ZONE, 'this month'),
  shown(monthOf(input.today), 'America/New_York', 'New York'),
  { type: 'monthOfSlots.chosen', slot: firstSlot },
  { type: 'booking.customerChanged', values: { name: ann.name, email: ann.email } },
  {
    type: 'booking.customerChanged',
    values: { name: ann.name, email: EMAIL_THE_SERVER_REFUSES },
  },
  { type: 'booking.customerChanged', values: { name: '' } },
  { type: 'booking.answerChanged', questionId: MODEL_QUESTION.id, value: 'Short hair, please' },
  { type: 'booking.submitted' },
  { type: 'booking.retry' },
  done('loadCatalogue', seeded('both'), 'both'),
  done('loadCatalogue', seeded('any_available'), 'any available'),
  failed('loadCatalogue', offline(), 'offline'),
  done('submitBooking', confirmation(), 'booked'),
  failed('submitBooking', apiError(409, 'That time is taken.'), 'taken'),
  failed('submitBooking', apiError(429, 'Slow down.', { retryAfterSeconds: 30 }), 'limited'),
  failed('submitBooking', offline(), 'offline'),
  failed(
    'submitBooking',
    apiError(400, 'Please check the highlighted fields.', {
      fieldErrors: { 'customer.email': 'Must match format "email".' },
    }),
    'field errors',
  ),
  failed(
    'submitBooking',
    // A time that was never free names its reason (here too soon), not "taken".
    Object.assign(
      apiError(400, 'starts_at must be at least 43200 minutes from now.', {
        fieldErrors: { starts_at: 'must be at least 43200 minutes from now' },
      }),
      { problem: { type: '/problems/too-soon' } },
    ),
    'refused',
  ),
  failed(
    'submitBooking',
    apiError(400, 'body.team_member_id is not offered here.', {
      fieldErrors: { team_member_id: 'is not offered here' },
    }),
    'unbookable',
  ),
  done('loadAppointment', appointment(), 'found'),
  failed('loadAppointment', offline(), 'offline'),
  // Paying at booking: Stripe's page, the way back and what the sync with Stripe answers.
  done('submitBooking', heldForPayment(), 'to pay'),
  // The paying flow ends paid (tests/model/booking-payment.model.test.ts walks its own graph,
  // tests/e2e/paid-booking.spec.ts its failures in the browser).
  done('bookingPayment', paymentReturn('confirmed'), 'confirmed'),
]

/** What a state is, for the graph and for the page's assertions. */
export function observe(snapshot: BookingSnapshot) {
  const { context } = snapshot
  if (snapshot.matches('paying') || snapshot.matches({ confirmation: 'ready' })) {
    // Once the hold is made, what was chosen on the way there adds copies, not behaviour.
    return {
      value: snapshot.value,
      booked: context.confirmation !== null,
      paymentReturn: context.paymentReturn,
      outcome: context.route.step === 'payment' ? context.route.outcome : null,
      error: context.error !== null,
      linkToken: context.route.step === 'confirmation' && context.route.token !== null,
    }
  }
  return {
    value: snapshot.value,
    choice: context.catalogue?.business.team_member_choice ?? null,
    serviceId: context.serviceId,
    teamMemberId: context.teamMemberId,
    firstMonth: context.month === monthOf(context.today),
    timeZone: context.timeZone,
    slot: context.slot !== null,
    customerValid: Object.keys(validateCustomer(context.customer)).length === 0,
    serverRefusesEmail: context.customer.email === EMAIL_THE_SERVER_REFUSES,
    fieldErrors: Object.keys(context.fieldErrors).sort(),
    answered: Object.keys(context.answers).length > 0,
    booked: context.confirmation !== null,
    linkToken: context.route.step === 'confirmation' && context.route.token !== null,
    error: context.error !== null,
    notice: context.notice,
  }
}

/** An event as a step's name: the graph's ids by the seeded names, a slot as "first free time". */
export function label(event: ModelEvent): string {
  const name = (event as { name?: string }).name
  if (name) return `${event.type}(${name})`
  const { type: _type, ...payload } = event as Record<string, unknown>
  const values = Object.values(payload).map((value) => {
    if (typeof value === 'string') return SEEDED_NAMES[value] ?? value
    if (event.type === 'monthOfSlots.chosen') return 'first free time'
    return JSON.stringify(value)
  })
  return values.length > 0 ? `${event.type}(${values.join(', ')})` : event.type
}

const settles = (event: ModelEvent) => event.type.startsWith('xstate.')

/**
 * What a page can do in a state. While something loads only its answer comes (the page is not
 * waited on); while the booking is sent, only a second click on the button; an address is
 * typed at the start, or the start is opened again from a confirmation. Which answer the
 * booking gets depends on the e-mail: the server refuses the one it refuses, and only that.
 */
function offers(snapshot: BookingSnapshot, event: ModelEvent): boolean {
  const name = (event as { name?: string }).name ?? ''
  if (event.type === 'booking.urlChanged') {
    if (snapshot.matches({ confirmation: 'ready' })) {
      // Back from Stripe the page is a fresh one, without what the visit typed before: the
      // graph, whose context keeps it, would send details the page no longer has.
      return name === 'start' && snapshot.context.paymentReturn === null
    }
    // Stripe's page sends the customer back by one of its two addresses.
    if (snapshot.matches('paying') && snapshot.context.route.step !== 'payment') {
      return /return$/.test(name)
    }
    return snapshot.matches('start') && !/return$/.test(name)
  }
  // Paid on Stripe's page and back by the success address, the sync confirms the booking.
  if (snapshot.matches('paying')) {
    const { route } = snapshot.context
    return (
      event.type === 'xstate.done.actor.bookingPayment' &&
      route.step === 'payment' &&
      route.outcome === 'paid'
    )
  }
  // The page has a field only for a question the chosen service asks.
  if (event.type === 'booking.answerChanged') {
    const { questionId } = event as { questionId: string }
    if (!questionsOf(snapshot.context).some((question) => question.id === questionId)) return false
  }
  if (snapshot.hasTag('loading') && !settles(event)) return false
  // Only the time step shows the month picker; elsewhere the page has no way to send it.
  if (event.type === 'monthOfSlots.shown') {
    return isOneClickAway(snapshot, event) && snapshot.can(event as BookingEvent)
  }
  if (snapshot.matches({ details: 'submitting' })) {
    if (event.type === 'booking.submitted') return true
    if (!settles(event)) return false
    const refused = snapshot.context.customer.email === EMAIL_THE_SERVER_REFUSES
    if (name === 'field errors' ? !refused : refused) return false
    // The paid colour goes to Stripe's page (or is refused its e-mail); the rest is booked.
    if (snapshot.context.serviceId === colourId) return name === 'to pay' || name === 'field errors'
    if (name === 'to pay') return false
    // Refused because the business stopped letting visitors choose: only with someone chosen.
    const chosen = snapshot.context.teamMemberId
    if (name === 'unbookable' && (chosen === null || chosen === 'any')) return false
  }
  return snapshot.can(event as BookingEvent)
}

/** A month or zone the picker can show next with one click: the next or previous month, or a zone. */
function isOneClickAway(snapshot: BookingSnapshot, event: ModelEvent): boolean {
  const { month, timeZone } = event as unknown as { month: string; timeZone: string }
  const { context } = snapshot
  const paged = month !== context.month
  const zoned = timeZone !== context.timeZone
  if (paged === zoned) return false
  return zoned || month === plusMonths(context.month, 1) || month === plusMonths(context.month, -1)
}

export const traversal = {
  input,
  events: (snapshot: BookingSnapshot) => sampleEvents.filter((event) => offers(snapshot, event)),
  serializeState: (snapshot: BookingSnapshot) => JSON.stringify(observe(snapshot)),
  serializeEvent: (event: ModelEvent) => `${label(event)} ${JSON.stringify(event)}`,
  limit: 100_000,
} as TraversalOptions<BookingSnapshot, ModelEvent, BookingInput>

/** Replays a path on the machine with fake effects, by the shared loop, recording into `coverage`. */
export async function replayInMemory(
  path: ModelPath,
  coverage: ReturnType<typeof createGraphCoverage>,
): Promise<void> {
  const harness = createBookingHarness({ input, inspect: coverage.record })
  // The paying flow ends when its sync says the payment is confirmed.
  const deliver = async (event: ModelEvent) => {
    if (event.type !== 'xstate.done.actor.bookingPayment') return false
    await harness.settle('syncPayment', { output: (event as { output: unknown }).output })
    return true
  }
  await replayPath(path, label, {
    act: (step) => actOnActor({ ...harness, deliver }, step),
    check: async () => coverage.markActive(harness.actor.getSnapshot().value),
    finish: async () => {
      harness.actor.stop()
    },
  })
}

export type BrowserPath = NamedPath<BookingSnapshot, ModelEvent>

/**
 * The fewest paths (greedily, graph-paths.ts's cover, as in tests/model) that between them
 * reach every state and take every transition the page can.
 */
export function generateBrowserPaths(): BrowserPath[] {
  return chooseCover(candidatePaths(bookingMachine, traversal, label), label)
}
