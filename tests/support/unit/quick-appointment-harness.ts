import { createActor, type InspectionEvent } from 'xstate'
import {
  type Appointment,
  type BookingRequest,
  type ChosenCustomer,
  type NewCustomerValues,
  type ProposalQuery,
  type ProposedSlot,
  type QuickAppointmentInput,
  quickAppointmentMachine,
} from '../../../src/machines/quick-appointment.machine'
import { createParkedEffects, type EffectOutcome } from './parked-effects'

/** The machine's injected actors, by the id it invokes them under. */
export const QUICK_EFFECTS = ['createCustomer', 'findSlot', 'book'] as const
export type QuickEffect = (typeof QUICK_EFFECTS)[number]

/**
 * The Quick Appointment machine with its effects faked in the open: each invoked actor waits
 * until the test settles it, and `notifyBooked` is recorded with the appointment it saw.
 */
export function createQuickHarness(
  options: { input?: QuickAppointmentInput; inspect?: (event: InspectionEvent) => void } = {},
) {
  const effects = createParkedEffects(QUICK_EFFECTS)
  const effect = effects.effect
  const booked: Appointment[] = []

  const machine = quickAppointmentMachine.provide({
    actors: {
      createCustomer: effect<ChosenCustomer, NewCustomerValues>('createCustomer'),
      findSlot: effect<ProposedSlot, ProposalQuery>('findSlot'),
      book: effect<Appointment, BookingRequest>('book'),
    },
    actions: {
      notifyBooked: ({ context }) => {
        if (context.appointment) booked.push(context.appointment)
      },
    },
  })

  const actor = createActor(machine, { input: options.input ?? {}, inspect: options.inspect })

  return {
    actor,
    inputs: effects.inputs,
    effects,
    booked,
    isRunning: effects.isRunning,
    /** Resolves (or with `fails`, rejects) the running effect, then lets the machine react. */
    settle: (name: QuickEffect, outcome: EffectOutcome) => effects.settle(name, outcome),
  }
}

/** An error shaped like the app's ApiError: a status, a sentence and field errors. */
export function problem(
  status: number,
  message: string,
  fieldErrors: Record<string, string> = {},
): Error & { status: number; fieldErrors: Record<string, string> } {
  return Object.assign(new Error(message), { status, fieldErrors })
}

export const ann: ChosenCustomer = { id: '5d3c1c7e-0d8f-4a39-9a54-3b1f6f1d0a01', name: 'Ann Lee' }
export const cleo: ChosenCustomer = {
  id: '5d3c1c7e-0d8f-4a39-9a54-3b1f6f1d0a02',
  name: 'Cleo Park',
}
export const haircut = { id: '7a0e2d64-3c0f-4f57-8f0e-2a3b4c5d6e01', name: 'Haircut' }
export const colour = { id: '7a0e2d64-3c0f-4f57-8f0e-2a3b4c5d6e02', name: 'Colour' }

export const bobId = '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e01'

export function proposal(startsAt: string, minutes = 30): ProposedSlot {
  return {
    starts_at: startsAt,
    ends_at: new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(),
    team_member_id: bobId,
    team_member_name: 'Bob',
  }
}

export const firstSlot = proposal('2025-12-02T09:00:00.000Z')
export const secondSlot = proposal('2025-12-02T09:30:00.000Z')

export function bookedAppointment(slot: ProposedSlot, customer = ann): Appointment {
  return {
    id: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
    service_id: haircut.id,
    service_name: haircut.name,
    service_color: '#4f46e5',
    team_member_id: slot.team_member_id,
    team_member_name: slot.team_member_name,
    customer_id: customer.id,
    customer_name: customer.name,
    customer_email: null,
    customer_phone: null,
    checked_in_at: null,
    checked_out_at: null,
    starts_at: slot.starts_at,
    ends_at: slot.ends_at,
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    status: 'confirmed',
    notes: '',
    price: { amount_minor: 4000, currency: 'EUR' },
    source: 'staff',
    created_by: 'uid-owner',
    cancel_reason: null,
    outside_working_hours: false,
    capacity: 1,
    seats_booked: 1,
    submitted_details: [],
    booking_answers: [],
    created_at: '2025-11-28T08:00:00.000Z',
    updated_at: '2025-11-28T08:00:00.000Z',
  }
}

/** A small validation like the app's: a name, and an e-mail or a phone. */
export function validateNewCustomer(values: NewCustomerValues): Record<string, string> {
  const errors: Record<string, string> = {}
  if (values.name.trim() === '') errors.name = 'Enter the customer’s name.'
  if (values.email.trim() === '' && values.phone.trim() === '') {
    errors.email = 'Enter an e-mail address or a phone number.'
  }
  return errors
}
