import { createActor, type InspectionEvent } from 'xstate'
import type { WizardRoute } from '../../../shared/booking-links'
import { bookingMachine } from '../../../src/machines/booking.machine'
import type {
  AppointmentQuery,
  BookingEvent,
  BookingInput,
  BookingSubmission,
  Catalogue,
  PublicAppointment,
  PublicSlot,
} from '../../../src/machines/booking-context'
import {
  bookingPaymentMachine,
  type PaymentQuery,
  type PublicBookingConfirmation,
  type PublicBookingPayment,
  type PublicPaymentReturn,
} from '../../../src/machines/booking-payment.machine'
import {
  type MonthQuery,
  monthOfSlotsMachine,
  monthReportingToParent,
} from '../../../src/machines/month-of-slots.machine'
import { createParkedEffects, type EffectOutcome } from './parked-effects'

/**
 * The machine's injected actors, by the id they are invoked under (`loadMonth` by the month,
 * the payment's by the paying flow).
 */
export const BOOKING_EFFECTS = [
  'loadCatalogue',
  'loadMonth',
  'submitBooking',
  'loadAppointment',
  'syncPayment',
  'waitBeforePoll',
  'waitForHoldEnd',
] as const
export type BookingEffect = (typeof BOOKING_EFFECTS)[number]

/**
 * The booking machine with its effects faked in the open: each invoked actor waits until the
 * test settles it; every route the machine shows is recorded, and keys count up (key-1, key-2).
 */
export function createBookingHarness(
  options: { input?: Partial<BookingInput>; inspect?: (event: InspectionEvent) => void } = {},
) {
  const effects = createParkedEffects(BOOKING_EFFECTS)
  const effect = effects.effect
  const shown: { route: WizardRoute; replace: boolean }[] = []
  /** The Checkout addresses the machine left for, in order. */
  const checkouts: string[] = []
  let keys = 0

  const machine = bookingMachine.provide({
    actors: {
      loadCatalogue: effect<Catalogue, void>('loadCatalogue'),
      // The real month of free times, loading through the parked fake.
      monthOfSlots: monthReportingToParent(
        monthOfSlotsMachine.provide({
          actors: { loadMonth: effect<PublicSlot[], MonthQuery>('loadMonth') },
        }),
      ),
      submitBooking: effect<PublicBookingConfirmation, BookingSubmission>('submitBooking'),
      loadAppointment: effect<PublicAppointment, AppointmentQuery>('loadAppointment'),
      // The real paying flow, its effects parked too.
      bookingPayment: bookingPaymentMachine.provide({
        actors: {
          syncPayment: effect<PublicPaymentReturn, PaymentQuery>('syncPayment'),
          waitBeforePoll: effect<void, void>('waitBeforePoll'),
          waitForHoldEnd: effect<void, { holdExpiresAt: string }>('waitForHoldEnd'),
        },
        actions: {
          showRoute: (_, params) => {
            shown.push(params)
          },
          goToCheckout: (_, params) => {
            checkouts.push(params.url)
          },
        },
      }),
    },
    actions: {
      showRoute: (_, params) => {
        shown.push(params)
      },
    },
  })

  const input: BookingInput = {
    route: { step: 'start' },
    timeZone: 'Europe/Berlin',
    today: '2026-12-01',
    newIdempotencyKey: () => {
      keys += 1
      return `key-${keys}`
    },
    ...options.input,
  }
  const actor = createActor(machine, { input, inspect: options.inspect })

  return {
    actor,
    /** The month of free times the calendar step has open (throws when it has none). */
    month() {
      const month = actor.getSnapshot().children.monthOfSlots
      if (!month) throw new Error('no month of free times is open')
      return month
    },
    /** The paying flow the wizard has open (throws when it has none). */
    payment() {
      const payment = actor.getSnapshot().children.bookingPayment
      if (!payment) throw new Error('no payment is under way')
      return payment
    },
    inputs: effects.inputs,
    effects,
    shown,
    checkouts,
    isRunning: effects.isRunning,
    /** Resolves (or with `fails`, rejects) the running effect, then lets the machine react. */
    settle: (name: BookingEffect, outcome: EffectOutcome) => effects.settle(name, outcome),
  }
}

/** An error shaped like ApiError: a status, a sentence, field errors, Retry-After. */
export function apiError(
  status: number,
  message: string,
  extra: { fieldErrors?: Record<string, string>; retryAfterSeconds?: number | null } = {},
) {
  return Object.assign(new Error(message), {
    status,
    fieldErrors: extra.fieldErrors ?? {},
    retryAfterSeconds: extra.retryAfterSeconds ?? null,
  })
}

export const haircutId = '7a0e2d64-3c0f-4f57-8f0e-2a3b4c5d6e01'
export const colourId = '7a0e2d64-3c0f-4f57-8f0e-2a3b4c5d6e02'
export const bobId = '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e01'
export const eveId = '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e02'
export const appointmentId = '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9'
export const sessionId = 'cs_test_0123456789'
export const checkoutUrl = `http://127.0.0.1:12111/checkout/${sessionId}`
export const manageToken = 'tok_0123456789abcdefghijklmnopqrstuvwxyz'

export function catalogue(choice: Catalogue['business']['team_member_choice'] = 'both'): Catalogue {
  return {
    business: {
      name: 'Harbor Street Studio',
      slug: 'harbor-street',
      time_zone: 'Europe/Berlin',
      currency: 'EUR',
      locale: 'en-GB',
      address: '1 Harbor Street',
      phone: '+49 30 1234567',
      email: null,
      brand_color: '#4f46e5',
      logo_url: null,
      logo_width: null,
      logo_height: null,
      show_powered_by: true,
      team_member_choice: choice,
      min_notice_minutes: 60,
      booking_window_days: 30,
      slot_interval_minutes: 15,
      cancellation_cutoff_minutes: 1440,
      reschedule_cutoff_minutes: 1440,
      default_language: 'en',
      follow_visitor_language: true,
    },
    services: [
      {
        id: haircutId,
        name: 'Haircut',
        description: '',
        category: 'Hair',
        duration_minutes: 30,
        price_minor: 3000,
        currency: 'EUR',
        color: '#4f46e5',
        capacity: 1,
        team_member_ids: [bobId, eveId],
        booking_questions: [],
      },
      {
        id: colourId,
        name: 'Colour',
        description: '',
        category: 'Hair',
        duration_minutes: 90,
        price_minor: 9000,
        currency: 'EUR',
        color: '#db2777',
        capacity: 1,
        team_member_ids: [eveId],
        booking_questions: [],
      },
    ],
    teamMembers: [
      { id: bobId, name: 'Bob', slug: 'bob', bio: '', service_ids: [haircutId] },
      { id: eveId, name: 'Eve', slug: 'eve', bio: '', service_ids: [haircutId, colourId] },
    ],
  }
}

export const firstSlot: PublicSlot = {
  starts_at: '2026-12-02T09:00:00.000Z',
  ends_at: '2026-12-02T09:30:00.000Z',
  seats_left: null,
}
export const secondSlot: PublicSlot = {
  starts_at: '2026-12-02T09:30:00.000Z',
  ends_at: '2026-12-02T10:00:00.000Z',
  seats_left: null,
}

const url = (route: WizardRoute, name: string): BookingEvent & { name: string } => ({
  type: 'booking.urlChanged',
  route,
  name,
})

/**
 * Every kind of address the wizard tells apart, as samples for the booking machine's graphs
 * (tests/model/booking.model.test.ts in memory, tests/e2e/booking-model.spec.ts in the browser).
 */
export const urlSamples = [
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
  url(
    { step: 'payment', appointmentId, token: manageToken, outcome: 'paid', sessionId: sessionId },
    'paid return',
  ),
  url(
    { step: 'payment', appointmentId, token: manageToken, outcome: 'cancelled', sessionId: null },
    'cancelled return',
  ),
]

/** The visitor's choices of a service and a team member (or anyone), for the same graphs. */
export const choiceSamples: BookingEvent[] = [
  { type: 'booking.serviceChosen', serviceId: haircutId },
  { type: 'booking.teamMemberChosen', teamMemberId: bobId },
  { type: 'booking.teamMemberChosen', teamMemberId: 'any' },
]

export const ann = { name: 'Ann Lee', email: 'ann@example.com', phone: '+49 30 555', notes: '' }

export function appointment(startsAt = firstSlot.starts_at): PublicAppointment {
  return {
    id: appointmentId,
    status: 'confirmed',
    starts_at: startsAt,
    ends_at: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
    time_zone: 'Europe/Berlin',
    business_name: 'Harbor Street Studio',
    service: { id: haircutId, name: 'Haircut', duration_minutes: 30 },
    team_member: { id: bobId, name: 'Bob', slug: 'bob' },
    price_minor: 3000,
    currency: 'EUR',
    customer_name: ann.name,
    customer_email: ann.email,
    notes: '',
    cancel_reason: null,
    can_reschedule: true,
    can_cancel: true,
    reschedule_deadline: '2026-12-01T09:00:00.000Z',
    cancel_deadline: '2026-12-01T09:00:00.000Z',
  }
}

export function confirmation(startsAt?: string): PublicBookingConfirmation {
  return { appointment: appointment(startsAt), manage_token: manageToken }
}

/** A deposit still to pay on Checkout, its time held until `holdExpiresAt`. */
export function pendingDeposit(holdExpiresAt = '2026-12-01T10:10:00.000Z'): PublicBookingPayment {
  return {
    kind: 'deposit',
    status: 'pending',
    amount_minor: 600,
    currency: 'EUR',
    checkout_url: checkoutUrl,
    hold_expires_at: holdExpiresAt,
  }
}

/** The answer to booking a service paid at booking: a hold, and the Checkout to pay it on. */
export function heldForPayment(): PublicBookingConfirmation {
  return {
    appointment: { ...appointment(), status: 'pending_payment' },
    manage_token: manageToken,
    payment: pendingDeposit(),
  }
}

/** What the payment-return sync answers, in each state a booking paid at booking can be in. */
export function paymentReturn(state: PublicPaymentReturn['state']): PublicPaymentReturn {
  const status = {
    confirmed: 'confirmed',
    awaiting_payment: 'pending_payment',
    expired: 'payment_expired',
    refunded: 'payment_expired',
  } as const
  const payment = {
    confirmed: {
      ...pendingDeposit(),
      status: 'succeeded',
      checkout_url: null,
      hold_expires_at: null,
    },
    awaiting_payment: pendingDeposit(),
    expired: { ...pendingDeposit(), status: 'expired', checkout_url: null, hold_expires_at: null },
    refunded: {
      ...pendingDeposit(),
      status: 'succeeded',
      checkout_url: null,
      hold_expires_at: null,
    },
  } as const
  return {
    state,
    appointment: { ...appointment(), status: status[state] },
    payment: payment[state],
  }
}
