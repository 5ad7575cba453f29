import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asc, count, eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notificationOutbox, tenantSettings } from '../../server/db/schema.ts'
import { deliverDueMessages } from '../../server/jobs/outbox-delivery.ts'
import { pruneSentMessages } from '../../server/jobs/outbox-retention.ts'
import { createMailer } from '../../server/notifications/mailer.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { uniqueEmail } from '../support/api/emulator-users.ts'
import { type MimePart, mimeParts } from '../support/api/mime.ts'
import { outboxFor } from '../support/api/outbox.ts'
import { addBookingCustomer, setUpSchedulingWorld } from '../support/api/scheduling-business.ts'
import { call } from '../support/api/team-business.ts'

// E-mails about appointments: what booking, moving and cancelling queue in the outbox, and
// their delivery to a real SMTP server or, without one, as .eml files.

type Appointment = components['schemas']['Appointment']
type OutboxRow = typeof notificationOutbox.$inferSelect

const PUBLIC_URL = 'https://book.example.test'

interface ReceivedMail {
  to: string[]
  raw: string
}

let smtp: SMTPServer
const received: ReceivedMail[] = []
let smtpUrl: string
let customerEmail: string
let staffEmail: string

// Registered before the app's set-up, so the server is up before the app and closes after it.
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce-')) {
        callback(new Error('550 No such mailbox'))
      } else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()))
})

const world = setUpSchedulingWorld({
  label: 'Mail',
  appOptions: () => ({
    publicBooking: {
      secret: 'a notifications test secret of enough length',
      publicUrl: PUBLIC_URL,
    },
    // The timer never fires during the tests: they run the jobs themselves.
    jobs: { intervalMs: 3_600_000, smtpUrl, outboxDir: join(tmpdir(), 'unused-outbox') },
  }),
})
const { at, freshDay } = world

beforeAll(async () => {
  customerEmail = uniqueEmail('ana')
  await addBookingCustomer(world.testApp, world.salon, { name: 'Ana Mail', email: customerEmail })
  staffEmail = world.salon.staff.email
})

function outboxOf(appointmentId: string): Promise<OutboxRow[]> {
  return outboxFor(world.testApp, appointmentId).orderBy(
    asc(notificationOutbox.createdAt),
    asc(notificationOutbox.recipient),
  )
}

function parseCalendar(text: string | null) {
  if (!text) throw new Error('no calendar')
  const calendar = new ICAL.Component(ICAL.parse(text))
  const vevent = calendar.getFirstSubcomponent('vevent')
  if (!vevent) throw new Error('no VEVENT')
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    status: vevent.getFirstPropertyValue('status'),
    start: new ICAL.Event(vevent).startDate.toJSDate().toISOString(),
    attendee: vevent.getFirstPropertyValue('attendee'),
  }
}

async function outboxCount(): Promise<number> {
  const [row] = await world.testApp.database.db
    .select({ n: count() })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.tenantId, world.salon.tenantId))
  return row?.n ?? 0
}

const bookForStaff = (day: number, time = '10:00'): Promise<Appointment> =>
  world.api.booked(world.salon.owner, {
    team_member_id: world.salon.staffMemberId,
    starts_at: at(day, time),
  })

const patch = (id: string, body: object) =>
  call(world.testApp, world.salon.owner, 'PATCH', `/api/v1/appointments/${id}`, body)

const cancel = (id: string, reason = 'Stylist is ill') =>
  call(world.testApp, world.salon.owner, 'POST', `/api/v1/appointments/${id}/cancel`, { reason })

describe('queued with the change', () => {
  it('a staff booking queues a confirmation with an invitation for the customer and the member', async () => {
    const appointment = await bookForStaff(freshDay())
    const rows = await outboxOf(appointment.id)

    expect(rows.map((row) => [row.kind, row.recipient, row.toAddress, row.status])).toEqual([
      ['confirmation', 'customer', customerEmail, 'pending'],
      ['confirmation', 'team_member', staffEmail, 'pending'],
    ])
    const [toCustomer, toMember] = rows as [OutboxRow, OutboxRow]
    const link = new RegExp(
      `${PUBLIC_URL}/booking/event/${appointment.id}\\?business=[a-z0-9-]+&token=([A-Za-z0-9_-]{43})`,
    ).exec(toCustomer.bodyText)
    expect(link, toCustomer.bodyText).not.toBeNull()
    expect(
      world.testApp.app.parts.publicBooking.tokens.isManageToken(appointment.id, link?.[1] ?? ''),
    ).toBe(true)
    expect(toMember.bodyText).not.toContain('token=')
    for (const row of rows) {
      expect(parseCalendar(row.ics)).toMatchObject({
        method: 'REQUEST',
        uid: `${appointment.id}@slotwise`,
        sequence: 0,
        status: 'CONFIRMED',
        start: appointment.starts_at,
      })
    }
    expect(parseCalendar(toCustomer.ics).attendee).toBe(`mailto:${customerEmail}`)
    expect(parseCalendar(toMember.ics).attendee).toBe(`mailto:${staffEmail}`)
  })

  it('a move raises the SEQUENCE of the same event; a change of notes alone sends nothing; a cancellation is METHOD CANCEL', async () => {
    const day = freshDay()
    const appointment = await bookForStaff(day)
    expect((await patch(appointment.id, { starts_at: at(day, '14:00') })).statusCode).toBe(200)
    expect((await patch(appointment.id, { notes: 'Bring photos' })).statusCode).toBe(200)
    expect((await cancel(appointment.id)).statusCode).toBe(200)

    const rows = await outboxOf(appointment.id)
    expect(rows.map((row) => [row.kind, row.recipient])).toEqual([
      ['confirmation', 'customer'],
      ['confirmation', 'team_member'],
      ['reschedule', 'customer'],
      ['reschedule', 'team_member'],
      ['cancellation', 'customer'],
      ['cancellation', 'team_member'],
    ])
    const calendars = rows.map((row) => parseCalendar(row.ics))
    expect(new Set(calendars.map((calendar) => calendar.uid))).toEqual(
      new Set([`${appointment.id}@slotwise`]),
    )
    expect(calendars.map((c) => [c.method, c.sequence, c.status])).toEqual([
      ['REQUEST', 0, 'CONFIRMED'],
      ['REQUEST', 0, 'CONFIRMED'],
      ['REQUEST', 1, 'CONFIRMED'],
      ['REQUEST', 1, 'CONFIRMED'],
      ['CANCEL', 2, 'CANCELLED'],
      ['CANCEL', 2, 'CANCELLED'],
    ])
    expect(calendars[2]?.start).toBe(at(day, '14:00'))
    expect(rows[4]?.bodyText).toContain('Reason: Stylist is ill')
  })

  it('handing an appointment to another member cancels it in the old calendar and invites the new', async () => {
    const appointment = await bookForStaff(freshDay())
    const moved = await patch(appointment.id, { team_member_id: world.salon.adminMemberId })
    expect(moved.statusCode, moved.body).toBe(200)

    // The first two rows are the booking's confirmations.
    const rows = (await outboxOf(appointment.id)).slice(2)
    const summary = rows.map((row) => {
      const calendar = parseCalendar(row.ics)
      return [row.kind, row.toAddress, calendar.method, calendar.sequence, calendar.status]
    })
    expect(summary).toHaveLength(3)
    expect(summary).toEqual(
      expect.arrayContaining([
        ['reschedule', customerEmail, 'REQUEST', 1, 'CONFIRMED'],
        ['cancellation', staffEmail, 'CANCEL', 1, 'CANCELLED'],
        ['confirmation', world.salon.admin.email, 'REQUEST', 1, 'CONFIRMED'],
      ]),
    )
    expect(rows.find((row) => row.kind === 'cancellation')?.bodyText).toContain(
      'Reason: Moved to Mail Admin',
    )
  })

  it('writes to the member only when the business has customer e-mails turned off', async () => {
    await world.testApp.database.db
      .update(tenantSettings)
      .set({ confirmationEmail: false })
      .where(eq(tenantSettings.tenantId, world.salon.tenantId))
    try {
      const appointment = await bookForStaff(freshDay())
      expect((await cancel(appointment.id)).statusCode).toBe(200)
      const rows = await outboxOf(appointment.id)
      expect(rows.map((row) => [row.kind, row.recipient])).toEqual([
        ['confirmation', 'team_member'],
        ['cancellation', 'team_member'],
      ])
    } finally {
      await world.testApp.database.db
        .update(tenantSettings)
        .set({ confirmationEmail: true })
        .where(eq(tenantSettings.tenantId, world.salon.tenantId))
    }
  })

  it('a booking refused for a clash queues nothing', async () => {
    const day = freshDay()
    await bookForStaff(day)
    const before = await outboxCount()
    const clash = await world.api.book(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(day, '10:15'),
    })
    expect(clash.statusCode).toBe(409)
    expect(await outboxCount()).toBe(before)
  })
})

describe('delivery', () => {
  it('sends over SMTP with the invitation as a text/calendar alternative and an .ics attachment', async () => {
    const appointment = await bookForStaff(freshDay())
    const jobs = world.testApp.app.backgroundJobs
    if (!jobs) throw new Error('the jobs are not running')

    const run = await jobs.runOnce()
    expect(run.delivery.sent).toBeGreaterThanOrEqual(2)
    const mail = received.find(
      (message) =>
        message.to.includes(customerEmail) && message.raw.includes(`${appointment.id}@slotwise`),
    )
    if (!mail) throw new Error(`no e-mail to ${customerEmail} about ${appointment.id}`)
    const parts = mimeParts(mail.raw)
    const partOf = (type: string): MimePart => {
      const part = parts.find((candidate) => candidate.headers['content-type']?.startsWith(type))
      if (!part) throw new Error(`no ${type} part`)
      return part
    }
    expect(partOf('text/plain').body).toContain(`${PUBLIC_URL}/booking/event/${appointment.id}`)
    expect(partOf('text/calendar').headers['content-type']).toMatch(/method=REQUEST/)
    const attachment = partOf('application/ics')
    expect(attachment.headers['content-disposition']).toMatch(/attachment/)
    expect(parseCalendar(attachment.body)).toMatchObject({
      method: 'REQUEST',
      uid: `${appointment.id}@slotwise`,
      start: appointment.starts_at,
    })
    expect(parseCalendar(partOf('text/calendar').body).uid).toBe(`${appointment.id}@slotwise`)

    const rows = await outboxOf(appointment.id)
    expect(rows.map((row) => [row.status, row.attempts, row.sentAt !== null])).toEqual([
      ['sent', 1, true],
      ['sent', 1, true],
    ])
    const before = received.length
    await jobs.runOnce()
    expect(received.length).toBe(before)
  })

  it('tries a refused message again later, and gives up after the last attempt', async () => {
    const bounce = await call(world.testApp, world.salon.owner, 'POST', '/api/v1/customers', {
      name: 'Bea Bounce',
      email: uniqueEmail('bounce'),
    })
    const appointment = await world.api.booked(world.salon.owner, {
      team_member_id: world.salon.staffMemberId,
      starts_at: at(freshDay(), '10:00'),
      customer_id: bounce.json<{ id: string }>().id,
    })
    const mailer = createMailer({ smtpUrl, outboxDir: tmpdir(), from: 'test@slotwise.test' })
    const now = Date.now()
    const customerRow = async () =>
      (await outboxOf(appointment.id)).find((row) => row.recipient === 'customer') as OutboxRow
    try {
      await deliverDueMessages(world.testApp.database, mailer, {
        publicUrl: PUBLIC_URL,
        now,
        maxAttempts: 2,
      })
      const first = await customerRow()
      expect(first).toMatchObject({ status: 'pending', attempts: 1 })
      expect(first.lastError).toMatch(/No such mailbox/)
      expect(first.nextAttemptAt.getTime()).toBe(now + 5 * 60_000)

      await deliverDueMessages(world.testApp.database, mailer, {
        publicUrl: PUBLIC_URL,
        now: now + 60_000,
        maxAttempts: 2,
      })
      expect((await customerRow()).attempts).toBe(1)

      const last = await deliverDueMessages(world.testApp.database, mailer, {
        publicUrl: PUBLIC_URL,
        now: now + 5 * 60_000,
        maxAttempts: 2,
      })
      expect(last.failed).toBe(1)
      expect(await customerRow()).toMatchObject({ status: 'failed', attempts: 2 })
    } finally {
      mailer.close()
    }
  })

  it('writes .eml files when there is no SMTP server', async () => {
    const appointment = await bookForStaff(freshDay())
    expect((await cancel(appointment.id)).statusCode).toBe(200)
    const outboxDir = await mkdtemp(join(tmpdir(), 'slotwise-outbox-'))
    const mailer = createMailer({ outboxDir, from: 'test@slotwise.test' })
    try {
      await deliverDueMessages(world.testApp.database, mailer, { publicUrl: PUBLIC_URL })
      const rows = await outboxOf(appointment.id)
      expect(rows.every((row) => row.status === 'sent')).toBe(true)
      const files = await readdir(outboxDir)
      for (const row of rows) expect(files).toContain(`${row.id}.eml`)

      const cancellation = rows.find(
        (row) => row.kind === 'cancellation' && row.recipient === 'customer',
      ) as OutboxRow
      const raw = await readFile(join(outboxDir, `${cancellation.id}.eml`), 'utf8')
      const parts = mimeParts(raw)
      const calendar = parts.find((part) =>
        part.headers['content-type']?.startsWith('text/calendar'),
      )
      expect(calendar?.headers['content-type']).toMatch(/method=CANCEL/)
      expect(parseCalendar(calendar?.body ?? null)).toMatchObject({
        method: 'CANCEL',
        status: 'CANCELLED',
        sequence: 1,
      })
      expect(raw).toMatch(new RegExp(`^To: ${customerEmail}`, 'm'))
    } finally {
      mailer.close()
      await rm(outboxDir, { recursive: true, force: true })
    }
  })
})

describe('retention', () => {
  it('deletes messages sent more than 30 days ago, and keeps newer, pending and failed ones', async () => {
    const old = await bookForStaff(freshDay())
    const recent = await bookForStaff(freshDay())
    const unsent = await bookForStaff(freshDay())
    const now = Date.now()
    const mark = (appointmentId: string, values: Partial<OutboxRow>) =>
      world.testApp.database.db
        .update(notificationOutbox)
        .set(values)
        .where(eq(notificationOutbox.appointmentId, appointmentId))
    await mark(old.id, { status: 'sent', sentAt: new Date(now - 31 * 86_400_000) })
    await mark(recent.id, { status: 'sent', sentAt: new Date(now - 29 * 86_400_000) })
    await mark(unsent.id, { status: 'failed' })

    expect(await pruneSentMessages(world.testApp.database, { now })).toBeGreaterThanOrEqual(2)
    expect(await outboxOf(old.id)).toEqual([])
    expect(await outboxOf(recent.id)).toHaveLength(2)
    expect(await outboxOf(unsent.id)).toHaveLength(2)
  })
})
