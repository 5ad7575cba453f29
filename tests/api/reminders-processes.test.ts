import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { DEMO_OWNER } from '../../server/auth/demo-owner.ts'
import { createDatabase } from '../../server/db/database.ts'
import { appointments, notificationOutbox, tenantSettings } from '../../server/db/schema.ts'
import { seedDemoBusiness } from '../../server/services/demo-seed.ts'

// The reminder job in separate OS processes on one PostgreSQL database: the real proof that
// FOR UPDATE SKIP LOCKED gives every reminder, and every e-mail, exactly once. PGlite is one
// in-process database that no second process can open, so this runs on PostgreSQL only
// (TEST_DATABASE_URL); reminders.test.ts races several apps in one process on either.

const run = promisify(execFile)
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url))
const jobProcess = fileURLToPath(new URL('../support/api/job-process.ts', import.meta.url))
const PROCESSES = 3

describe('reminders across processes', () => {
  it.skipIf(!onPostgres)(
    'three job processes started at once queue each due reminder once and send each e-mail once',
    async () => {
      const serverUrl = process.env.TEST_DATABASE_URL as string
      const name = `slotwise_jobs_${randomBytes(6).toString('hex')}`
      const admin = new pg.Client({ connectionString: serverUrl })
      await admin.connect()
      await admin.query(`create database ${name}`)
      const url = new URL(serverUrl)
      url.pathname = `/${name}`
      const database = await createDatabase({ url: url.toString() })
      const outboxDir = await mkdtemp(join(tmpdir(), 'slotwise-jobs-'))
      try {
        await database.migrate()
        // The demo's appointments are booked without e-mails; a lead of 60 days makes every
        // future one due for its reminder now.
        const { tenantId } = await seedDemoBusiness(database, {
          ownerUid: DEMO_OWNER.uid,
          ownerEmail: DEMO_OWNER.email,
          ownerName: DEMO_OWNER.displayName,
        })
        await database.db
          .update(tenantSettings)
          .set({ reminderEmail: true, reminderLeadMinutes: 60 * 1440 })
          .where(eq(tenantSettings.tenantId, tenantId))
        const now = new Date()
        const [due] = await database.db
          .select({ n: count() })
          .from(appointments)
          .where(
            and(
              eq(appointments.status, 'confirmed'),
              isNull(appointments.reminderQueuedAt),
              gt(appointments.startsAt, now),
            ),
          )
        expect(due?.n).toBeGreaterThan(3)

        const secret = randomBytes(32).toString('base64url')
        const startAt = String(Date.now() + 4000)
        const outputs = await Promise.all(
          Array.from({ length: PROCESSES }, () =>
            run(tsx, [jobProcess, url.toString(), startAt, outboxDir, secret], {
              timeout: 60_000,
            }),
          ),
        )
        const reports = outputs.map(
          ({ stdout }) =>
            JSON.parse(stdout.trim().split('\n').at(-1) as string) as {
              queued: number
              sent: number
            },
        )

        expect(reports.reduce((sum, report) => sum + report.queued, 0)).toBe(due?.n)
        const perAppointment = await database.db
          .select({ appointmentId: notificationOutbox.appointmentId, n: count() })
          .from(notificationOutbox)
          .where(eq(notificationOutbox.kind, 'reminder'))
          .groupBy(notificationOutbox.appointmentId)
        expect(perAppointment.length).toBeGreaterThan(0)
        for (const row of perAppointment) expect(row.n).toBe(1)
        const [stillDue] = await database.db
          .select({ n: count() })
          .from(appointments)
          .where(
            and(
              eq(appointments.status, 'confirmed'),
              isNull(appointments.reminderQueuedAt),
              gt(appointments.startsAt, now),
            ),
          )
        expect(stillDue?.n).toBe(0)

        const [outbox] = await database.db
          .select({
            total: count(),
            sent: sql<number>`count(*) filter (where ${notificationOutbox.status} = 'sent')::int`,
          })
          .from(notificationOutbox)
        expect(outbox?.sent).toBe(outbox?.total)
        expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(outbox?.total)
        expect(await readdir(outboxDir)).toHaveLength(outbox?.total ?? -1)
      } finally {
        await database.close()
        await rm(outboxDir, { recursive: true, force: true })
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.end()
      }
    },
    120_000,
  )
})
