import { describe, expect, it } from 'vitest'
import { SLOT_TAKEN_NOTICE } from '../../../../src/machines/quick-appointment.machine'
import {
  ann,
  bobId,
  bookedAppointment,
  cleo,
  colour,
  createQuickHarness,
  firstSlot,
  haircut,
  problem,
  secondSlot,
  validateNewCustomer,
} from '../../../support/unit/quick-appointment-harness'

function started(input: Parameters<typeof createQuickHarness>[0] = {}) {
  const harness = createQuickHarness(input)
  harness.actor.start()
  return harness
}

/** A harness with Ann chosen and Haircut proposed at the first slot. */
async function proposedHaircut() {
  const harness = started()
  harness.actor.send({ type: 'quick.customerChosen', customer: ann })
  harness.actor.send({ type: 'quick.serviceChosen', service: haircut })
  await harness.settle('findSlot', { output: firstSlot })
  return harness
}

describe('quick appointment machine', () => {
  it('books the proposed slot for an existing customer in one step', async () => {
    const harness = started()
    const { actor } = harness
    expect(actor.getSnapshot().value).toBe('choosingCustomer')

    actor.send({ type: 'quick.customerChosen', customer: ann })
    expect(actor.getSnapshot().value).toEqual({ slot: 'choosingService' })

    actor.send({ type: 'quick.serviceChosen', service: haircut })
    expect(actor.getSnapshot().value).toEqual({ slot: 'proposing' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    // Owners and admins get "any available": the server's fair assignment picks.
    expect(harness.inputs.findSlot).toEqual([{ serviceId: haircut.id, teamMemberId: null }])

    await harness.settle('findSlot', { output: firstSlot })
    expect(actor.getSnapshot().value).toEqual({ slot: 'proposed' })
    expect(actor.getSnapshot().context.proposal).toEqual(firstSlot)

    actor.send({ type: 'quick.book' })
    expect(actor.getSnapshot().value).toBe('booking')
    // Exactly what was shown: that start, that team member.
    expect(harness.inputs.book).toEqual([
      {
        customerId: ann.id,
        serviceId: haircut.id,
        teamMemberId: bobId,
        startsAt: firstSlot.starts_at,
      },
    ])

    const appointment = bookedAppointment(firstSlot)
    await harness.settle('book', { output: appointment })
    expect(actor.getSnapshot().value).toBe('booked')
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().context.appointment).toEqual(appointment)
    expect(harness.booked).toEqual([appointment])
  })

  it('proposes only the staff user’s own column when given one', async () => {
    const harness = started({ input: { teamMemberId: bobId } })
    harness.actor.send({ type: 'quick.customerChosen', customer: ann })
    harness.actor.send({ type: 'quick.serviceChosen', service: haircut })
    expect(harness.inputs.findSlot).toEqual([{ serviceId: haircut.id, teamMemberId: bobId }])
  })

  it('checks a new customer before sending it and creates it inline', async () => {
    const harness = started({ input: { validateNewCustomer } })
    const { actor } = harness
    actor.send({ type: 'quick.newCustomerStarted' })
    expect(actor.getSnapshot().value).toEqual({ newCustomer: 'editing' })

    actor.send({ type: 'quick.newCustomerSubmitted' })
    expect(actor.getSnapshot().value).toEqual({ newCustomer: 'invalid' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      name: 'Enter the customer’s name.',
      email: 'Enter an e-mail address or a phone number.',
    })
    expect(harness.isRunning('createCustomer')).toBe(false)

    // Typing a field clears that field's message only.
    actor.send({ type: 'quick.newCustomerChanged', values: { name: 'Cleo Park' } })
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['email'])

    actor.send({ type: 'quick.newCustomerChanged', values: { phone: '+49 30 1234567' } })
    actor.send({ type: 'quick.newCustomerSubmitted' })
    expect(actor.getSnapshot().value).toEqual({ newCustomer: 'creating' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(harness.inputs.createCustomer).toEqual([
      { name: 'Cleo Park', email: '', phone: '+49 30 1234567' },
    ])

    await harness.settle('createCustomer', { output: cleo })
    expect(actor.getSnapshot().value).toEqual({ slot: 'choosingService' })
    expect(actor.getSnapshot().context.customer).toEqual(cleo)
    // The inline form starts empty next time.
    expect(actor.getSnapshot().context.newCustomer).toEqual({ name: '', email: '', phone: '' })
  })

  it('shows the server’s field errors at the fields and other failures as a state', async () => {
    const harness = started({ input: { validateNewCustomer } })
    const { actor } = harness
    actor.send({ type: 'quick.newCustomerStarted' })
    actor.send({
      type: 'quick.newCustomerChanged',
      values: { name: 'Ann Lee', email: 'ann@example.test' },
    })
    actor.send({ type: 'quick.newCustomerSubmitted' })
    await harness.settle('createCustomer', {
      fails: problem(409, 'Please check the highlighted fields.', {
        email: 'A customer with this e-mail already exists.',
      }),
    })
    expect(actor.getSnapshot().value).toEqual({ newCustomer: 'invalid' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'A customer with this e-mail already exists.',
    })

    actor.send({ type: 'quick.newCustomerChanged', values: { email: 'ann.lee@example.test' } })
    actor.send({ type: 'quick.newCustomerSubmitted' })
    await harness.settle('createCustomer', { fails: new TypeError('Failed to fetch') })
    expect(actor.getSnapshot().value).toEqual({ newCustomer: 'failed' })
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch')

    actor.send({ type: 'quick.retry' })
    expect(actor.getSnapshot().value).toEqual({ newCustomer: 'creating' })
    expect(harness.inputs.createCustomer).toHaveLength(3)
    await harness.settle('createCustomer', { output: ann })
    expect(actor.getSnapshot().context.customer).toEqual(ann)
  })

  it('goes back to the customer list when the new customer is abandoned', () => {
    const { actor } = started()
    actor.send({ type: 'quick.newCustomerStarted' })
    actor.send({ type: 'quick.newCustomerCancelled' })
    expect(actor.getSnapshot().value).toBe('choosingCustomer')
    actor.send({ type: 'quick.customerChosen', customer: ann })
    expect(actor.getSnapshot().context.customer).toEqual(ann)
  })

  it('says so when nothing is free within the horizon, and can look again', async () => {
    const harness = started()
    const { actor } = harness
    actor.send({ type: 'quick.customerChosen', customer: ann })
    actor.send({ type: 'quick.serviceChosen', service: haircut })
    await harness.settle('findSlot', { fails: problem(404, 'No free time in the next 92 days.') })
    expect(actor.getSnapshot().value).toEqual({ slot: 'noSlot' })
    expect(actor.getSnapshot().context.proposal).toBeNull()
    expect(actor.getSnapshot().can({ type: 'quick.book' })).toBe(false)

    actor.send({ type: 'quick.retry' })
    expect(actor.getSnapshot().value).toEqual({ slot: 'proposing' })
    await harness.settle('findSlot', { output: firstSlot })
    expect(actor.getSnapshot().value).toEqual({ slot: 'proposed' })
  })

  it('keeps a failed proposal apart from "nothing free"', async () => {
    const harness = started()
    const { actor } = harness
    actor.send({ type: 'quick.customerChosen', customer: ann })
    actor.send({ type: 'quick.serviceChosen', service: haircut })
    await harness.settle('findSlot', {
      fails: problem(500, 'The server could not complete this.'),
    })
    expect(actor.getSnapshot().value).toEqual({ slot: 'proposalFailed' })
    expect(actor.getSnapshot().context.error).toBe('The server could not complete this.')
    actor.send({ type: 'quick.retry' })
    expect(actor.getSnapshot().context.error).toBeNull()
    expect(harness.inputs.findSlot).toHaveLength(2)
  })

  it('proposes again with a notice when the slot was taken meanwhile', async () => {
    const harness = await proposedHaircut()
    const { actor } = harness
    actor.send({ type: 'quick.book' })
    await harness.settle('book', {
      fails: problem(409, 'Bob already has an appointment at that time.'),
    })
    expect(actor.getSnapshot().value).toEqual({ slot: 'proposing' })
    expect(actor.getSnapshot().context.notice).toBe(SLOT_TAKEN_NOTICE)
    expect(actor.getSnapshot().context.proposal).toBeNull()

    await harness.settle('findSlot', { output: secondSlot })
    expect(actor.getSnapshot().value).toEqual({ slot: 'proposed' })
    expect(actor.getSnapshot().context.notice).toBe(SLOT_TAKEN_NOTICE)

    actor.send({ type: 'quick.book' })
    expect(harness.inputs.book.at(-1)).toMatchObject({ startsAt: secondSlot.starts_at })
    await harness.settle('book', { output: bookedAppointment(secondSlot) })
    expect(actor.getSnapshot().value).toBe('booked')
    expect(actor.getSnapshot().context.notice).toBeNull()
  })

  it('keeps the proposal after a failed booking and books it on retry', async () => {
    const harness = await proposedHaircut()
    const { actor } = harness
    actor.send({ type: 'quick.book' })
    await harness.settle('book', { fails: new TypeError('Failed to fetch') })
    expect(actor.getSnapshot().value).toEqual({ slot: 'bookingFailed' })
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch')
    expect(actor.getSnapshot().context.proposal).toEqual(firstSlot)

    actor.send({ type: 'quick.retry' })
    expect(actor.getSnapshot().value).toBe('booking')
    expect(harness.inputs.book).toHaveLength(2)
    expect(harness.inputs.book[1]).toEqual(harness.inputs.book[0])
  })

  it('asks afresh when the service changes, dropping the old proposal', async () => {
    const harness = await proposedHaircut()
    const { actor } = harness
    actor.send({ type: 'quick.serviceChosen', service: colour })
    expect(actor.getSnapshot().value).toEqual({ slot: 'proposing' })
    expect(actor.getSnapshot().context.proposal).toBeNull()
    expect(harness.inputs.findSlot.at(-1)).toEqual({ serviceId: colour.id, teamMemberId: null })

    // Changing again before the answer: only the last question's answer lands.
    actor.send({ type: 'quick.serviceChosen', service: haircut })
    await harness.settle('findSlot', { output: secondSlot })
    expect(actor.getSnapshot().context.service).toEqual(haircut)
    expect(actor.getSnapshot().context.proposal).toEqual(secondSlot)
  })

  it('lets the customer change without losing the service, and proposes again', async () => {
    const harness = await proposedHaircut()
    const { actor } = harness
    actor.send({ type: 'quick.customerCleared' })
    expect(actor.getSnapshot().value).toBe('choosingCustomer')
    expect(actor.getSnapshot().context.customer).toBeNull()
    expect(actor.getSnapshot().context.service).toEqual(haircut)

    actor.send({ type: 'quick.customerChosen', customer: cleo })
    expect(actor.getSnapshot().value).toEqual({ slot: 'proposing' })
    await harness.settle('findSlot', { output: firstSlot })
    actor.send({ type: 'quick.book' })
    expect(harness.inputs.book.at(-1)).toMatchObject({ customerId: cleo.id })
  })

  it('takes no second booking while one is running', async () => {
    const harness = await proposedHaircut()
    const { actor } = harness
    actor.send({ type: 'quick.book' })
    expect(actor.getSnapshot().can({ type: 'quick.book' })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'quick.serviceChosen', service: colour })).toBe(false)
    expect(actor.getSnapshot().can({ type: 'quick.customerCleared' })).toBe(false)
  })
})
