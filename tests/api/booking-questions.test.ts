import { beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../shared/contract/schema.d.ts'
import { outboxFor } from '../support/api/outbox.ts'
import {
  bookingBody,
  bookPublicly,
  publicCall,
  setUpPublicBookingWorld,
} from '../support/api/public-booking.ts'
import { addService, inDays, type SchedulingBusiness } from '../support/api/scheduling-business.ts'
import { call, expectInvalid, expectProblem } from '../support/api/team-business.ts'

type Service = components['schemas']['Service']
type Appointment = components['schemas']['Appointment']
type PublicCatalog = components['schemas']['PublicServiceList']

const world = setUpPublicBookingWorld('Asking')
const { freshDay } = world

const lengthQuestion = {
  label: 'Hair length',
  kind: 'single_choice',
  required: true,
  options: ['Short', 'Long'],
}
const agreeQuestion = { label: 'I agree to the terms', kind: 'checkbox', required: true }
const notesQuestion = { label: 'Anything else?', kind: 'long_text', required: false }

async function setQuestions(business: SchedulingBusiness, questions: object[]) {
  return call(world.testApp, business.owner, 'PATCH', `/api/v1/services/${business.haircutId}`, {
    booking_questions: questions,
  })
}

async function haircutQuestions(): Promise<Service['booking_questions']> {
  const response = await setQuestions(world.salon, [lengthQuestion, agreeQuestion, notesQuestion])
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Service>().booking_questions
}

const postBooking = (body: object) =>
  publicCall(world.testApp, 'POST', '/api/v1/public/bookings', { business: world.salonSlug, body })

describe('defining questions', () => {
  it('gives new questions ids, keeps them on edit, and lists them for the booking page', async () => {
    const created = await haircutQuestions()
    expect(created).toMatchObject([
      { label: 'Hair length', kind: 'single_choice', required: true, options: ['Short', 'Long'] },
      { label: 'I agree to the terms', kind: 'checkbox', required: true, options: [] },
      { label: 'Anything else?', kind: 'long_text', required: false, options: [] },
    ])
    const [length, agree] = created
    if (!length || !agree) throw new Error('Questions missing.')

    // Reordered, one relabelled, one removed: ids stay with their questions.
    const edited = await setQuestions(world.salon, [
      { ...agree, label: '  I accept the terms ' },
      length,
    ])
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json<Service>().booking_questions).toEqual([
      { ...agree, label: 'I accept the terms' },
      length,
    ])

    const read = await call(
      world.testApp,
      world.salon.owner,
      'GET',
      `/api/v1/services/${world.salon.haircutId}`,
    )
    expect(read.json<Service>().booking_questions).toHaveLength(2)
    const catalog = await publicCall(world.testApp, 'GET', '/api/v1/public/services', {
      business: world.salonSlug,
    })
    expect(catalog.statusCode, catalog.body).toBe(200)
    const haircut = catalog
      .json<PublicCatalog>()
      .items.find((service) => service.id === world.salon.haircutId)
    expect(haircut?.booking_questions.map((question) => question.id)).toEqual([agree.id, length.id])
  })

  it('creates a service with questions', async () => {
    const response = await call(world.testApp, world.salon.owner, 'POST', '/api/v1/services', {
      name: 'Colour',
      duration_minutes: 60,
      price_minor: 5000,
      booking_questions: [notesQuestion],
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json<Service>().booking_questions).toMatchObject([notesQuestion])
  })

  it('refuses bad questions naming the field', async () => {
    expectInvalid(
      await setQuestions(world.salon, [
        { ...lengthQuestion, label: '   ' },
        { ...lengthQuestion, options: ['Short', 'short'] },
        { ...notesQuestion, options: ['Stray'] },
        { ...lengthQuestion, options: ['Only'] },
      ]),
      'body.booking_questions.0.label',
      'body.booking_questions.1.options',
      'body.booking_questions.2.options',
      'body.booking_questions.3.options',
    )
    expectInvalid(
      await setQuestions(world.salon, [{ ...notesQuestion, kind: 'date' }]),
      'body.booking_questions.0.kind',
    )
    expectInvalid(
      await setQuestions(world.salon, [{ ...notesQuestion, label: 'x'.repeat(201) }]),
      'body.booking_questions.0.label',
    )
    expectInvalid(
      await setQuestions(
        world.salon,
        Array.from({ length: 21 }, () => notesQuestion),
      ),
      'body.booking_questions',
    )
  })

  it("refuses another service's question id and another business's service", async () => {
    const [theirs] = (await setQuestions(world.other, [notesQuestion])).json<Service>()
      .booking_questions
    expectInvalid(
      await setQuestions(world.salon, [{ ...notesQuestion, id: theirs?.id }]),
      'body.booking_questions.0.id',
    )
    const response = await call(
      world.testApp,
      world.salon.owner,
      'PATCH',
      `/api/v1/services/${world.other.haircutId}`,
      { booking_questions: [notesQuestion] },
    )
    expectProblem(response, 404)
  })
})

describe('answering them', () => {
  it('refuses missing and wrong answers, naming each question', async () => {
    const [length, agree, notes] = await haircutQuestions()
    if (!length || !agree || !notes) throw new Error('Questions missing.')
    const startsAt = inDays(freshDay(), '10:00', world.salon.timeZone)
    expectInvalid(
      await postBooking(bookingBody(world.salon, startsAt)),
      `body.booking_answers.${length.id}`,
      `body.booking_answers.${agree.id}`,
    )
    expectInvalid(
      await postBooking(
        bookingBody(world.salon, startsAt, {
          booking_answers: {
            [length.id]: 'Medium',
            [agree.id]: false,
            [notes.id]: ['not', 'text'],
            'a2b0d7e4-0000-4000-8000-000000000000': 'who asked?',
          },
        }),
      ),
      `body.booking_answers.${length.id}`,
      `body.booking_answers.${agree.id}`,
      `body.booking_answers.${notes.id}`,
      'body.booking_answers.a2b0d7e4-0000-4000-8000-000000000000',
    )
    // Too long for any answer: the contract refuses it (naming it once per way it fails).
    const tooLong = await postBooking(
      bookingBody(world.salon, startsAt, {
        booking_answers: { [length.id]: 'Long', [agree.id]: true, [notes.id]: 'x'.repeat(2001) },
      }),
    )
    const problem = expectProblem(tooLong, 400)
    expect(new Set(problem.errors?.map((error) => error.path))).toEqual(
      new Set([`body.booking_answers.${notes.id}`]),
    )
  })

  it('stores the answers with the labels as asked, for staff and the e-mail', async () => {
    const [length, agree, notes] = await haircutQuestions()
    if (!length || !agree || !notes) throw new Error('Questions missing.')
    const startsAt = inDays(freshDay(), '10:00', world.salon.timeZone)
    const { appointment } = await bookPublicly(
      world.testApp,
      world.salonSlug,
      bookingBody(world.salon, startsAt, {
        booking_answers: {
          [length.id]: 'Long',
          [agree.id]: true,
          [notes.id]: '<b>Hi</b>\nsecond line',
        },
      }),
    )
    const expected = [
      { question_id: length.id, label: 'Hair length', kind: 'single_choice', value: 'Long' },
      { question_id: agree.id, label: 'I agree to the terms', kind: 'checkbox', value: true },
      {
        question_id: notes.id,
        label: 'Anything else?',
        kind: 'long_text',
        value: '<b>Hi</b>\nsecond line',
      },
    ]

    // A later edit of the question does not change what the appointment says was asked.
    await setQuestions(world.salon, [{ ...length, label: 'Length of hair' }])
    const staffView = await call(
      world.testApp,
      world.salon.owner,
      'GET',
      `/api/v1/appointments/${appointment.id}`,
    )
    expect(staffView.statusCode, staffView.body).toBe(200)
    expect(staffView.json<Appointment>().booking_answers).toEqual(expected)

    const mails = await outboxFor(world.testApp, appointment.id, { recipient: 'team_member' })
    expect(mails).toHaveLength(1)
    expect(mails[0]?.bodyText).toContain(
      '- Hair length: Long\n- I agree to the terms: Yes\n- Anything else?: <b>Hi</b>\n    second line',
    )
    const customerMails = await outboxFor(world.testApp, appointment.id, { recipient: 'customer' })
    expect(customerMails[0]?.bodyText).not.toContain('Hair length')
  })

  it('books a service without questions as before, with no answers', async () => {
    expect((await setQuestions(world.salon, [])).statusCode).toBe(200)
    const startsAt = inDays(freshDay(), '10:00', world.salon.timeZone)
    const { appointment } = await bookPublicly(
      world.testApp,
      world.salonSlug,
      bookingBody(world.salon, startsAt),
    )
    const staffView = await call(
      world.testApp,
      world.salon.owner,
      'GET',
      `/api/v1/appointments/${appointment.id}`,
    )
    expect(staffView.json<Appointment>().booking_answers).toEqual([])
    expectInvalid(
      await postBooking(
        bookingBody(world.salon, inDays(freshDay(), '10:00', world.salon.timeZone), {
          booking_answers: { 'a2b0d7e4-0000-4000-8000-000000000000': 'x' },
        }),
      ),
      'body.booking_answers.a2b0d7e4-0000-4000-8000-000000000000',
    )
  })

  it("does not show answers of another business's appointment", async () => {
    const [length, agree] = await haircutQuestions()
    if (!length || !agree) throw new Error('Questions missing.')
    const { appointment } = await bookPublicly(
      world.testApp,
      world.salonSlug,
      bookingBody(world.salon, inDays(freshDay(), '11:00', world.salon.timeZone), {
        booking_answers: { [length.id]: 'Short', [agree.id]: true },
      }),
    )
    const response = await call(
      world.testApp,
      world.other.owner,
      'GET',
      `/api/v1/appointments/${appointment.id}`,
    )
    expectProblem(response, 404)
  })
})

describe('short text and multiple choice answers', () => {
  let serviceId: string
  let questions: Service['booking_questions']

  beforeAll(async () => {
    serviceId = await addService(world.testApp, world.salon.owner, {
      name: 'Styling',
      duration_minutes: 30,
      team_member_ids: [world.salon.staffMemberId],
      booking_questions: [
        { label: 'Name for the booking sheet', kind: 'short_text', required: true },
        {
          label: 'Extras',
          kind: 'multiple_choice',
          required: true,
          options: ['Wash', 'Blow-dry', 'Scalp massage'],
        },
      ],
    })
    const read = await call(
      world.testApp,
      world.salon.owner,
      'GET',
      `/api/v1/services/${serviceId}`,
    )
    questions = read.json<Service>().booking_questions
  })

  const styling = (answers: Record<string, unknown> | undefined) =>
    bookingBody(world.salon, inDays(freshDay(), '10:00', world.salon.timeZone), {
      service_id: serviceId,
      ...(answers === undefined ? {} : { booking_answers: answers }),
    })

  function ids(): { name: string; extras: string } {
    const [name, extras] = questions
    if (name?.kind !== 'short_text' || extras?.kind !== 'multiple_choice') {
      throw new Error('Questions missing.')
    }
    return { name: name.id, extras: extras.id }
  }

  it('refuses them missing, blank or empty when required, naming each', async () => {
    const { name, extras } = ids()
    const missing = expectInvalid(
      await postBooking(styling(undefined)),
      `body.booking_answers.${name}`,
      `body.booking_answers.${extras}`,
    )
    expect(missing.errors?.map((error) => error.message)).toEqual(['is required', 'is required'])
    expectInvalid(
      await postBooking(styling({ [name]: '   ', [extras]: [] })),
      `body.booking_answers.${name}`,
      `body.booking_answers.${extras}`,
    )
  })

  it('refuses an option not offered, a repeated one, and a short text over two lines', async () => {
    const { name, extras } = ids()
    const notOffered = expectInvalid(
      await postBooking(styling({ [name]: 'Ann', [extras]: ['Wash', 'Perm'] })),
      `body.booking_answers.${extras}`,
    )
    expect(notOffered.errors?.[0]?.message).toBe('must contain only the options')
    expectInvalid(
      await postBooking(styling({ [name]: 'Ann', [extras]: ['Wash', 'Wash'] })),
      `body.booking_answers.${extras}`,
    )
    expectInvalid(
      await postBooking(styling({ [name]: 'Ann\nLee', [extras]: 'Wash' })),
      `body.booking_answers.${name}`,
      `body.booking_answers.${extras}`,
    )
  })

  it('stores valid answers, trimmed, and shows them to staff', async () => {
    const { name, extras } = ids()
    const { appointment } = await bookPublicly(
      world.testApp,
      world.salonSlug,
      styling({ [name]: '  Ann Lee ', [extras]: ['Scalp massage', 'Wash'] }),
    )
    const staffView = await call(
      world.testApp,
      world.salon.staff,
      'GET',
      `/api/v1/appointments/${appointment.id}`,
    )
    expect(staffView.statusCode, staffView.body).toBe(200)
    expect(staffView.json<Appointment>().booking_answers).toEqual([
      {
        question_id: name,
        label: 'Name for the booking sheet',
        kind: 'short_text',
        value: 'Ann Lee',
      },
      {
        question_id: extras,
        label: 'Extras',
        kind: 'multiple_choice',
        value: ['Scalp massage', 'Wash'],
      },
    ])
    const [mail] = await outboxFor(world.testApp, appointment.id, { recipient: 'team_member' })
    expect(mail?.bodyText).toContain(
      '- Name for the booking sheet: Ann Lee\n- Extras: Scalp massage, Wash',
    )
  })
})
