import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type SmtpInbox, startSmtpInbox } from '../../scripts/lib/smtp-inbox.ts'
import { calendarConnections, connectedCalendars, teamMembers } from '../../server/db/schema.ts'
import { createCredentialCipher } from '../../server/security/credential-cipher.ts'
import { decodeEncodedWords, headerFields, mimeParts } from '../support/api/mime.ts'
import { setUpSchedulingWorld } from '../support/api/scheduling-business.ts'
import { connectCalendar } from '../support/calendar-sync/connected-calendar.ts'
import {
  expandInstantsOnly,
  InMemoryProvider,
} from '../support/calendar-sync/in-memory-connector.ts'

/*
 * A broken calendar connection is never silent (issue 25, item 6): the member and the owner
 * get one e-mail, through the app's own jobs and a real SMTP server, when the provider refuses
 * the credentials or has not answered for a day; again only after it worked in between.
 */

const PUBLIC_URL = 'https://book.example.test'
const credentialsKey = randomBytes(32)
const provider = new InMemoryProvider()
let inbox: SmtpInbox
// Registered before the world's set-up, so the server is up before the app and stops after it.
beforeAll(async () => {
  inbox = await startSmtpInbox()
})
afterAll(async () => {
  await inbox?.stop()
})

const world = setUpSchedulingWorld({
  label: 'Broken Calendar',
  appOptions: () => ({
    publicBooking: { secret: 'a broken calendar test secret, long enough', publicUrl: PUBLIC_URL },
    jobs: {
      intervalMs: 3_600_000,
      smtpUrl: inbox.smtpUrl,
      outboxDir: join(tmpdir(), 'unused'),
      calendarSync: {
        credentialsKey,
        connectorFor: () => provider.connector(),
        expandBusyTimes: expandInstantsOnly,
      },
    },
  }),
})

/** Runs the app's jobs once with the connection due: a sync, then the e-mails' delivery. */
async function runJobs(connectionId: string) {
  const db = world.testApp.database.db
  const past = new Date(0)
  await db
    .update(calendarConnections)
    .set({ nextSyncAt: past })
    .where(eq(calendarConnections.id, connectionId))
  await db
    .update(connectedCalendars)
    .set({ nextSyncAt: past })
    .where(eq(connectedCalendars.connectionId, connectionId))
  const jobs = world.testApp.app.backgroundJobs
  if (!jobs) throw new Error('the jobs are not running in this app')
  const run = await jobs.runOnce()
  // A run delivers the e-mails before it syncs: the next one sends what this one queued (the
  // connection is not due again by then).
  await jobs.runOnce()
  return run
}

/** The e-mails received about one connection, read as a mail program shows them. */
function mailsAbout(accountName: string) {
  return inbox.messages
    .map((mail) => {
      const headers = headerFields(mail.raw)
      const subject = headers.find((field) => field.name === 'subject')?.value ?? ''
      return {
        to: mail.to,
        headers,
        subject: decodeEncodedWords(subject),
        text: mimeParts(mail.raw)
          .map((part) => part.body)
          .join('\n'),
      }
    })
    .filter((mail) => mail.subject.includes(accountName))
}

it('tells the member and the owner once per breakage, with the account’s name on one line', async () => {
  const db = world.testApp.database.db
  const { salon } = world
  const [member] = await db
    .select({ email: teamMembers.email })
    .from(teamMembers)
    .where(eq(teamMembers.id, salon.staffMemberId))
  const { connection, calendar } = await connectCalendar(
    db,
    createCredentialCipher(credentialsKey),
    {
      tenantId: salon.tenantId,
      teamMemberId: salon.staffMemberId,
    },
  )
  // The account's name is the member's to type: a line break in it stays inside its line.
  const accountName = 'Work iCloud\r\nBcc: everyone@example.com'
  await db
    .update(calendarConnections)
    .set({ displayName: accountName })
    .where(eq(calendarConnections.id, connection.id))
  provider.calendar(calendar.remoteId)
  expect((await runJobs(connection.id)).calendarSync).toMatchObject({ synced: 1 })

  // Unreachable for a moment: nobody is told yet.
  provider.failNext('unreachable')
  expect((await runJobs(connection.id)).calendarSync).toMatchObject({ failed: 1 })
  expect(mailsAbout('Work iCloud')).toHaveLength(0)

  // The password was changed: the member and the owner hear of it at once, and once.
  provider.failNext('needs_reconnect')
  await runJobs(connection.id)
  provider.failNext('needs_reconnect')
  await runJobs(connection.id)
  const told = mailsAbout('Work iCloud')
  expect(told.flatMap((mail) => mail.to).sort()).toEqual(
    [member?.email ?? '', salon.owner.email].map((email) => email.toLowerCase()).sort(),
  )
  for (const mail of told) {
    expect(mail.subject).toMatch(
      /^Reconnect .*'s calendar Work iCloud Bcc: everyone@example.com to /,
    )
    expect(mail.headers.map((field) => field.name)).not.toContain('bcc')
    expect(mail.text).toContain('Work iCloud Bcc: everyone@example.com, ')
    expect(mail.text).toContain(`${PUBLIC_URL}/team/${salon.staffMemberId}/calendars`)
  }

  // It works again, then breaks again: told again.
  await runJobs(connection.id)
  provider.failNext('needs_reconnect')
  await runJobs(connection.id)
  expect(mailsAbout('Work iCloud')).toHaveLength(4)
})

it('tells of a calendar that has not answered for a day', async () => {
  const db = world.testApp.database.db
  const { connection, calendar } = await connectCalendar(
    db,
    createCredentialCipher(credentialsKey),
    {
      tenantId: world.salon.tenantId,
      teamMemberId: world.salon.adminMemberId,
    },
  )
  await db
    .update(calendarConnections)
    .set({ displayName: 'Slow Nextcloud', createdAt: new Date(Date.now() - 25 * 3_600_000) })
    .where(eq(calendarConnections.id, connection.id))
  provider.calendar(calendar.remoteId)
  provider.failNext('unreachable')
  await runJobs(connection.id)
  const told = mailsAbout('Slow Nextcloud')
  expect(told).toHaveLength(2)
  for (const mail of told) expect(mail.text).toContain('has not answered Slotwise for a while')
})
