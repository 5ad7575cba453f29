import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from '../../scripts/lib/smtp-inbox.ts'
import {
  type notificationOutbox,
  services,
  teamMembers,
  tenantSettings,
  tenants,
} from '../../server/db/schema.ts'
import { brandPair } from '../../shared/brand-colours.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { uniqueEmail } from '../support/api/emulator-users.ts'
import { type MimePart, mimeParts } from '../support/api/mime.ts'
import { outboxFor } from '../support/api/outbox.ts'
import { bookingBody, bookPublicly, slugOf } from '../support/api/public-booking.ts'
import { setUpSchedulingWorld } from '../support/api/scheduling-business.ts'
import { call } from '../support/api/team-business.ts'
import {
  attributes,
  bandName,
  expectOnlyOurTags,
  visibleParagraphs,
} from '../support/unit/email-html.ts'
import { png } from '../support/unit/images.ts'

// The HTML part of a customer's e-mails: the business's colour and logo around the words of
// the plain-text part, in the customer's language, with every value escaped; the text part and
// the invitation stay as they were, and e-mails to staff stay plain text.

type Logo = components['schemas']['Logo']
type OutboxRow = typeof notificationOutbox.$inferSelect

const PUBLIC_URL = 'https://book.example.test'
const BRAND = '#0e7490'

const HOSTILE = {
  business: 'Harbor <script>alert("b")</script> & "Co"',
  address: "1 Main St <img src=x onerror=alert(1)> & 'Sons'",
  service: 'Cut </td><a href="https://evil.test">win</a>',
  member: 'Sam "<b>" & Co',
  customer: '<script>steal()</script> "Ana" & O\'Brien',
  reason: '<iframe src="https://evil.test"></iframe> & "gone"',
}

let inbox: SmtpInbox
// Registered before the world's set-up, so the server is up before the app and stops after it.
beforeAll(async () => {
  inbox = await startSmtpInbox()
})
afterAll(async () => {
  await inbox?.stop()
})

const world = setUpSchedulingWorld({
  label: 'Letterhead',
  appOptions: () => ({
    publicBooking: { secret: 'a letterhead test secret of enough length', publicUrl: PUBLIC_URL },
    // The timer never fires during the tests: they run the jobs themselves.
    jobs: { intervalMs: 3_600_000, smtpUrl: inbox.smtpUrl, outboxDir: join(tmpdir(), 'unused') },
  }),
})

let logoUrl: string

beforeAll(async () => {
  const { db } = world.testApp.database
  const tenantId = world.salon.tenantId
  await db
    .update(tenants)
    .set({ name: HOSTILE.business, address: HOSTILE.address })
    .where(eq(tenants.id, tenantId))
  await db
    .update(tenantSettings)
    .set({ brandColor: BRAND })
    .where(eq(tenantSettings.tenantId, tenantId))
  await db
    .update(services)
    .set({ name: HOSTILE.service })
    .where(eq(services.id, world.salon.haircutId))
  await db
    .update(teamMembers)
    .set({ name: HOSTILE.member })
    .where(eq(teamMembers.id, world.salon.staffMemberId))
  const upload = await world.testApp.app.inject({
    method: 'PUT',
    url: '/api/v1/settings/appearance/logo',
    headers: {
      authorization: `Bearer ${world.salon.owner.idToken}`,
      'content-type': 'image/png',
    },
    payload: png(120, 40),
  })
  expect(upload.statusCode, upload.body).toBe(200)
  logoUrl = upload.json<Logo>().url
})

/** Runs the jobs until nothing is due; the messages about the appointment that arrived. */
async function deliver(appointmentId: string): Promise<ReceivedMail[]> {
  const jobs = world.testApp.app.backgroundJobs
  if (!jobs) throw new Error('the jobs are not running')
  for (;;) {
    const { delivery } = await jobs.runOnce()
    if (delivery.sent + delivery.retrying + delivery.failed === 0) break
  }
  return inbox.messages.filter((mail) => mail.raw.includes(`${appointmentId}@slotwise`))
}

async function outboxRow(appointmentId: string, kind: string, recipient: string) {
  const rows = await outboxFor(world.testApp, appointmentId)
  const row = rows.find((candidate) => candidate.kind === kind && candidate.recipient === recipient)
  if (!row) throw new Error(`no ${kind} to the ${recipient}`)
  return row as OutboxRow
}

/** The leaf parts of the one message to `address` of `kind`, by content type. */
function partsOf(messages: ReceivedMail[], address: string, method: 'REQUEST' | 'CANCEL') {
  const mail = messages.filter(
    (message) => message.to.includes(address) && message.raw.includes(`method=${method}`),
  )
  expect(mail).toHaveLength(1)
  const parts = mimeParts((mail[0] as ReceivedMail).raw)
  return (type: string): MimePart[] =>
    parts.filter((part) => part.headers['content-type']?.startsWith(type))
}

/** Text as a MIME part carries it back: line breaks as LF, the framing's last one dropped. */
const asLines = (text: string) => text.replace(/\r\n/g, '\n').replace(/\n+$/, '')

function calendarMethod(ics: string): string {
  return String(new ICAL.Component(ICAL.parse(ics)).getFirstPropertyValue('method'))
}

async function bookInGerman(customerEmail: string) {
  const slug = await slugOf(world.testApp, world.salon.tenantId)
  const body = bookingBody(world.salon, world.at(world.freshDay(), '10:00'), {
    customer: { name: HOSTILE.customer, email: customerEmail, phone: '+49 30 123456' },
    language: 'de',
  })
  return (await bookPublicly(world.testApp, slug, body)).appointment
}

describe('a customer’s e-mail', () => {
  it('has an HTML part in the brand colour with the logo, the text part’s words in their language, every value escaped', async () => {
    const email = uniqueEmail('letter')
    const appointment = await bookInGerman(email)
    const row = await outboxRow(appointment.id, 'confirmation', 'customer')
    const messages = await deliver(appointment.id)
    const partsOfType = partsOf(messages, email, 'REQUEST')

    const [text] = partsOfType('text/plain')
    expect(asLines(text?.body ?? '')).toBe(asLines(row.bodyText))
    expect(row.bodyText).toContain(`Guten Tag ${HOSTILE.customer},`)
    const calendars = [...partsOfType('text/calendar'), ...partsOfType('application/ics')]
    expect(calendars.map((part) => calendarMethod(part.body))).toEqual(['REQUEST', 'REQUEST'])

    const htmlParts = partsOfType('text/html')
    expect(htmlParts).toHaveLength(1)
    const html = htmlParts[0]?.body ?? ''
    expect(html).toMatch(/<html lang="de" dir="ltr">/)
    const band = brandPair(BRAND)
    expect(html).toContain(`background-color:${band.background};color:${band.foreground};`)
    expect(attributes(html, 'img', 'src')).toEqual([PUBLIC_URL + logoUrl])
    expect(bandName(html)).toBe(HOSTILE.business)
    expectOnlyOurTags(html)
    expect(html).not.toMatch(/<script|<iframe|<img src=x|<b>|<\/td><a/)
    expect(html).toContain('&lt;script&gt;steal()&lt;/script&gt; &quot;Ana&quot; &amp; O&#39;Brien')
    expect(visibleParagraphs(html)).toBe(asLines(row.bodyText))
    const [manage] = attributes(html, 'a', 'href')
    expect(manage).toMatch(
      new RegExp(`^${PUBLIC_URL}/booking/event/${appointment.id}\\?business=[a-z0-9-]+&token=`),
    )
    expect(row.bodyText).toContain(manage)

    const toMember = partsOf(messages, world.salon.staff.email, 'REQUEST')
    expect(toMember('text/html')).toEqual([])
    expect(toMember('text/plain')).toHaveLength(1)
  })

  it('of a cancellation keeps the CANCEL invitation, escapes the reason and links to book again', async () => {
    const email = uniqueEmail('cancelled')
    const appointment = await bookInGerman(email)
    const cancel = await call(
      world.testApp,
      world.salon.owner,
      'POST',
      `/api/v1/appointments/${appointment.id}/cancel`,
      { reason: HOSTILE.reason },
    )
    expect(cancel.statusCode, cancel.body).toBe(200)
    const row = await outboxRow(appointment.id, 'cancellation', 'customer')
    const partsOfType = partsOf(await deliver(appointment.id), email, 'CANCEL')

    expect(asLines(partsOfType('text/plain')[0]?.body ?? '')).toBe(asLines(row.bodyText))
    const calendars = [...partsOfType('text/calendar'), ...partsOfType('application/ics')]
    expect(calendars.map((part) => calendarMethod(part.body))).toEqual(['CANCEL', 'CANCEL'])
    const html = partsOfType('text/html')[0]?.body ?? ''
    expectOnlyOurTags(html)
    expect(html).toContain(
      '&lt;iframe src=&quot;https://evil.test&quot;&gt;&lt;/iframe&gt; &amp; &quot;gone&quot;',
    )
    expect(visibleParagraphs(html)).toBe(asLines(row.bodyText))
    const slug = await slugOf(world.testApp, world.salon.tenantId)
    expect(attributes(html, 'a', 'href')).toEqual([`${PUBLIC_URL}/booking?business=${slug}`])
  })

  it('has no logo once the business removes it, and wears the colour it has when sent', async () => {
    const removed = await call(
      world.testApp,
      world.salon.owner,
      'DELETE',
      '/api/v1/settings/appearance/logo',
    )
    expect(removed.statusCode, removed.body).toBe(204)
    const email = uniqueEmail('plain')
    const appointment = await bookInGerman(email)
    await world.testApp.database.db
      .update(tenantSettings)
      .set({ brandColor: '#808080' })
      .where(eq(tenantSettings.tenantId, world.salon.tenantId))
    const html =
      partsOf(await deliver(appointment.id), email, 'REQUEST')('text/html')[0]?.body ?? ''
    expect(html).not.toContain('<img')
    const band = brandPair('#808080')
    expect(html).toContain(`background-color:${band.background};color:${band.foreground};`)
    expect(bandName(html)).toBe(HOSTILE.business)
  })
})
