import {
  type AnyEventObject,
  createActor,
  fromCallback,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
} from 'xstate'
import type {
  LiveAppointmentEvent,
  LiveEvent,
  LiveProfileEvent,
  LiveSocketCommand,
} from '../../../src/api/live-socket'
import { backoffDelay, liveMachine } from '../../../src/machines/live.machine'
import { sampleSubscription } from './billing-samples.ts'

/** One socket the machine opened: what it was given and what it was told. */
export interface FakeSocket {
  token: string
  commands: LiveSocketCommand[]
  /** Reports to the machine as the real socket would (`socket.ready`, `socket.closed` …). */
  report(event: AnyEventObject): void
  closedByMachine: boolean
}

interface Deferred {
  resolve: (token: string) => void
  reject: (error: unknown) => void
}

/**
 * The live machine with its effects faked in the open: `getToken` waits until the test settles
 * it, each invoked socket is a `FakeSocket`, delivered events and profiles are recorded, and
 * time is a simulated clock with the backoff's jitter fixed at none.
 */
export function createLiveHarness(options: { inspect?: (event: InspectionEvent) => void } = {}) {
  const clock = new SimulatedClock()
  const sockets: FakeSocket[] = []
  const tokenRequests: { forceRefresh: boolean }[] = []
  const delivered: LiveEvent[] = []
  const profiles: LiveProfileEvent['profile'][] = []
  let pendingToken: Deferred | null = null

  const machine = liveMachine.provide({
    actors: {
      getToken: fromPromise<string, { forceRefresh: boolean }>(
        ({ input, signal }) =>
          new Promise<string>((resolve, reject) => {
            tokenRequests.push(input)
            const request = { resolve, reject }
            pendingToken = request
            // Leaving `connecting` (sign-out) abandons the request.
            signal.addEventListener('abort', () => {
              if (pendingToken === request) pendingToken = null
            })
          }),
      ),
      socket: fromCallback<LiveSocketCommand, { token: string }>(({ input, sendBack, receive }) => {
        const socket: FakeSocket = {
          token: input.token,
          commands: [],
          report: (event) => sendBack(event),
          closedByMachine: false,
        }
        sockets.push(socket)
        receive((command) => socket.commands.push(command))
        return () => {
          socket.closedByMachine = true
        }
      }),
    },
    actions: {
      deliverEvent: (_, { event }) => delivered.push(event),
      receiveProfile: (_, { profile }) => profiles.push(profile),
    },
    delays: {
      backoff: ({ context }) => backoffDelay(context.attempt, 0),
    },
  })
  const actor = createActor(machine, { clock, inspect: options.inspect })

  return {
    actor,
    clock,
    sockets,
    tokenRequests,
    delivered,
    profiles,
    get tokenPending() {
      return pendingToken !== null
    },
    /** The socket the machine has open now (the newest one it has not closed). */
    get socket(): FakeSocket | undefined {
      const last = sockets.at(-1)
      return last && !last.closedByMachine ? last : undefined
    },
    async giveToken(token: string) {
      const pending = pendingToken
      if (!pending) throw new Error('No token was asked for')
      pendingToken = null
      pending.resolve(token)
      await flush()
    },
    async refuseToken() {
      const pending = pendingToken
      if (!pending) throw new Error('No token was asked for')
      pendingToken = null
      pending.reject(new Error('token refresh failed'))
      await flush()
    },
  }
}

/** Lets promise callbacks (a settled token) reach the machine. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

export const sampleAppointmentEvent: LiveAppointmentEvent = {
  type: 'appointment.created',
  appointment: {
    id: '0d7f7c44-2b8a-4b7e-9a55-0c1b2c3d4e5f',
    service_id: '1d7f7c44-2b8a-4b7e-9a55-0c1b2c3d4e5f',
    service_name: 'Haircut',
    service_color: '#4f46e5',
    team_member_id: '2d7f7c44-2b8a-4b7e-9a55-0c1b2c3d4e5f',
    team_member_name: 'Sam Stylist',
    customer_id: '3d7f7c44-2b8a-4b7e-9a55-0c1b2c3d4e5f',
    customer_name: 'Casey Customer',
    customer_email: null,
    customer_phone: null,
    checked_in_at: null,
    checked_out_at: null,
    starts_at: '2026-03-29T09:00:00.000Z',
    ends_at: '2026-03-29T09:30:00.000Z',
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    status: 'confirmed',
    notes: '',
    price: { amount_minor: 2500, currency: 'EUR' },
    source: 'staff',
    created_by: null,
    cancel_reason: null,
    outside_working_hours: false,
    capacity: 1,
    seats_booked: 1,
    submitted_details: [],
    booking_answers: [],
    created_at: '2026-03-20T09:00:00.000Z',
    updated_at: '2026-03-20T09:00:00.000Z',
  },
}

export const sampleProfileEvent: LiveProfileEvent = {
  type: 'profile.updated',
  profile: {
    user: { uid: 'uid-alice', email: 'alice@example.com', display_name: 'Alice' },
    team_member_id: null,
    subscription: sampleSubscription(),
    permission: 'owner',
    tenant: {
      id: '4d7f7c44-2b8a-4b7e-9a55-0c1b2c3d4e5f',
      name: 'Harbor Street Studio & Spa',
      slug: 'harbor-street',
      time_zone: 'Europe/Berlin',
    },
    domain: null,
    currency: 'EUR',
    default_calendar: 'week',
  },
}
