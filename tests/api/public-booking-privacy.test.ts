/**
 * An anonymous booking form neither discloses nor changes what the business knows about a
 * customer: anyone can type someone's e-mail address into it. What was typed is kept with the
 * appointment, shown back only to whoever typed it, and shown to staff, who may accept it into
 * the record. A refused booking writes nothing at all: no customer, no activity entry, no e-mail.
 *
 * `npm test` runs it on PostgreSQL (TEST_DATABASE_URL; PGlite when run alone), where the
 * racing bookings below really run side by side.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { activityLog, appointments, customers, notificationOutbox } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { uniqueEmail } from '../support/api/emulator-users.ts'
import { outboxFor } from '../support/api/outbox.ts'
import {
  bookingBody,
  bookPublicly,
  publicCall,
  setUpPublicBookingWorld,
} from '../support/api/public-booking.ts'
import { activityFor, call, expectInvalid, expectProblem } from '../support/api/team-business.ts'

type Appointment = components['schemas']['Appointment']
type Customer = components['schemas']['Customer']
type PublicAppointment = components['schemas']['PublicAppointment']

const world = setUpPublicBookingWorld('Discreet')
const { freshDay, at: local } = world

const postPublic = (path: string, body: object, headers: Record<string, string> = {}) =>
  publicCall(world.testApp, 'POST', path, { business: world.salonSlug, body, headers })
const manage = (id: string, token: string) =>
  publicCall(world.testApp, 'GET', `/api/v1/public/appointments/${id}`, {
    business: world.salonSlug,
    headers: { 'x-manage-token': token },
  })
const changePublicly = (id: string, action: 'reschedule' | 'cancel', token: string, body: object) =>
  postPublic(`/api/v1/public/appointments/${id}/${action}`, body, { 'x-manage-token': token })
const accept = (id: string, body: object, user = world.salon.owner) =>
  call(world.testApp, user, 'POST', `/api/v1/appointments/${id}/submitted-details/accept`, body)

/** A customer the business keeps, with details a stranger must neither see nor change. */
async function storedCustomer(): Promise<Customer> {
  const response = await call(world.testApp, world.salon.owner, 'POST', '/api/v1/customers', {
    name: 'Alice Stored',
    email: uniqueEmail('alice'),
    notes: 'Owes 40 EUR from March',
    tags: ['vip'],
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Customer>()
}

async function customerNow(id: string): Promise<Customer> {
  const response = await call(world.testApp, world.salon.owner, 'GET', `/api/v1/customers/${id}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Customer>()
}

async function staffView(id: string): Promise<Appointment> {
  const response = await call(world.testApp, world.salon.owner, 'GET', `/api/v1/appointments/${id}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Appointment>()
}

/** What a stranger types: another name, a phone and a zone the record lacks, the e-mail in capitals. */
function strangerBody(target: Customer, startsAt: string, overrides: object = {}) {
  return bookingBody(world.salon, startsAt, {
    customer: { name: 'Mallory Typed', email: target.email?.toUpperCase(), phone: '+1 555 0199' },
    time_zone: 'America/New_York',
    notes: 'Please be quick',
    ...overrides,
  })
}

/** Nothing of the stored record may be in a public answer or a customer's e-mail. */
function expectNothingStored(text: string) {
  expect(text).not.toContain('Alice Stored')
  expect(text).not.toContain('Owes 40 EUR')
  expect(text).not.toContain('vip')
}

/** The ids of every row a booking could leave behind in the business. */
async function footprint(tenantId: string) {
  const ids = async (
    table: typeof customers | typeof activityLog | typeof notificationOutbox | typeof appointments,
  ) =>
    (
      await world.testApp.database.db
        .select({ id: table.id })
        .from(table)
        .where(eq(table.tenantId, tenantId))
    ).map((row) => row.id)
  return {
    customers: await ids(customers),
    activity: await ids(activityLog),
    outbox: await ids(notificationOutbox),
    appointments: await ids(appointments),
  }
}

type Footprint = Awaited<ReturnType<typeof footprint>>

/** The rows written since `before`, table by table. */
async function writtenSince(tenantId: string, before: Footprint): Promise<Footprint> {
  const after = await footprint(tenantId)
  const fresh = (now: string[], then: string[]) => now.filter((id) => !then.includes(id))
  return {
    customers: fresh(after.customers, before.customers),
    activity: fresh(after.activity, before.activity),
    outbox: fresh(after.outbox, before.outbox),
    appointments: fresh(after.appointments, before.appointments),
  }
}

const nothing: Footprint = { customers: [], activity: [], outbox: [], appointments: [] }

describe("booking with an existing customer's e-mail", () => {
  it('answers with only what was typed and leaves the record exactly as it was', async () => {
    const alice = await storedCustomer()
    const before = await footprint(world.salon.tenantId)
    const day = freshDay()
    const body = strangerBody(alice, local(day, '10:00'))
    const response = await postPublic('/api/v1/public/bookings', body)
    expect(response.statusCode, response.body).toBe(201)
    expectNothingStored(response.body)
    const { appointment, manage_token } = response.json<{
      appointment: PublicAppointment
      manage_token: string
    }>()
    expect(appointment).toMatchObject({
      customer_name: 'Mallory Typed',
      customer_email: body.customer.email,
      notes: 'Please be quick',
    })

    // Untouched: name, phone, time zone, notes, tags, even updated_at.
    expect(await customerNow(alice.id)).toEqual(alice)
    const written = await writtenSince(world.salon.tenantId, before)
    expect(written.customers).toEqual([])
    const entries = await world.testApp.database.db
      .select()
      .from(activityLog)
      .where(inArray(activityLog.id, written.activity))
    expect(entries.map((entry) => [entry.entityType, entry.action])).toEqual([
      ['appointment', 'created'],
    ])
    // The visitor as typed, filed under the record the e-mail matched.
    expect(entries[0]).toMatchObject({
      actorUid: `customer:${alice.id}`,
      actorName: 'Mallory Typed (customer)',
    })

    // Kept with the appointment, which is filed under the stored customer.
    const [row] = await world.testApp.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, appointment.id))
    expect(row).toMatchObject({
      customerId: alice.id,
      submittedName: 'Mallory Typed',
      submittedEmail: body.customer.email,
      submittedPhone: '+1 555 0199',
      customerTimeZone: 'America/New_York',
      submittedNotes: 'Please be quick',
    })

    // The customer's e-mail greets whoever typed the form, and holds nothing stored.
    const mail = await outboxFor(world.testApp, appointment.id, { recipient: 'customer' })
    expect(mail).toHaveLength(1)
    expect(mail[0]?.bodyText).toContain('Hello Mallory Typed,')
    expectNothingStored(`${mail[0]?.subject}\n${mail[0]?.bodyText}\n${mail[0]?.ics}`)

    // The manage page and its invitation file say the same.
    const shown = await manage(appointment.id, manage_token)
    expect(shown.json<PublicAppointment>()).toEqual(appointment)
    expectNothingStored(shown.body)
    const invitation = await publicCall(
      world.testApp,
      'GET',
      `/api/v1/public/appointments/${appointment.id}/invitation.ics?token=${manage_token}`,
      { business: world.salonSlug },
    )
    expect(invitation.statusCode, invitation.body).toBe(200)
    expectNothingStored(invitation.body)
  })

  it('moves and cancels through the manage link without revealing the record', async () => {
    const alice = await storedCustomer()
    const day = freshDay()
    const booked = await bookPublicly(
      world.testApp,
      world.salonSlug,
      strangerBody(alice, local(day, '10:00')),
    )
    const id = booked.appointment.id
    // The team's own notes on the appointment stay the team's.
    const noted = await call(
      world.testApp,
      world.salon.owner,
      'PATCH',
      `/api/v1/appointments/${id}`,
      {
        notes: 'Team only: ask about the unpaid invoice',
      },
    )
    expect(noted.statusCode, noted.body).toBe(200)

    const moved = await changePublicly(id, 'reschedule', booked.manage_token, {
      starts_at: local(day, '14:00'),
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expectNothingStored(moved.body)
    expect(moved.body).not.toContain('unpaid invoice')
    expect(moved.json<PublicAppointment>()).toMatchObject({
      customer_name: 'Mallory Typed',
      notes: 'Please be quick',
    })

    const cancelled = await changePublicly(id, 'cancel', booked.manage_token, { reason: 'Busy' })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expectNothingStored(cancelled.body)
    expect(cancelled.json<PublicAppointment>().customer_name).toBe('Mallory Typed')

    const mails = await outboxFor(world.testApp, id, { recipient: 'customer' }).orderBy(
      asc(notificationOutbox.createdAt),
    )
    expect(mails.map((mail) => mail.kind)).toEqual(['confirmation', 'reschedule', 'cancellation'])
    for (const mail of mails) expectNothingStored(`${mail.bodyText}\n${mail.ics}`)
    expect(await customerNow(alice.id)).toEqual(alice)
  })

  it('leaves a record that has a phone and time zone alone too, and shows staff the differences', async () => {
    const alice = await storedCustomer()
    const filled = await call(
      world.testApp,
      world.salon.owner,
      'PATCH',
      `/api/v1/customers/${alice.id}`,
      {
        phone: '+49 30 5550000',
        time_zone: 'Europe/Berlin',
      },
    )
    expect(filled.statusCode, filled.body).toBe(200)
    const record = filled.json<Customer>()
    const booked = await bookPublicly(
      world.testApp,
      world.salonSlug,
      strangerBody(alice, local(freshDay(), '10:00')),
    )
    expect(JSON.stringify(booked)).not.toContain('5550000')
    expect(await customerNow(alice.id)).toEqual(record)

    const seen = await staffView(booked.appointment.id)
    expect(seen.customer_name).toBe('Alice Stored')
    expect(seen.submitted_details).toEqual([
      { field: 'name', submitted: 'Mallory Typed', on_record: 'Alice Stored' },
      { field: 'phone', submitted: '+1 555 0199', on_record: '+49 30 5550000' },
      { field: 'time_zone', submitted: 'America/New_York', on_record: 'Europe/Berlin' },
    ])
  })

  it('shows staff nothing to accept for a new customer, a matching visitor or a staff booking', async () => {
    const fresh = await bookPublicly(
      world.testApp,
      world.salonSlug,
      bookingBody(world.salon, local(freshDay(), '10:00')),
    )
    expect((await staffView(fresh.appointment.id)).submitted_details).toEqual([])

    // The same person again, the phone punctuated otherwise: nothing differs.
    const again = await bookPublicly(
      world.testApp,
      world.salonSlug,
      bookingBody(world.salon, local(freshDay(), '10:00'), {
        customer: {
          name: 'Mia Public',
          email: fresh.appointment.customer_email,
          phone: '+49 (30) 123-456',
        },
      }),
    )
    expect((await staffView(again.appointment.id)).submitted_details).toEqual([])

    const byStaff = await call(world.testApp, world.salon.owner, 'POST', '/api/v1/appointments', {
      service_id: world.salon.haircutId,
      customer_id: world.salon.customerId,
      team_member_id: world.salon.staffMemberId,
      starts_at: local(freshDay(), '10:00'),
    })
    expect(byStaff.statusCode, byStaff.body).toBe(201)
    expect(byStaff.json<Appointment>().submitted_details).toEqual([])
  })
})

describe('staff accepting what was typed', () => {
  it('copies the chosen details into the record, logged as their change; a repeat changes nothing', async () => {
    const alice = await storedCustomer()
    const booked = await bookPublicly(
      world.testApp,
      world.salonSlug,
      strangerBody(alice, local(freshDay(), '10:00')),
    )
    const id = booked.appointment.id

    // A staff member may change customers: they take the phone, and only the phone.
    const phone = await accept(id, { fields: ['phone'] }, world.salon.staff)
    expect(phone.statusCode, phone.body).toBe(200)
    expect(phone.json<Appointment>().submitted_details.map((detail) => detail.field)).toEqual([
      'name',
      'time_zone',
    ])
    expect(await customerNow(alice.id)).toMatchObject({
      name: 'Alice Stored',
      phone: '+1 555 0199',
      time_zone: null,
    })
    const [entry] = await activityFor(world.testApp, world.salon.tenantId, alice.id)
    expect(entry).toMatchObject({
      entityType: 'customer',
      action: 'updated',
      actorUid: world.salon.staff.uid,
      changes: [{ field: 'phone', before: null, after: '+1 555 0199' }],
    })

    const repeat = await accept(id, { fields: ['phone'] }, world.salon.staff)
    expect(repeat.statusCode, repeat.body).toBe(200)
    expect(await activityFor(world.testApp, world.salon.tenantId, alice.id)).toHaveLength(2)

    const rest = await accept(id, { fields: ['name', 'time_zone'] })
    expect(rest.statusCode, rest.body).toBe(200)
    expect(rest.json<Appointment>()).toMatchObject({
      customer_name: 'Mallory Typed',
      submitted_details: [],
    })
    expect(await customerNow(alice.id)).toMatchObject({
      name: 'Mallory Typed',
      phone: '+1 555 0199',
      time_zone: 'America/New_York',
      notes: alice.notes,
      tags: alice.tags,
    })
    const [renamed] = await activityFor(world.testApp, world.salon.tenantId, alice.id)
    expect(renamed).toMatchObject({
      action: 'updated',
      actorUid: world.salon.owner.uid,
      changes: [
        { field: 'name', before: 'Alice Stored', after: 'Mallory Typed' },
        { field: 'time_zone', before: null, after: 'America/New_York' },
      ],
    })
  })

  it("answers 404 for another business's appointment or an unknown id, and changes nothing", async () => {
    const alice = await storedCustomer()
    const booked = await bookPublicly(
      world.testApp,
      world.salonSlug,
      strangerBody(alice, local(freshDay(), '10:00')),
    )
    const id = booked.appointment.id
    expectProblem(await accept(id, { fields: ['name'] }, world.other.owner), 404)
    expectProblem(await accept(randomUUID(), { fields: ['name'] }), 404)
    expect(await customerNow(alice.id)).toEqual(alice)
    expect((await staffView(id)).submitted_details).toHaveLength(3)
  })

  it('names the field of a bad request', async () => {
    const booked = await bookPublicly(
      world.testApp,
      world.salonSlug,
      bookingBody(world.salon, local(freshDay(), '10:00')),
    )
    const id = booked.appointment.id
    expectInvalid(await accept(id, { fields: [] }), 'body.fields')
    expectInvalid(await accept(id, { fields: ['email'] }), 'body.fields.0')
    expectInvalid(await accept(id, {}), 'body.fields')
  })
})

describe('a refused booking leaves nothing behind', () => {
  it('outside working hours, in a break, or on a taken time: no customer, no activity entry, no e-mail', async () => {
    const day = freshDay()
    const taken = await call(world.testApp, world.salon.owner, 'POST', '/api/v1/appointments', {
      service_id: world.salon.haircutId,
      customer_id: world.salon.customerId,
      team_member_id: world.salon.staffMemberId,
      starts_at: local(day, '15:00'),
    })
    expect(taken.statusCode, taken.body).toBe(201)
    const alice = await storedCustomer()
    const before = await footprint(world.salon.tenantId)
    // Each refused with its own reason: hours and breaks are never "just taken".
    const reasons = [
      ['19:00', 400, '/problems/outside-working-hours'],
      ['12:15', 400, '/problems/outside-working-hours'],
      ['15:00', 409, '/problems/slot-taken'],
    ] as const
    for (const [time, status, type] of reasons) {
      for (const customer of [
        { name: 'Nora New', email: uniqueEmail('refused') },
        { name: 'Mallory Typed', email: alice.email },
      ]) {
        const refused = await postPublic(
          '/api/v1/public/bookings',
          bookingBody(world.salon, local(day, time), { customer }),
        )
        expect(expectProblem(refused, status).type).toBe(type)
      }
    }
    expect(await writtenSince(world.salon.tenantId, before)).toEqual(nothing)
    expect(await customerNow(alice.id)).toEqual(alice)
  })
})

describe('many visitors book the same time at once', () => {
  const RACERS = 12

  it('one booking is made: one new customer, one set of activity entries and e-mails; the others leave nothing', async () => {
    for (let round = 0; round < 3; round++) {
      const startsAt = local(freshDay(), '11:00')
      const before = await footprint(world.salon.tenantId)
      const emails = Array.from({ length: RACERS }, () => uniqueEmail('racer'))
      const responses = await Promise.all(
        emails.map((email, n) =>
          postPublic(
            '/api/v1/public/bookings',
            bookingBody(world.salon, startsAt, { customer: { name: `Racer ${n}`, email } }),
            { 'idempotency-key': randomUUID() },
          ),
        ),
      )
      const winner = expectOneWinner(responses, round)
      const written = await writtenSince(world.salon.tenantId, before)
      expect(written.appointments).toEqual([winner.id])
      const [customer] = await world.testApp.database.db
        .select()
        .from(customers)
        .where(inArray(customers.id, written.customers))
      expect(written.customers).toHaveLength(1)
      expect(customer?.email).toBe(winner.customer_email)
      await expectOneBookingsWrites(written, customer?.id as string, winner.id)
    }
  }, 120_000)

  it('"any available": each free member takes one; one customer per booking made, none for the rest', async () => {
    const members = [
      world.salon.ownerMemberId,
      world.salon.adminMemberId,
      world.salon.staffMemberId,
    ].sort()
    const startsAt = local(freshDay(), '11:00')
    const before = await footprint(world.salon.tenantId)
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, n) =>
        postPublic(
          '/api/v1/public/bookings',
          bookingBody(world.salon, startsAt, {
            team_member_id: null,
            customer: { name: `Anyone ${n}`, email: uniqueEmail('anyone') },
          }),
        ),
      ),
    )
    const made = responses.filter((response) => response.statusCode === 201)
    const booked = made.map((response) => response.json<{ appointment: PublicAppointment }>())
    expect(booked.map((entry) => entry.appointment.team_member.id).sort()).toEqual(members)
    for (const response of responses) {
      if (response.statusCode !== 201) expectProblem(response, 409)
    }
    const written = await writtenSince(world.salon.tenantId, before)
    expect(written.customers).toHaveLength(members.length)
    expect(written.appointments).toHaveLength(members.length)
    expect(written.activity).toHaveLength(2 * members.length)
  }, 60_000)

  it('one new e-mail booking several members at once is one customer, created once', async () => {
    const email = uniqueEmail('twice')
    const before = await footprint(world.salon.tenantId)
    const startsAt = local(freshDay(), '10:00')
    // Different members: no schedule lock in common, so on PostgreSQL the inserts of the new
    // customer really meet, and all but one find the record the first one created.
    const responses = await Promise.all(
      [world.salon.ownerMemberId, world.salon.adminMemberId, world.salon.staffMemberId].map(
        (teamMemberId) =>
          postPublic(
            '/api/v1/public/bookings',
            bookingBody(world.salon, startsAt, {
              team_member_id: teamMemberId,
              customer: { name: 'Tess Twice', email },
            }),
          ),
      ),
    )
    for (const response of responses) expect(response.statusCode, response.body).toBe(201)
    const written = await writtenSince(world.salon.tenantId, before)
    expect(written.customers).toHaveLength(1)
    const signups = await world.testApp.database.db
      .select()
      .from(activityLog)
      .where(and(inArray(activityLog.id, written.activity), eq(activityLog.entityType, 'customer')))
    expect(signups).toHaveLength(1)
    expect(signups[0]).toMatchObject({ action: 'created', entityId: written.customers[0] })
  }, 60_000)
})

/** Exactly one 201; every other answer the public 409 that names nobody. */
function expectOneWinner(responses: LightMyRequestResponse[], round: number): PublicAppointment {
  const codes = responses.map((response) => response.statusCode).join(' ')
  const made = responses.filter((response) => response.statusCode === 201)
  expect(made, `round ${round}: ${codes}`).toHaveLength(1)
  for (const response of responses) {
    if (response.statusCode === 201) continue
    expect(expectProblem(response, 409).type).toBe('/problems/slot-taken')
  }
  const [winner] = made
  if (!winner) throw new Error('No booking was made.')
  return winner.json<{ appointment: PublicAppointment }>().appointment
}

/** The winner's customer sign-up and booking entries, and its e-mails, and nothing else. */
async function expectOneBookingsWrites(written: Footprint, customerId: string, winnerId: string) {
  const entries = await world.testApp.database.db
    .select()
    .from(activityLog)
    .where(inArray(activityLog.id, written.activity))
  expect(
    entries.map((entry) => `${entry.entityType} ${entry.action} ${entry.entityId}`).sort(),
  ).toEqual([`appointment created ${winnerId}`, `customer created ${customerId}`])
  const mails = await world.testApp.database.db
    .select()
    .from(notificationOutbox)
    .where(inArray(notificationOutbox.id, written.outbox))
  expect(mails.every((mail) => mail.appointmentId === winnerId)).toBe(true)
  expect(mails.map((mail) => mail.recipient).sort()).toEqual(['customer', 'team_member'])
}
