/**
 * The client profile: a customer's figures (money received, visits, no-shows, late
 * cancellations), their visits split into upcoming and past, what "Book again" prefills, and
 * the team's notes about them. Past visits and their payments are written straight into the
 * tables (the API books only the future, and payments come from Stripe); cancellations and
 * notes go through the API.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments, paymentRefunds, payments } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { unbufferedRow } from '../support/api/appointment-rows.ts'
import {
  addService,
  appointmentApi,
  createSchedulingBusiness,
  inDays,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import { activityFor, call, expectInvalid, expectProblem } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

type CustomerOverview = components['schemas']['CustomerOverview']
type AppointmentSummaryPage = components['schemas']['AppointmentSummaryPage']
type CustomerNote = components['schemas']['CustomerNote']
type CustomerNotePage = components['schemas']['CustomerNotePage']

const POLICY = {
  min_notice_minutes: 0,
  booking_window_days: 60,
  slot_interval_minutes: 15,
  // Two days: a cancellation of tomorrow's visit made now is late, of next week's is not.
  cancellation_cutoff_minutes: 2880,
  reschedule_cutoff_minutes: 1440,
  team_member_choice: 'both',
}

let testApp: TestApp
let salon: SchedulingBusiness
let other: SchedulingBusiness
let benId: string
let colourId: string

beforeAll(async () => {
  testApp = await createTestApp()
  salon = await createSchedulingBusiness(testApp, 'Profile', 'America/New_York')
  other = await createSchedulingBusiness(testApp, 'Elsewhere')
  const policy = await call(testApp, salon.owner, 'PUT', '/api/v1/settings/booking-policy', POLICY)
  expect(policy.statusCode, policy.body).toBe(200)
  const ben = await call(testApp, salon.owner, 'POST', '/api/v1/customers', { name: 'Ben Ortiz' })
  benId = ben.json<{ id: string }>().id
  colourId = await addService(testApp, salon.owner, {
    name: 'Colour',
    duration_minutes: 60,
    team_member_ids: [salon.adminMemberId],
  })
}, 120_000)
afterAll(() => testApp?.close())

interface PaymentFixture {
  kind: 'prepayment' | 'deposit' | 'card_on_file' | 'no_show_fee'
  status: 'pending' | 'succeeded' | 'failed' | 'expired'
  amountMinor: number
  refundedMinor?: number
  currency?: string
}

/** A visit that started `daysAgo` days ago at 10:00, with its payments (and their refunds). */
async function pastVisit(options: {
  daysAgo: number
  status: 'completed' | 'no_show' | 'confirmed'
  customerId?: string
  serviceId?: string
  teamMemberId?: string
  payments?: PaymentFixture[]
}): Promise<string> {
  const db = testApp.database.db
  const id = randomUUID()
  const startsAt = new Date(inDays(-options.daysAgo, '10:00', salon.timeZone))
  await db.insert(appointments).values(
    unbufferedRow({
      id,
      tenantId: salon.tenantId,
      serviceId: options.serviceId ?? salon.haircutId,
      teamMemberId: options.teamMemberId ?? salon.staffMemberId,
      customerId: options.customerId ?? salon.customerId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 45 * 60_000),
      status: options.status,
      priceMinor: 3000,
      currency: 'USD',
      source: 'staff',
    }),
  )
  for (const fixture of options.payments ?? []) {
    const [row] = await db
      .insert(payments)
      .values({
        tenantId: salon.tenantId,
        appointmentId: id,
        kind: fixture.kind,
        status: fixture.status,
        amountMinor: fixture.amountMinor,
        refundedAmountMinor: fixture.refundedMinor ?? 0,
        currency: fixture.currency ?? 'USD',
        stripeAccountId: 'acct_profile',
        paidAt: fixture.status === 'succeeded' ? startsAt : null,
      })
      .returning()
    if (!row) throw new Error('no payment')
    if (fixture.refundedMinor) {
      await db.insert(paymentRefunds).values({
        tenantId: salon.tenantId,
        paymentId: row.id,
        amountMinor: fixture.refundedMinor,
        cause: 'staff',
        stripeRefundId: `re_${randomUUID()}`,
      })
    }
  }
  return id
}

const overviewOf = async (customerId: string, as = salon.owner) => {
  const response = await call(testApp, as, 'GET', `/api/v1/customers/${customerId}/overview`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<CustomerOverview>()
}

const visitsOf = async (customerId: string, query: string) => {
  const response = await call(
    testApp,
    salon.owner,
    'GET',
    `/api/v1/customers/${customerId}/appointments?${query}`,
  )
  expect(response.statusCode, response.body).toBe(200)
  return response.json<AppointmentSummaryPage>()
}

describe('figures and visits', () => {
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    const api = appointmentApi(testApp, salon)
    // Paid 30.00 online, 5.00 refunded by staff: 25.00 received.
    ids.refunded = await pastVisit({
      daysAgo: 30,
      status: 'completed',
      payments: [
        { kind: 'prepayment', status: 'succeeded', amountMinor: 3000, refundedMinor: 500 },
        // Euros cannot be added to dollars: left out of the total and of the visit's sum.
        { kind: 'deposit', status: 'succeeded', amountMinor: 700, currency: 'EUR' },
      ],
    })
    // A declined attempt, then a deposit of 10.00 kept: 10.00 received.
    ids.deposit = await pastVisit({
      daysAgo: 20,
      status: 'completed',
      payments: [
        { kind: 'deposit', status: 'failed', amountMinor: 1000 },
        { kind: 'deposit', status: 'succeeded', amountMinor: 1000 },
      ],
    })
    // A no-show: the card kept moved no money, the fee of 15.00 did.
    ids.noShow = await pastVisit({
      daysAgo: 10,
      status: 'no_show',
      payments: [
        { kind: 'card_on_file', status: 'succeeded', amountMinor: 0 },
        { kind: 'no_show_fee', status: 'succeeded', amountMinor: 1500 },
      ],
    })
    // The latest visit, with the admin for a colour: what "Book again" prefills.
    ids.latest = await pastVisit({
      daysAgo: 2,
      status: 'completed',
      serviceId: colourId,
      teamMemberId: salon.adminMemberId,
    })
    // Another customer's visit and money are never theirs.
    await pastVisit({
      daysAgo: 1,
      status: 'completed',
      customerId: benId,
      payments: [{ kind: 'prepayment', status: 'succeeded', amountMinor: 9900 }],
    })
    const cancel = async (id: string) => {
      const response = await call(
        testApp,
        salon.owner,
        'POST',
        `/api/v1/appointments/${id}/cancel`,
        { reason: 'The customer rang' },
      )
      expect(response.statusCode, response.body).toBe(200)
    }
    // Cancelled now: tomorrow's inside the two-day cut-off (late), next week's before it.
    ids.late = (await api.booked(salon.owner, { starts_at: inDays(1, '14:00', salon.timeZone) })).id
    ids.early = (
      await api.booked(salon.owner, { starts_at: inDays(7, '14:00', salon.timeZone) })
    ).id
    await cancel(ids.late)
    await cancel(ids.early)
    ids.soon = (await api.booked(salon.owner, { starts_at: inDays(3, '09:00', salon.timeZone) })).id
    ids.later = (
      await api.booked(salon.owner, { starts_at: inDays(9, '09:00', salon.timeZone) })
    ).id
  }, 60_000)

  it('adds up money received, visits, no-shows and late cancellations by hand', async () => {
    const overview = await overviewOf(salon.customerId)
    expect(overview.figures).toEqual({
      // 30.00 − 5.00 + 10.00 + 15.00 = 50.00; not the failed attempt, the kept card, the euros
      // or Ben’s 99.00.
      total_spent: { amount_minor: 5000, currency: 'USD' },
      visits_completed: 3,
      no_shows: 1,
      cancellations: 2,
      late_cancellations: 1,
      last_visit_at: new Date(inDays(-2, '10:00', salon.timeZone)).toISOString(),
      cancellation_cutoff_minutes: 2880,
    })
    expect(overview.book_again).toEqual({
      service_id: colourId,
      team_member_id: salon.adminMemberId,
    })
    expect(overview.upcoming.map((visit) => visit.id)).toEqual([ids.soon, ids.later])
    expect(overview.upcoming_total).toBe(2)
  })

  it('measures lateness by the cut-off as it is set now', async () => {
    const shorter = { ...POLICY, cancellation_cutoff_minutes: 60 }
    const changed = await call(
      testApp,
      salon.owner,
      'PUT',
      '/api/v1/settings/booking-policy',
      shorter,
    )
    expect(changed.statusCode, changed.body).toBe(200)
    try {
      const { figures } = await overviewOf(salon.customerId)
      expect(figures.late_cancellations).toBe(0)
      expect(figures.cancellations).toBe(2)
    } finally {
      await call(testApp, salon.owner, 'PUT', '/api/v1/settings/booking-policy', POLICY)
    }
  })

  it('counts only the other customer’s own money and visits for them', async () => {
    const { figures, upcoming, book_again } = await overviewOf(benId)
    expect(figures.total_spent).toEqual({ amount_minor: 9900, currency: 'USD' })
    expect(figures.visits_completed).toBe(1)
    expect(figures.no_shows + figures.cancellations).toBe(0)
    expect(upcoming).toEqual([])
    expect(book_again).toEqual({ service_id: salon.haircutId, team_member_id: salon.staffMemberId })
  })

  it('lists past visits newest first, paged, each with what was received for it', async () => {
    const first = await visitsOf(salon.customerId, 'when=past&limit=4')
    expect(first.total).toBe(6)
    // The cancelled ones lie ahead in time but are history: newest start first.
    expect(first.items.map((visit) => visit.id)).toEqual([
      ids.early,
      ids.late,
      ids.latest,
      ids.noShow,
    ])
    const second = await visitsOf(salon.customerId, 'when=past&limit=4&offset=4')
    expect(second.items.map((visit) => visit.id)).toEqual([ids.deposit, ids.refunded])
    const byId = new Map<string | undefined, (typeof first.items)[number]>(
      [...first.items, ...second.items].map((visit) => [visit.id, visit]),
    )
    expect(byId.get(ids.refunded)?.paid).toEqual({ amount_minor: 2500, currency: 'USD' })
    expect(byId.get(ids.deposit)?.paid).toEqual({ amount_minor: 1000, currency: 'USD' })
    expect(byId.get(ids.latest)?.paid).toBeNull()
    expect(byId.get(ids.latest)).toMatchObject({
      status: 'completed',
      service_id: colourId,
      service_name: 'Colour',
      team_member_id: salon.adminMemberId,
    })
    const upcoming = await visitsOf(salon.customerId, 'when=upcoming')
    expect(upcoming.items.map((visit) => visit.id)).toEqual([ids.soon, ids.later])
    expect((await visitsOf(salon.customerId, 'when=all')).total).toBe(8)
  })

  it('answers 404 for another business’s customer, and for its id in this business', async () => {
    for (const url of [
      `/api/v1/customers/${salon.customerId}/overview`,
      `/api/v1/customers/${salon.customerId}/appointments?when=past`,
      `/api/v1/customers/${salon.customerId}/notes`,
    ]) {
      expectProblem(await call(testApp, other.owner, 'GET', url), 404)
    }
    expectProblem(
      await call(testApp, salon.owner, 'GET', `/api/v1/customers/${other.customerId}/overview`),
      404,
    )
  })

  it('refuses an unknown `when`', async () => {
    expectInvalid(
      await call(
        testApp,
        salon.owner,
        'GET',
        `/api/v1/customers/${salon.customerId}/appointments?when=soon`,
      ),
      'query.when',
    )
  })
})

describe('notes', () => {
  const notesUrl = () => `/api/v1/customers/${benId}/notes`
  const add = (text: unknown, as = salon.owner) => call(testApp, as, 'POST', notesUrl(), { text })

  it('keeps dated, signed notes newest first, paged by cursor, and logs them without their text', async () => {
    const texts = [
      'Prefers mornings',
      'Allergic to latex\nCarries an EpiPen',
      '<b>Tips well</b> & "chats"',
    ]
    const added: CustomerNote[] = []
    for (const [index, text] of texts.entries()) {
      const response = await add(`  ${text}  `, index === 1 ? salon.staff : salon.owner)
      expect(response.statusCode, response.body).toBe(201)
      added.push(response.json<CustomerNote>())
    }
    expect(added[1]).toMatchObject({
      text: 'Allergic to latex\nCarries an EpiPen',
      author_name: 'Profile Staff',
    })
    expect(added[2]?.text).toBe('<b>Tips well</b> & "chats"')

    const first = await call(testApp, salon.staff, 'GET', `${notesUrl()}?limit=2`)
    expect(first.statusCode, first.body).toBe(200)
    const page = first.json<CustomerNotePage>()
    expect(page.items.map((note) => note.text)).toEqual([texts[2], texts[1]])
    expect(page.next_cursor).not.toBeNull()
    const rest = await call(
      testApp,
      salon.staff,
      'GET',
      `${notesUrl()}?limit=2&cursor=${encodeURIComponent(page.next_cursor ?? '')}`,
    )
    const last = rest.json<CustomerNotePage>()
    expect(last.items.map((note) => note.text)).toEqual([texts[0]])
    expect(last.next_cursor).toBeNull()

    const log = await activityFor(testApp, salon.tenantId, benId)
    const about = log.filter((entry) => entry.summary === 'Added a note about Ben Ortiz')
    expect(about).toHaveLength(3)
    expect(JSON.stringify(log)).not.toContain('latex')
  })

  it('refuses blank, too long and missing text, naming the field, and keeps nothing', async () => {
    const before = (await call(testApp, salon.owner, 'GET', notesUrl())).json<CustomerNotePage>()
    expectInvalid(await add('   '), 'body.text')
    expectInvalid(await add(' \n \n '), 'body.text')
    expectInvalid(await add('x'.repeat(2001)), 'body.text')
    expectInvalid(await call(testApp, salon.owner, 'POST', notesUrl(), {}), 'body.text')
    expectInvalid(
      await call(testApp, salon.owner, 'GET', `${notesUrl()}?cursor=not-a-cursor`),
      'query.cursor',
    )
    const after = (await call(testApp, salon.owner, 'GET', notesUrl())).json<CustomerNotePage>()
    expect(after.items).toEqual(before.items)
  })

  it('lets the author and owners delete a note, not other staff, and not across businesses', async () => {
    const byOwner = (await add('Owner’s note')).json<CustomerNote>()
    const byStaff = (await add('Staff’s note', salon.staff)).json<CustomerNote>()
    const url = (note: CustomerNote, customerId = benId) =>
      `/api/v1/customers/${customerId}/notes/${note.id}`
    expectProblem(await call(testApp, salon.staff, 'DELETE', url(byOwner)), 403)
    expectProblem(await call(testApp, other.owner, 'DELETE', url(byStaff)), 404)
    // The note's id under another customer is no note of theirs.
    expectProblem(await call(testApp, salon.owner, 'DELETE', url(byStaff, salon.customerId)), 404)
    expectProblem(
      await call(testApp, other.owner, 'POST', notesUrl(), { text: 'Not my customer' }),
      404,
    )
    expect((await call(testApp, salon.staff, 'DELETE', url(byStaff))).statusCode).toBe(204)
    expect((await call(testApp, salon.owner, 'DELETE', url(byOwner))).statusCode).toBe(204)
    const left = (await call(testApp, salon.owner, 'GET', notesUrl())).json<CustomerNotePage>()
    expect(left.items.map((note) => note.id)).not.toContain(byOwner.id)
    expect(left.items.map((note) => note.id)).not.toContain(byStaff.id)
    const log = await activityFor(testApp, salon.tenantId, benId)
    expect(log.filter((entry) => entry.summary === 'Deleted a note about Ben Ortiz')).toHaveLength(
      2,
    )
  })

  it('exports the notes with the customer’s data and deletes them with an erasure', async () => {
    const customer = await call(testApp, salon.owner, 'POST', '/api/v1/customers', {
      name: 'Cleo Marsh',
    })
    const id = customer.json<{ id: string }>().id
    const url = `/api/v1/customers/${id}/notes`
    expect(
      (await call(testApp, salon.owner, 'POST', url, { text: 'Left-handed' })).statusCode,
    ).toBe(201)
    const exported = await call(testApp, salon.owner, 'GET', `/api/v1/customers/${id}/export`)
    expect(exported.json<{ team_notes: CustomerNote[] }>().team_notes.map((n) => n.text)).toEqual([
      'Left-handed',
    ])
    const erased = await call(testApp, salon.owner, 'POST', `/api/v1/customers/${id}/erase`, {
      confirm_name: 'Cleo Marsh',
    })
    expect(erased.statusCode, erased.body).toBe(200)
    expect((await call(testApp, salon.owner, 'GET', url)).json<CustomerNotePage>().items).toEqual(
      [],
    )
    expectProblem(await call(testApp, salon.owner, 'POST', url, { text: 'Again' }), 409)
  })
})
