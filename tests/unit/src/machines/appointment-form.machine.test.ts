import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { components } from '../../../../shared/contract/schema'
import { ApiError } from '../../../../src/api/api-error'
import {
  type AppointmentFormInput,
  appointmentFormMachine,
  type BookingChoices,
  type BookingValues,
  bookingInput,
  settleValues,
  validateBooking,
} from '../../../../src/machines/appointment-form.machine'
import {
  ALEX,
  ANA,
  type Appointment,
  BERLIN,
  BO,
  COLOUR,
  HAIRCUT,
  NOW,
  sampleAppointment,
  sampleMember,
  sampleService,
} from '../../../support/unit/appointment-samples'

type AppointmentInput = components['schemas']['AppointmentInput']

const alex = sampleMember()
const bo = sampleMember({ id: BO, name: 'Bo Berg', slug: 'bo-berg', service_ids: [COLOUR] })
const haircut = sampleService({ team_member_ids: [ALEX] })
const colour = sampleService({ id: COLOUR, name: 'Colour', team_member_ids: [ALEX, BO] })
const choices: BookingChoices = { services: [haircut, colour], team: [alex, bo], customer: null }

const owner = { writeAny: true, ownTeamMemberId: null }
const staffAlex = { writeAny: false, ownTeamMemberId: ALEX }

const filled: BookingValues = {
  customer: { id: ANA, name: 'Ana Lopez' },
  serviceId: HAIRCUT,
  teamMemberId: ALEX,
  date: '2026-11-27',
  time: '10:00',
  notes: '',
  overrideWorkingHours: false,
}

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

function harness(input: Partial<AppointmentFormInput> = {}) {
  const loads: Array<{
    customerId: string | null
    resolve: (c: BookingChoices) => void
    reject: (e: unknown) => void
  }> = []
  const books: Array<{
    input: AppointmentInput
    resolve: (a: Appointment) => void
    reject: (e: unknown) => void
  }> = []
  const booked: Appointment[] = []
  const logic = appointmentFormMachine.provide({
    actors: {
      loadChoices: fromPromise<BookingChoices, { customerId: string | null }>(
        ({ input: { customerId } }) =>
          new Promise((resolve, reject) => loads.push({ customerId, resolve, reject })),
      ),
      book: fromPromise<Appointment, AppointmentInput>(
        ({ input: body }) =>
          new Promise((resolve, reject) => books.push({ input: body, resolve, reject })),
      ),
    },
    actions: {
      notifyBooked: ({ context }) => {
        if (context.booked) booked.push(context.booked)
      },
    },
  })
  const actor = createActor(logic, {
    input: {
      initial: input.initial ?? {},
      timeZone: input.timeZone ?? BERLIN,
      access: input.access ?? owner,
      now: input.now ?? (() => NOW),
    },
  }).start()
  return { actor, loads, books, booked }
}

describe('appointment form machine', () => {
  it('loads the choices with the prefilled customer, then keeps the prefills', async () => {
    const { actor, loads } = harness({
      initial: { date: '2026-11-27', time: '10:00', teamMemberId: BO, customerId: ANA },
    })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    expect(loads[0]?.customerId).toBe(ANA)
    loads[0]?.resolve({ ...choices, services: [colour], customer: { id: ANA, name: 'Ana Lopez' } })
    await flush()
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true)
    expect(actor.getSnapshot().context.values).toMatchObject({
      customer: { id: ANA, name: 'Ana Lopez' },
      // The only active service is chosen already.
      serviceId: COLOUR,
      teamMemberId: BO,
      date: '2026-11-27',
      time: '10:00',
    })
  })

  it('prefills "Book again": the customer, their last service and member', async () => {
    const { actor, loads } = harness({
      initial: { customerId: ANA, serviceId: COLOUR, teamMemberId: BO },
    })
    loads[0]?.resolve({ ...choices, customer: { id: ANA, name: 'Ana Lopez' } })
    await flush()
    expect(actor.getSnapshot().context.values).toMatchObject({
      customer: { id: ANA, name: 'Ana Lopez' },
      serviceId: COLOUR,
      teamMemberId: BO,
      date: null,
    })
  })

  it('drops a prefilled service that is no longer offered', async () => {
    const { actor, loads } = harness({ initial: { serviceId: 'retired-service' } })
    loads[0]?.resolve(choices)
    await flush()
    expect(actor.getSnapshot().context.values.serviceId).toBeNull()
  })

  it('retries a failed load', async () => {
    const { actor, loads } = harness()
    loads[0]?.reject(new ApiError(500, {}))
    await flush()
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true)
    expect(actor.getSnapshot().context.error).toMatch(/server could not complete/)
    actor.send({ type: 'form.retry' })
    loads[1]?.resolve(choices)
    await flush()
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true)
  })

  it('checks the fields before booking and clears a message when its field changes', async () => {
    const { actor, loads, books } = harness()
    loads[0]?.resolve(choices)
    await flush()
    actor.send({ type: 'form.submit' })
    expect(books).toHaveLength(0)
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      customer_id: 'Choose a customer.',
      service_id: 'Choose a service.',
      date: 'Choose a day.',
    })
    actor.send({ type: 'form.change', values: { customer: { id: ANA, name: 'Ana' } } })
    expect(actor.getSnapshot().context.fieldErrors.customer_id).toBeUndefined()
    expect(actor.getSnapshot().context.fieldErrors.service_id).toBe('Choose a service.')
  })

  it('books, reports the new appointment and ends', async () => {
    const { actor, loads, books, booked } = harness()
    loads[0]?.resolve(choices)
    await flush()
    actor.send({ type: 'form.change', values: { ...filled, notes: '  Fringe  ' } })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(books[0]?.input).toEqual({
      service_id: HAIRCUT,
      customer_id: ANA,
      team_member_id: ALEX,
      starts_at: '2026-11-27T09:00:00.000Z',
      notes: 'Fringe',
      override_working_hours: false,
    })
    const appointment = sampleAppointment()
    books[0]?.resolve(appointment)
    await flush()
    expect(actor.getSnapshot().status).toBe('done')
    expect(booked).toEqual([appointment])
  })

  it('shows a clash with the appointment in the way and lets the user try again', async () => {
    const { actor, loads, books } = harness()
    loads[0]?.resolve(choices)
    await flush()
    actor.send({ type: 'form.change', values: filled })
    actor.send({ type: 'form.submit' })
    books[0]?.reject(
      new ApiError(409, {
        status: 409,
        detail: 'Alex already has Haircut for Sam at 10:00.',
        existing: { id: 'x', href: '/calendar?appointment=x' },
      }),
    )
    await flush()
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().matches({ ready: 'editing' })).toBe(true)
    expect(context.error).toBe('Alex already has Haircut for Sam at 10:00.')
    expect(context.blocking?.href).toBe('/calendar?appointment=x')

    actor.send({ type: 'form.change', values: { time: '11:00' } })
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'form.submit' })
    expect(books).toHaveLength(2)
  })

  it('puts the server field errors at their fields', async () => {
    const { actor, loads, books } = harness()
    loads[0]?.resolve(choices)
    await flush()
    actor.send({ type: 'form.change', values: filled })
    actor.send({ type: 'form.submit' })
    books[0]?.reject(
      new ApiError(400, {
        status: 400,
        errors: [{ path: 'body.team_member_id', message: 'must perform this service' }],
      }),
    )
    await flush()
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      team_member_id: 'This value must perform this service.',
    })
  })

  it('books staff in their own column whatever was prefilled', async () => {
    const { actor, loads, books } = harness({ access: staffAlex, initial: { teamMemberId: BO } })
    loads[0]?.resolve(choices)
    await flush()
    expect(actor.getSnapshot().context.values.teamMemberId).toBe(ALEX)
    actor.send({ type: 'form.change', values: { ...filled, teamMemberId: null } })
    expect(actor.getSnapshot().context.values.teamMemberId).toBe(ALEX)
    actor.send({ type: 'form.submit' })
    expect(books[0]?.input.team_member_id).toBe(ALEX)
  })
})

describe('booking rules', () => {
  it('goes back to "any available" when the member does not perform a new service', () => {
    const values = settleValues({ ...filled, teamMemberId: BO, serviceId: HAIRCUT }, choices, owner)
    expect(values.teamMemberId).toBeNull()
    const kept = settleValues({ ...filled, teamMemberId: BO, serviceId: COLOUR }, choices, owner)
    expect(kept.teamMemberId).toBe(BO)
  })

  it('refuses staff without a team-member record', () => {
    const errors = validateBooking(
      filled,
      choices,
      { writeAny: false, ownTeamMemberId: null },
      BERLIN,
      NOW,
    )
    expect(errors.team_member_id).toMatch(/own column/)
  })

  it('asks for a time in the future', () => {
    expect(
      validateBooking(
        { ...filled, date: '2026-11-26', time: '08:00' },
        choices,
        owner,
        BERLIN,
        NOW,
      ),
    ).toEqual({ starts_at: 'Choose a time in the future.' })
    expect(validateBooking({ ...filled, time: null }, choices, owner, BERLIN, NOW)).toEqual({
      starts_at: 'Choose a time.',
    })
  })

  it('leaves out the member for "any available" and empty notes', () => {
    expect(bookingInput({ ...filled, teamMemberId: null, notes: '   ' }, BERLIN)).toEqual({
      service_id: HAIRCUT,
      customer_id: ANA,
      starts_at: '2026-11-27T09:00:00.000Z',
      override_working_hours: false,
    })
  })

  it('reads the wall clock in the business zone, including a 30-minute offset', () => {
    expect(bookingInput(filled, 'Asia/Kolkata').starts_at).toBe('2026-11-27T04:30:00.000Z')
  })
})
