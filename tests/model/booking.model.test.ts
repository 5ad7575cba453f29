/**
 * Model-based test of the public booking machine. Paths come from the machine's own graph
 * (`xstate/graph`): the shortest path to every reachable state, plus one path through every
 * edge of the graph. Each path is replayed on a fresh actor whose effects are controllable
 * fakes: a user or URL event is sent as is, and an `xstate.done.actor.*` /
 * `xstate.error.actor.*` step settles the running fake with that output or error. After every
 * step the live actor must be where the graph says.
 *
 * Coverage is measured on the live actors (inspected microsteps), not the graph, and the last
 * test fails if any state node or transition of the machine was never exercised.
 */
import { describe, expect, it } from 'vitest'
import type { EventObject } from 'xstate'
import type { TraversalOptions } from 'xstate/graph'
import {
  type BookingEvent,
  type BookingInput,
  bookingMachine,
  validateCustomer,
} from '../../src/machines/booking.machine'
import {
  ann,
  apiError,
  appointment,
  appointmentId,
  type BookingEffect,
  bobId,
  catalogue,
  colourId,
  confirmation,
  createBookingHarness,
  firstSlot,
  haircutId,
  manageToken,
} from '../unit/support/booking-harness'
import { createGraphCoverage } from './support/graph-coverage'
import { graphPaths, type NamedPath } from './support/graph-paths'

type BookingSnapshot = ReturnType<ReturnType<typeof createBookingHarness>['actor']['getSnapshot']>
// Graph steps mix user events with the done/error events of invoked actors.
type ModelEvent =
  | BookingEvent
  | (EventObject & { output?: unknown; error?: unknown; name?: string })

let keys = 0
const input: BookingInput = {
  route: { step: 'start' },
  timeZone: 'Europe/Berlin',
  today: '2026-12-01',
  // The graph only needs to know a key exists; the harness counts its own.
  newIdempotencyKey: () => `graph-key-${++keys}`,
}

const done = (actor: BookingEffect, output: unknown, name: string): ModelEvent => ({
  type: `xstate.done.actor.${actor}`,
  output,
  name,
})
const failed = (actor: BookingEffect, error: unknown, name: string): ModelEvent => ({
  type: `xstate.error.actor.${actor}`,
  error,
  name,
})
const url = (route: Extract<BookingEvent, { type: 'booking.urlChanged' }>['route'], name: string) =>
  ({ type: 'booking.urlChanged', route, name }) as ModelEvent

/** Sample payloads: every call can succeed or fail in each way the machine tells apart. */
const sampleEvents: ModelEvent[] = [
  url({ step: 'start' }, 'start'),
  url({ step: 'serviceTeam', serviceId: haircutId }, 'service team'),
  url({ step: 'teamServices', teamMemberId: bobId }, 'team services'),
  url({ step: 'calendar', serviceId: haircutId, teamMemberId: bobId }, 'calendar'),
  url(
    {
      step: 'customerInfo',
      serviceId: haircutId,
      teamMemberId: bobId,
      startsAt: firstSlot.starts_at,
    },
    'customer info',
  ),
  url(
    { step: 'customerInfo', serviceId: haircutId, teamMemberId: bobId, startsAt: null },
    'customer info without time',
  ),
  url({ step: 'calendar', serviceId: colourId, teamMemberId: bobId }, 'unbookable'),
  url({ step: 'confirmation', appointmentId, token: manageToken }, 'confirmation'),
  url({ step: 'confirmation', appointmentId, token: null }, 'confirmation without token'),
  { type: 'booking.serviceChosen', serviceId: haircutId },
  { type: 'booking.teamMemberChosen', teamMemberId: bobId },
  { type: 'booking.teamMemberChosen', teamMemberId: 'any' },
  { type: 'booking.weekChanged', weeks: 1 },
  { type: 'booking.weekChanged', weeks: -1 },
  { type: 'booking.timeZoneChanged', timeZone: 'America/New_York' },
  { type: 'booking.slotChosen', slot: firstSlot },
  { type: 'booking.customerChanged', values: ann },
  { type: 'booking.customerChanged', values: { name: '' } },
  { type: 'booking.submitted' },
  { type: 'booking.retry' },
  done('loadCatalogue', catalogue('both'), 'both'),
  done('loadCatalogue', catalogue('any_available'), 'any available'),
  failed('loadCatalogue', new TypeError('Failed to fetch'), 'offline'),
  done('loadSlots', [firstSlot], 'slots'),
  failed('loadSlots', apiError(500, 'The server could not complete this.'), 'server error'),
  done('submitBooking', confirmation(), 'booked'),
  failed('submitBooking', apiError(409, 'That time is taken.'), 'taken'),
  failed('submitBooking', apiError(429, 'Slow down.', { retryAfterSeconds: 30 }), 'limited'),
  failed('submitBooking', new TypeError('Failed to fetch'), 'offline'),
  failed(
    'submitBooking',
    apiError(400, 'Please check the highlighted fields.', {
      fieldErrors: { 'customer.email': 'Must be an e-mail address.' },
    }),
    'field errors',
  ),
  failed('submitBooking', apiError(500, 'The server could not complete this.'), 'server error'),
  done('loadAppointment', appointment(), 'found'),
  failed('loadAppointment', apiError(404, 'Not found.'), 'not found'),
]

/** What a state is, for the graph and for comparing the live actor with it. */
function observe(snapshot: BookingSnapshot) {
  const { context } = snapshot
  return {
    value: snapshot.value,
    choice: context.catalogue?.business.team_member_choice ?? null,
    serviceId: context.serviceId,
    teamMemberId: context.teamMemberId,
    // Paging and the zone reload the same slots; which week it is adds states, not behaviour.
    firstWeek: context.weekStart === context.today,
    slots: context.slots.length,
    slot: context.slot?.starts_at ?? null,
    // Whether the form would pass: its exact text adds states, not behaviour.
    customerValid: Object.keys(validateCustomer(context.customer)).length === 0,
    fieldErrors: Object.keys(context.fieldErrors).sort(),
    keyed: context.idempotencyKey !== null,
    booked: context.confirmation?.appointment.id ?? null,
    // A failed confirmation link can be retried only when it carried a token.
    linkToken: context.route.step === 'confirmation' && context.route.token !== null,
    error: context.error !== null,
    notice: context.notice,
  }
}

function label(event: ModelEvent): string {
  const name = (event as { name?: string }).name
  if (name) return `${event.type}(${name})`
  const { type: _type, ...payload } = event as Record<string, unknown>
  return Object.keys(payload).length > 0 ? `${event.type}(${JSON.stringify(payload)})` : event.type
}

/**
 * URL changes are handled by the root in every state, so offering them everywhere would only
 * multiply the graph: they are offered while the catalogue loads, at the start (from where each
 * one reaches the step it names) and, for a reload, on the confirmation. While the booking is
 * sent, typing and a second submit are offered although `can` says no: they must change nothing.
 */
function offers(snapshot: BookingSnapshot, event: ModelEvent): boolean {
  if (event.type === 'booking.urlChanged') {
    if (snapshot.matches({ confirmation: 'ready' }))
      return (event as { name?: string }).name === 'confirmation'
    return snapshot.matches('start') || snapshot.matches('loadingCatalogue')
  }
  if (snapshot.matches({ details: 'submitting' })) {
    if (event.type === 'booking.customerChanged' || event.type === 'booking.submitted') return true
  }
  return snapshot.can(event as BookingEvent)
}

const traversal = {
  input,
  events: (snapshot: BookingSnapshot) => sampleEvents.filter((event) => offers(snapshot, event)),
  serializeState: (snapshot: BookingSnapshot) => JSON.stringify(observe(snapshot)),
  // Errors stringify without their message; the label tells the failures apart.
  serializeEvent: (event: ModelEvent) => `${label(event)} ${JSON.stringify(event)}`,
  limit: 100_000,
} as TraversalOptions<BookingSnapshot, ModelEvent, BookingInput>

// Coverage, collected from the live actors.
const coverage = createGraphCoverage(bookingMachine)

async function replay({ path }: NamedPath<BookingSnapshot, ModelEvent>) {
  const harness = createBookingHarness({ input, inspect: coverage.record })
  const { actor } = harness

  for (const [index, { event, state }] of path.steps.entries()) {
    if (event.type === 'xstate.init') {
      actor.start()
    } else if (event.type.startsWith('xstate.done.actor.')) {
      const name = event.type.slice('xstate.done.actor.'.length) as BookingEffect
      expect(harness.isRunning(name), `${name} should be running at step ${index}`).toBe(true)
      await harness.settle(name, { output: (event as { output: unknown }).output })
    } else if (event.type.startsWith('xstate.error.actor.')) {
      const name = event.type.slice('xstate.error.actor.'.length) as BookingEffect
      expect(harness.isRunning(name), `${name} should be running at step ${index}`).toBe(true)
      await harness.settle(name, { fails: (event as { error: unknown }).error })
    } else {
      actor.send(event as BookingEvent)
    }
    const live = actor.getSnapshot()
    coverage.markActive(live.value)
    expect(observe(live), `after step ${index} (${label(event)})`).toEqual(observe(state))
  }
  // Every step the visitor sees has told the app its URL.
  const live = actor.getSnapshot()
  if (live.matches('start') || live.matches('calendar') || live.matches('details')) {
    expect(harness.shown.length).toBeGreaterThan(0)
  }
  actor.stop()
}

const paths = graphPaths(bookingMachine, traversal, label)

describe('booking machine paths from its graph', () => {
  it('generates paths', () => {
    expect(paths.length).toBeGreaterThan(coverage.stateIds.length)
  })

  for (const namedPath of paths) {
    it(namedPath.name, () => replay(namedPath))
  }

  it('covered every state and every transition of the machine', () => {
    const { missedStates, missedTransitions, summary } = coverage.report(
      `booking model: ${paths.length} paths`,
    )
    console.info(summary)
    expect(missedStates, 'states no path reached').toEqual([])
    expect(missedTransitions, 'transitions no path took').toEqual([])
  })
})
