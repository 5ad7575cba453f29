/**
 * The booking machine's answers to a service's booking questions: checked with the shared rule
 * the server refuses with, sent only for the chosen service's questions, a server refusal shown
 * at its question, and started afresh for another service.
 */
import { describe, expect, it } from 'vitest'
import type { WizardRoute } from '../../../../shared/booking-links'
import type { BookingQuestion } from '../../../../shared/booking-questions'
import type { BookingSubmission, Catalogue } from '../../../../src/machines/booking-context'
import {
  ann,
  apiError,
  bobId,
  catalogue,
  colourId,
  confirmation,
  createBookingHarness,
  eveId,
  firstSlot,
  haircutId,
} from '../../../support/unit/booking-harness'

const hairType: BookingQuestion = {
  id: 'q-hair',
  label: 'Hair type',
  kind: 'single_choice',
  required: true,
  options: ['Straight', 'Curly'],
}
const agree: BookingQuestion = {
  id: 'q-agree',
  label: 'I agree to the studio rules',
  kind: 'checkbox',
  required: true,
  options: [],
}
const allergies: BookingQuestion = {
  id: 'q-allergies',
  label: 'Allergies',
  kind: 'short_text',
  required: false,
  options: [],
}

/** Haircut asks three questions; Colour asks only whether the rules are accepted. */
function withQuestions(): Catalogue {
  const base = catalogue('both')
  return {
    ...base,
    services: base.services.map((service) => ({
      ...service,
      booking_questions: service.id === haircutId ? [hairType, agree, allergies] : [agree],
    })),
  }
}

const detailsOf = (serviceId: string, teamMemberId: string): WizardRoute => ({
  step: 'customerInfo',
  serviceId,
  teamMemberId,
  startsAt: firstSlot.starts_at,
})

/** A deep link to the details step of a haircut with Bob, Ann's details typed. */
async function atDetails() {
  const harness = createBookingHarness({ input: { route: detailsOf(haircutId, bobId) } })
  harness.actor.start()
  await harness.settle('loadCatalogue', { output: withQuestions() })
  harness.actor.send({ type: 'booking.customerChanged', values: ann })
  return harness
}

describe('booking machine: answers to booking questions', () => {
  it('refuses a submit until the required questions are answered, naming each question', async () => {
    const harness = await atDetails()
    const { actor } = harness
    actor.send({ type: 'booking.answerChanged', questionId: allergies.id, value: 'x'.repeat(201) })
    actor.send({ type: 'booking.submitted' })
    expect(actor.getSnapshot().value).toEqual({ details: 'editing' })
    expect(actor.getSnapshot().context.answerErrors).toEqual({
      [hairType.id]: 'is required',
      [agree.id]: 'must be ticked',
      [allergies.id]: 'must be at most 200 characters',
    })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
    expect(harness.isRunning('submitBooking')).toBe(false)

    // Answering a question clears its own error only.
    actor.send({ type: 'booking.answerChanged', questionId: hairType.id, value: 'Curly' })
    expect(Object.keys(actor.getSnapshot().context.answerErrors).sort()).toEqual([
      agree.id,
      allergies.id,
    ])
    // An unticked box is no answer to a required checkbox.
    actor.send({ type: 'booking.answerChanged', questionId: agree.id, value: false })
    actor.send({ type: 'booking.answerChanged', questionId: allergies.id, value: '  ' })
    actor.send({ type: 'booking.submitted' })
    expect(actor.getSnapshot().context.answerErrors).toEqual({ [agree.id]: 'must be ticked' })
    expect(harness.isRunning('submitBooking')).toBe(false)
  })

  it('shows answer and customer errors together', async () => {
    const harness = await atDetails()
    harness.actor.send({ type: 'booking.customerChanged', values: { email: '' } })
    harness.actor.send({ type: 'booking.submitted' })
    const { context } = harness.actor.getSnapshot()
    expect(Object.keys(context.fieldErrors)).toEqual(['email'])
    expect(Object.keys(context.answerErrors).sort()).toEqual([agree.id, hairType.id])
  })

  it('sends the answered questions of the chosen service only', async () => {
    const harness = await atDetails()
    const { actor } = harness
    actor.send({ type: 'booking.answerChanged', questionId: hairType.id, value: 'Curly' })
    actor.send({ type: 'booking.answerChanged', questionId: agree.id, value: true })
    actor.send({ type: 'booking.answerChanged', questionId: allergies.id, value: '' })
    // Not a question of this service: never sent, never blocks.
    actor.send({ type: 'booking.answerChanged', questionId: 'q-elsewhere', value: 'x' })
    actor.send({ type: 'booking.submitted' })
    expect(harness.inputs.submitBooking).toEqual([
      {
        idempotencyKey: 'key-1',
        body: {
          service_id: haircutId,
          team_member_id: bobId,
          starts_at: firstSlot.starts_at,
          customer: { name: ann.name, email: ann.email, phone: ann.phone },
          booking_answers: { [hairType.id]: 'Curly', [agree.id]: true },
          time_zone: 'Europe/Berlin',
        },
      },
    ])
    // A retry after an edit of an answer is another body: a new key.
    await harness.settle('submitBooking', { fails: apiError(500, 'The server could not…') })
    actor.send({ type: 'booking.answerChanged', questionId: hairType.id, value: 'Straight' })
    actor.send({ type: 'booking.submitted' })
    expect(harness.inputs.submitBooking.at(-1)).toMatchObject({ idempotencyKey: 'key-2' })
    await harness.settle('submitBooking', { output: confirmation() })
    expect(actor.getSnapshot().value).toEqual({ confirmation: 'ready' })
  })

  it('puts the server’s refusal of an answer at its question', async () => {
    const harness = await atDetails()
    const { actor } = harness
    actor.send({ type: 'booking.answerChanged', questionId: hairType.id, value: 'Curly' })
    actor.send({ type: 'booking.answerChanged', questionId: agree.id, value: true })
    actor.send({ type: 'booking.submitted' })
    await harness.settle('submitBooking', {
      fails: apiError(400, 'Please check the highlighted fields.', {
        fieldErrors: {
          [`booking_answers.${hairType.id}`]: 'This value must be one of the options.',
        },
      }),
    })
    expect(actor.getSnapshot().value).toEqual({ details: 'editing' })
    expect(actor.getSnapshot().context.answerErrors).toEqual({
      [hairType.id]: 'This value must be one of the options.',
    })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
  })

  it('keeps the answers while the service stays and forgets them for another service', async () => {
    const harness = await atDetails()
    const { actor } = harness
    actor.send({ type: 'booking.answerChanged', questionId: agree.id, value: true })
    // Another time of the same service (back and forward): the answers stay.
    actor.send({ type: 'booking.urlChanged', route: { step: 'start' } })
    actor.send({ type: 'booking.urlChanged', route: detailsOf(haircutId, bobId) })
    expect(actor.getSnapshot().context.answers).toEqual({ [agree.id]: true })

    actor.send({ type: 'booking.urlChanged', route: detailsOf(colourId, eveId) })
    expect(actor.getSnapshot().value).toEqual({ details: 'editing' })
    expect(actor.getSnapshot().context.answers).toEqual({})
    actor.send({ type: 'booking.submitted' })
    expect(actor.getSnapshot().context.answerErrors).toEqual({ [agree.id]: 'must be ticked' })
  })

  it('sends no answers for a service without questions', async () => {
    const harness = createBookingHarness({ input: { route: detailsOf(haircutId, bobId) } })
    harness.actor.start()
    await harness.settle('loadCatalogue', { output: catalogue('both') })
    harness.actor.send({ type: 'booking.customerChanged', values: ann })
    harness.actor.send({ type: 'booking.answerChanged', questionId: 'q-gone', value: 'x' })
    harness.actor.send({ type: 'booking.submitted' })
    const [sent] = harness.inputs.submitBooking as BookingSubmission[]
    expect(sent?.body).toBeDefined()
    expect(sent?.body).not.toHaveProperty('booking_answers')
  })
})
