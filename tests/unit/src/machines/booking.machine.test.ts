import { describe, expect, it } from 'vitest'
import type { WizardRoute } from '../../../../shared/booking-links'
import { en } from '../../../../shared/i18n/en'
import { isMessageKey } from '../../../../shared/i18n/language-choice'
import { ApiError } from '../../../../src/api/api-error'
import { plusDays } from '../../../../src/domain/month-grid'
import { startRefusalKey } from '../../../../src/domain/start-refusals'
import { missingFromLink } from '../../../../src/machines/booking-catalogue-rules'
import { NO_TOKEN_MESSAGE, SLOT_TAKEN_NOTICE } from '../../../../src/machines/booking-context'
import { validateCustomer } from '../../../../src/machines/booking-details-rules'
import { PAYMENT_POLLS } from '../../../../src/machines/booking-payment.machine'
import {
  ann,
  apiError,
  appointment,
  appointmentId,
  bobId,
  catalogue,
  checkoutUrl,
  colourId,
  confirmation,
  createBookingHarness,
  eveId,
  firstSlot,
  haircutId,
  heldForPayment,
  manageToken,
  paymentReturn,
  secondSlot,
  sessionId,
} from '../../../support/unit/booking-harness'

async function startAt(route: WizardRoute, choice: Parameters<typeof catalogue>[0] = 'both') {
  const harness = createBookingHarness({ input: { route } })
  harness.actor.start()
  if (harness.isRunning('loadCatalogue')) {
    await harness.settle('loadCatalogue', { output: catalogue(choice) })
  }
  return harness
}

/** From the start to the details step with Ann's details typed and a first slot chosen. */
async function atDetails() {
  const harness = await startAt({ step: 'calendar', serviceId: haircutId, teamMemberId: bobId })
  await harness.settle('loadMonth', { output: [firstSlot, secondSlot] })
  harness.month().send({ type: 'month.slotChosen', slot: firstSlot })
  harness.actor.send({ type: 'booking.customerChanged', values: ann })
  return harness
}

/** The calendar step, with its month of free times in `month` (loading, ready, failed). */
function expectCalendar(harness: ReturnType<typeof createBookingHarness>, month: string) {
  expect(harness.actor.getSnapshot().value).toBe('calendar')
  expect(harness.month().getSnapshot().value).toBe(month)
}

const lastShown = (harness: ReturnType<typeof createBookingHarness>) => harness.shown.at(-1)

describe('booking machine: choosing', () => {
  it('goes service → team member → calendar, showing each step’s route', async () => {
    const harness = await startAt({ step: 'start' })
    const { actor } = harness
    expect(actor.getSnapshot().value).toBe('start')
    expect(lastShown(harness)).toEqual({ route: { step: 'start' }, replace: true })

    actor.send({ type: 'booking.serviceChosen', serviceId: haircutId })
    expect(actor.getSnapshot().value).toBe('chooseTeamMember')
    expect(lastShown(harness)).toEqual({
      route: { step: 'serviceTeam', serviceId: haircutId },
      replace: false,
    })

    actor.send({ type: 'booking.teamMemberChosen', teamMemberId: 'any' })
    expectCalendar(harness, 'loading')
    expect(harness.inputs.loadMonth).toEqual([
      { serviceId: haircutId, teamMemberId: null, month: '2026-12', timeZone: 'Europe/Berlin' },
    ])
  })

  it('goes team member → their services → calendar, refusing a service they do not perform', async () => {
    const harness = await startAt({ step: 'start' })
    const { actor } = harness
    actor.send({ type: 'booking.teamMemberChosen', teamMemberId: bobId })
    expect(actor.getSnapshot().value).toBe('chooseService')
    actor.send({ type: 'booking.serviceChosen', serviceId: colourId })
    expect(actor.getSnapshot().value).toBe('chooseService')
    actor.send({ type: 'booking.serviceChosen', serviceId: haircutId })
    expectCalendar(harness, 'loading')
    expect(actor.getSnapshot().context.teamMemberId).toBe(bobId)
  })

  it('skips the team member when the business assigns anyone available', async () => {
    const harness = await startAt({ step: 'start' }, 'any_available')
    const { actor } = harness
    actor.send({ type: 'booking.teamMemberChosen', teamMemberId: bobId })
    expect(actor.getSnapshot().value).toBe('start')
    actor.send({ type: 'booking.serviceChosen', serviceId: haircutId })
    expectCalendar(harness, 'loading')
    expect(actor.getSnapshot().context.teamMemberId).toBe('any')
  })

  it('offers no "any available" when customers must pick', async () => {
    const harness = await startAt({ step: 'serviceTeam', serviceId: haircutId }, 'customer_picks')
    harness.actor.send({ type: 'booking.teamMemberChosen', teamMemberId: 'any' })
    expect(harness.actor.getSnapshot().value).toBe('chooseTeamMember')
    harness.actor.send({ type: 'booking.teamMemberChosen', teamMemberId: eveId })
    expectCalendar(harness, 'loading')
  })

  it('pages months within today’s and the booking window’s, keeps the month, reloads on a zone change', async () => {
    // 30 days of window from 15 Dec end on 14 Jan: December and January can be shown.
    const harness = createBookingHarness({
      input: {
        route: { step: 'calendar', serviceId: haircutId, teamMemberId: 'any' },
        today: '2026-12-15',
        catalogue: catalogue('both'),
      },
    })
    const { actor } = harness
    actor.start()
    expect(harness.month().getSnapshot().context.lastDay).toBe('2027-01-14')
    await harness.settle('loadMonth', { output: [] })
    harness.month().send({ type: 'month.changed', months: -1 })
    expectCalendar(harness, 'ready')
    harness.month().send({ type: 'month.changed', months: 1 })
    await harness.settle('loadMonth', { output: [] })
    expect(harness.month().getSnapshot().context.month).toBe('2027-01')
    // The wizard keeps where the visitor is, to reopen the month there.
    expect(actor.getSnapshot().context.month).toBe('2027-01')
    harness.month().send({ type: 'month.changed', months: 1 })
    expectCalendar(harness, 'ready')

    harness.month().send({ type: 'month.timeZoneChanged', timeZone: 'America/New_York' })
    expectCalendar(harness, 'loading')
    expect(harness.inputs.loadMonth.at(-1)).toMatchObject({
      month: '2027-01',
      timeZone: 'America/New_York',
    })
    expect(actor.getSnapshot().context.timeZone).toBe('America/New_York')
  })

  it('shows a slot failure as a state and retries', async () => {
    const harness = await startAt({ step: 'calendar', serviceId: haircutId, teamMemberId: 'any' })
    await harness.settle('loadMonth', { fails: new TypeError('Failed to fetch') })
    expectCalendar(harness, 'failed')
    harness.month().send({ type: 'month.retry' })
    expectCalendar(harness, 'loading')
  })
})

describe('booking machine: URL', () => {
  it('opens a deep link to the details step with the slot from the URL', async () => {
    const startsAt = '2026-12-02T13:00:00.000Z'
    const harness = await startAt({
      step: 'customerInfo',
      serviceId: haircutId,
      teamMemberId: bobId,
      startsAt,
    })
    const { context, value } = harness.actor.getSnapshot()
    expect(value).toEqual({ details: 'editing' })
    expect(context.slot).toEqual({
      starts_at: startsAt,
      ends_at: '2026-12-02T13:30:00.000Z',
      seats_left: null,
    })
    expect(lastShown(harness)?.replace).toBe(true)
  })

  it('sends a link without a chosen time to the calendar and says an unbookable one is not found', async () => {
    const noTime = await startAt({
      step: 'customerInfo',
      serviceId: haircutId,
      teamMemberId: bobId,
      startsAt: null,
    })
    expectCalendar(noTime, 'loading')
    expect(lastShown(noTime)).toEqual({
      route: { step: 'calendar', serviceId: haircutId, teamMemberId: bobId },
      replace: true,
    })

    const wrongPair = await startAt({ step: 'calendar', serviceId: colourId, teamMemberId: bobId })
    expect(wrongPair.actor.getSnapshot().value).toBe('linkNotFound')
    expect(wrongPair.actor.getSnapshot().context.notice).toBeNull()
    // The address stays the one the visitor came with; the start is a link away.
    expect(wrongPair.shown).toEqual([])
    wrongPair.actor.send({ type: 'booking.urlChanged', route: { step: 'start' } })
    expect(wrongPair.actor.getSnapshot().value).toBe('start')
    expect(wrongPair.inputs.loadCatalogue).toHaveLength(1)
  })

  it('names what a link misses: the team member it alone names or the business lacks, else the service', () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    const both = catalogue('both')
    const missing = (route: WizardRoute) => missingFromLink(route, both)
    expect(missing({ step: 'serviceTeam', serviceId: unknown })).toBe('service')
    expect(missing({ step: 'teamServices', teamMemberId: unknown })).toBe('team member')
    // Known, but this business assigns whoever is free: nobody can be chosen by link.
    expect(
      missingFromLink({ step: 'teamServices', teamMemberId: bobId }, catalogue('any_available')),
    ).toBe('team member')
    expect(missing({ step: 'calendar', serviceId: unknown, teamMemberId: bobId })).toBe('service')
    expect(missing({ step: 'calendar', serviceId: haircutId, teamMemberId: unknown })).toBe(
      'team member',
    )
    expect(missing({ step: 'calendar', serviceId: colourId, teamMemberId: bobId })).toBe('service')
    expect(missing({ step: 'calendar', serviceId: unknown, teamMemberId: unknown })).toBe('service')
    expect(
      missing({ step: 'customerInfo', serviceId: unknown, teamMemberId: 'any', startsAt: null }),
    ).toBe('service')
  })

  it('follows back and forward without reloading the catalogue', async () => {
    const harness = await atDetails()
    harness.actor.send({
      type: 'booking.urlChanged',
      route: { step: 'calendar', serviceId: haircutId, teamMemberId: bobId },
    })
    expectCalendar(harness, 'loading')
    harness.actor.send({ type: 'booking.urlChanged', route: { step: 'start' } })
    expect(harness.actor.getSnapshot().value).toBe('start')
    expect(harness.inputs.loadCatalogue).toHaveLength(1)
    // What was typed survives the trip.
    expect(harness.actor.getSnapshot().context.customer).toEqual(ann)
  })

  it('keeps the latest URL while the catalogue loads', async () => {
    const harness = createBookingHarness()
    harness.actor.start()
    harness.actor.send({
      type: 'booking.urlChanged',
      route: { step: 'teamServices', teamMemberId: eveId },
    })
    await harness.settle('loadCatalogue', { output: catalogue() })
    expect(harness.actor.getSnapshot().value).toBe('chooseService')
  })

  it('shows a failed catalogue and retries it', async () => {
    const harness = createBookingHarness()
    harness.actor.start()
    await harness.settle('loadCatalogue', { fails: apiError(404, 'No such business.') })
    expect(harness.actor.getSnapshot().value).toBe('catalogueFailed')
    expect(harness.actor.getSnapshot().context.error).toBe('No such business.')
    harness.actor.send({ type: 'booking.retry' })
    expect(harness.actor.getSnapshot().value).toBe('loadingCatalogue')
    // A failure without words of its own gets the machine's, as a key the page translates.
    await harness.settle('loadCatalogue', { fails: 'no answer' })
    expect(harness.actor.getSnapshot().context.error).toBe('error_catalogue')
  })
})

describe('booking machine: details and submitting', () => {
  it('validates the details in the machine and names each wrong field', async () => {
    const harness = await atDetails()
    harness.actor.send({ type: 'booking.customerChanged', values: { name: ' ', email: 'ann@' } })
    harness.actor.send({ type: 'booking.submitted' })
    expect(harness.actor.getSnapshot().value).toEqual({ details: 'editing' })
    expect(Object.keys(harness.actor.getSnapshot().context.fieldErrors).sort()).toEqual([
      'email',
      'name',
    ])
    harness.actor.send({ type: 'booking.customerChanged', values: { name: 'Ann' } })
    expect(Object.keys(harness.actor.getSnapshot().context.fieldErrors)).toEqual(['email'])
    expect(harness.isRunning('submitBooking')).toBe(false)
  })

  it('books with an idempotency key and shows the confirmation URL with its token', async () => {
    const harness = await atDetails()
    harness.actor.send({ type: 'booking.submitted' })
    expect(harness.actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(harness.inputs.submitBooking).toEqual([
      {
        idempotencyKey: 'key-1',
        body: {
          service_id: haircutId,
          team_member_id: bobId,
          starts_at: firstSlot.starts_at,
          customer: { name: ann.name, email: ann.email, phone: ann.phone },
          time_zone: 'Europe/Berlin',
        },
      },
    ])
    // A second press while sending sends nothing more, and an edit is not taken: the
    // booking keeps going with the details it was sent with.
    harness.actor.send({ type: 'booking.submitted' })
    harness.actor.send({ type: 'booking.customerChanged', values: { name: 'Someone Else' } })
    expect(harness.inputs.submitBooking).toHaveLength(1)
    expect(harness.isRunning('submitBooking')).toBe(true)
    expect(harness.actor.getSnapshot().context.customer.name).toBe(ann.name)

    await harness.settle('submitBooking', { output: confirmation() })
    expect(harness.actor.getSnapshot().value).toEqual({ confirmation: 'ready' })
    expect(lastShown(harness)).toEqual({
      route: { step: 'confirmation', appointmentId, token: manageToken },
      replace: false,
    })
    // The URL the app then shows is the booking just made: nothing to load.
    harness.actor.send({
      type: 'booking.urlChanged',
      route: { step: 'confirmation', appointmentId, token: manageToken },
    })
    expect(harness.actor.getSnapshot().value).toEqual({ confirmation: 'ready' })
    expect(harness.isRunning('loadAppointment')).toBe(false)
  })

  it('goes back to fresh slots with a message when the slot was taken', async () => {
    const harness = await atDetails()
    harness.actor.send({ type: 'booking.submitted' })
    await harness.settle('submitBooking', { fails: apiError(409, 'That time is no longer free.') })
    expectCalendar(harness, 'loading')
    const snapshot = harness.actor.getSnapshot()
    expect(snapshot.context.notice).toBe(SLOT_TAKEN_NOTICE)
    expect(snapshot.context.slot).toBeNull()
    expect(snapshot.context.customer).toEqual(ann)

    // Another time is another intended booking: another key.
    await harness.settle('loadMonth', { output: [secondSlot] })
    harness.month().send({ type: 'month.slotChosen', slot: secondSlot })
    expect(harness.actor.getSnapshot().context.notice).toBeNull()
    harness.actor.send({ type: 'booking.submitted' })
    expect(harness.inputs.submitBooking.at(-1)).toMatchObject({ idempotencyKey: 'key-2' })
  })

  it('says why a time that was never free was refused, never "just taken"', async () => {
    const harness = await atDetails()
    harness.actor.send({ type: 'booking.submitted' })
    const tooSoon = new ApiError(400, {
      type: '/problems/too-soon',
      status: 400,
      detail: 'body.starts_at must be at least 2 hours from now.',
      errors: [{ path: 'body.starts_at', message: 'must be at least 2 hours from now' }],
    })
    await harness.settle('submitBooking', { fails: tooSoon })
    expectCalendar(harness, 'loading')
    const { notice, slot, customer } = harness.actor.getSnapshot().context
    expect(notice).toBe(startRefusalKey('/problems/too-soon'))
    expect(notice).not.toBe(SLOT_TAKEN_NOTICE)
    expect(en[notice ?? 'notice_slot_taken']).toContain('too soon')
    expect(slot).toBeNull()
    expect(customer).toEqual(ann)
  })

  it('keeps what was typed when offline and retries with the same key', async () => {
    const harness = await atDetails()
    harness.actor.send({ type: 'booking.submitted' })
    await harness.settle('submitBooking', { fails: new TypeError('Failed to fetch') })
    expect(harness.actor.getSnapshot().value).toEqual({ details: 'offline' })
    expect(harness.actor.getSnapshot().context.customer).toEqual(ann)
    harness.actor.send({ type: 'booking.retry' })
    expect(harness.inputs.submitBooking).toHaveLength(2)
    expect(harness.inputs.submitBooking[1]).toEqual(harness.inputs.submitBooking[0])
  })

  it('uses a new key once the details changed, since the server would refuse the old one', async () => {
    const harness = await atDetails()
    harness.actor.send({ type: 'booking.submitted' })
    await harness.settle('submitBooking', { fails: new TypeError('Failed to fetch') })
    harness.actor.send({ type: 'booking.customerChanged', values: { notes: 'Short please' } })
    expect(harness.actor.getSnapshot().value).toEqual({ details: 'editing' })
    harness.actor.send({ type: 'booking.submitted' })
    expect(harness.inputs.submitBooking.at(-1)).toMatchObject({
      idempotencyKey: 'key-2',
      body: { notes: 'Short please' },
    })
  })

  it('shows a rate limit with its Retry-After', async () => {
    const harness = await atDetails()
    harness.actor.send({ type: 'booking.submitted' })
    await harness.settle('submitBooking', {
      fails: apiError(429, 'Too many requests.', { retryAfterSeconds: 30 }),
    })
    const snapshot = harness.actor.getSnapshot()
    expect(snapshot.value).toEqual({ details: 'rateLimited' })
    expect(snapshot.context.retryAfterSeconds).toBe(30)
    harness.actor.send({ type: 'booking.retry' })
    expect(harness.inputs.submitBooking[1]).toMatchObject({ idempotencyKey: 'key-1' })
  })

  it('puts the server’s field errors at the fields and other failures in a state', async () => {
    const harness = await atDetails()
    harness.actor.send({ type: 'booking.submitted' })
    await harness.settle('submitBooking', {
      fails: apiError(400, 'Please check the highlighted fields.', {
        fieldErrors: { 'customer.email': 'Must be an e-mail address.' },
      }),
    })
    expect(harness.actor.getSnapshot().value).toEqual({ details: 'editing' })
    expect(harness.actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'Must be an e-mail address.',
    })

    harness.actor.send({ type: 'booking.submitted' })
    await harness.settle('submitBooking', { fails: apiError(500, 'The server could not…') })
    expect(harness.actor.getSnapshot().value).toEqual({ details: 'failed' })
    expect(harness.actor.getSnapshot().context.error).toBe('The server could not…')
  })
})

describe('booking machine: confirmation from a link', () => {
  it('loads the appointment with the URL’s token, without the catalogue', async () => {
    const harness = createBookingHarness({
      input: { route: { step: 'confirmation', appointmentId, token: manageToken } },
    })
    harness.actor.start()
    expect(harness.isRunning('loadCatalogue')).toBe(false)
    expect(harness.inputs.loadAppointment).toEqual([{ appointmentId, token: manageToken }])
    await harness.settle('loadAppointment', { output: appointment() })
    expect(harness.actor.getSnapshot().context.confirmation).toEqual(confirmation())
  })

  it('says so when the link has no token or the appointment is not found', async () => {
    const noToken = createBookingHarness({
      input: { route: { step: 'confirmation', appointmentId, token: null } },
    })
    noToken.actor.start()
    expect(noToken.actor.getSnapshot().value).toEqual({ confirmation: 'failed' })
    expect(noToken.actor.getSnapshot().context.error).toBe(NO_TOKEN_MESSAGE)

    const unknown = createBookingHarness({
      input: { route: { step: 'confirmation', appointmentId, token: 'wrong-token-1234567890' } },
    })
    unknown.actor.start()
    await unknown.settle('loadAppointment', { fails: apiError(404, 'Not found.') })
    expect(unknown.actor.getSnapshot().value).toEqual({ confirmation: 'failed' })
    unknown.actor.send({ type: 'booking.retry' })
    expect(unknown.actor.getSnapshot().value).toEqual({ confirmation: 'loading' })
  })
})

describe('booking machine: paying at booking', () => {
  const paidReturn: WizardRoute = {
    step: 'payment',
    appointmentId,
    token: manageToken,
    outcome: 'paid',
    sessionId,
  }

  it('leaves for Checkout after the hold is made, the way back standing in the URL', async () => {
    const harness = await atDetails()
    harness.actor.send({ type: 'booking.submitted' })
    await harness.settle('submitBooking', { output: heldForPayment() })
    expect(harness.payment().getSnapshot().matches('redirected')).toBe(true)
    expect(harness.checkouts).toEqual([checkoutUrl])
    expect(lastShown(harness)).toEqual({
      route: { step: 'payment', appointmentId, token: manageToken, outcome: null, sessionId: null },
      replace: true,
    })
  })

  it('confirms on a fresh page back from Checkout, with the amount paid', async () => {
    const harness = await startAt(paidReturn)
    expect(harness.inputs.loadCatalogue).toEqual([])
    expect(harness.inputs.syncPayment).toEqual([{ appointmentId, token: manageToken, sessionId }])
    await harness.settle('syncPayment', { output: paymentReturn('confirmed') })
    const snapshot = harness.actor.getSnapshot()
    expect(snapshot.matches({ confirmation: 'ready' })).toBe(true)
    expect(snapshot.context.confirmation?.payment).toMatchObject({
      status: 'succeeded',
      amount_minor: 600,
    })
    expect(lastShown(harness)).toEqual({
      route: { step: 'confirmation', appointmentId, token: manageToken },
      replace: true,
    })
  })

  it('asks again a few times while a payment made is not recorded, then says what to do', async () => {
    const harness = await startAt(paidReturn)
    for (let poll = 0; poll < PAYMENT_POLLS; poll++) {
      await harness.settle('syncPayment', { output: paymentReturn('awaiting_payment') })
      expect(harness.payment().getSnapshot().matches('confirming')).toBe(true)
      await harness.settle('waitBeforePoll', { output: undefined })
    }
    await harness.settle('syncPayment', { output: paymentReturn('awaiting_payment') })
    expect(harness.payment().getSnapshot().matches('failed')).toBe(true)
    expect(harness.inputs.syncPayment).toHaveLength(PAYMENT_POLLS + 1)
  })

  it('lets a customer back from a cancelled Checkout pay again, and syncs when the hold ends', async () => {
    const harness = await startAt({ ...paidReturn, outcome: 'cancelled', sessionId: null })
    await harness.settle('syncPayment', { output: paymentReturn('awaiting_payment') })
    // Not back by the success address: no waiting for a payment that was never made.
    expect(harness.payment().getSnapshot().matches('failed')).toBe(true)
    expect(harness.inputs.waitForHoldEnd).toEqual([{ holdExpiresAt: '2026-12-01T10:10:00.000Z' }])

    harness.payment().send({ type: 'payment.payAgain' })
    expect(harness.payment().getSnapshot().matches('redirected')).toBe(true)
    expect(harness.checkouts).toEqual([checkoutUrl])

    harness.actor.send({
      type: 'booking.urlChanged',
      route: { ...paidReturn, outcome: 'cancelled' },
    })
    await harness.settle('syncPayment', { output: paymentReturn('awaiting_payment') })
    await harness.settle('waitForHoldEnd', { output: undefined })
    expect(harness.payment().getSnapshot().matches('returned')).toBe(true)
    await harness.settle('syncPayment', { output: paymentReturn('expired') })
    expect(harness.payment().getSnapshot().matches('expired')).toBe(true)
  })

  it('says a late payment was refunded, and a failed sync can be retried unless not found', async () => {
    const harness = await startAt(paidReturn)
    await harness.settle('syncPayment', { output: paymentReturn('refunded') })
    expect(harness.payment().getSnapshot().matches('refunded')).toBe(true)

    const offline = await startAt(paidReturn)
    await offline.settle('syncPayment', { fails: new TypeError('Failed to fetch') })
    expect(offline.payment().getSnapshot().matches('syncFailed')).toBe(true)
    offline.payment().send({ type: 'payment.retry' })
    expect(offline.payment().getSnapshot().matches('returned')).toBe(true)

    const unknown = await startAt(paidReturn)
    await unknown.settle('syncPayment', { fails: apiError(404, 'Not found.') })
    expect(unknown.payment().getSnapshot().context.notFound).toBe(true)
    expect(unknown.payment().getSnapshot().can({ type: 'payment.retry' })).toBe(false)
  })
})

describe('booking helpers', () => {
  it('adds calendar days across months and years', () => {
    // plusDays bounds the booking window.
    expect(plusDays('2026-12-01', 30)).toBe('2026-12-31')
    expect(plusDays('2026-12-29', 7)).toBe('2027-01-05')
    expect(plusDays('2026-03-01', -1)).toBe('2026-02-28')
  })

  it('accepts an empty phone and refuses letters in it', () => {
    expect(validateCustomer({ ...ann, phone: '' })).toEqual({})
    expect(validateCustomer({ ...ann, phone: 'call me' })).toHaveProperty('phone')
  })

  it('names each wrong detail by a catalogue key the page says in its language', () => {
    const errors = validateCustomer({
      name: 'x'.repeat(121),
      email: 'ann@',
      phone: 'call me',
      notes: 'x'.repeat(2001),
    })
    expect(errors).toEqual({
      name: 'error_name_too_long',
      email: 'error_email_format',
      phone: 'error_phone_invalid',
      notes: 'error_notes_too_long',
    })
    for (const key of Object.values(errors)) expect(isMessageKey(key)).toBe(true)
    expect(validateCustomer({ ...ann, name: ' ', email: '' })).toEqual({
      name: 'error_name_required',
      email: 'error_email_required',
    })
  })
})
