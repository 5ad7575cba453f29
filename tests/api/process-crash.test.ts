import { randomBytes } from 'node:crypto'
import { createServer, type Socket } from 'node:net'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { type SmtpInbox, startSmtpInbox } from '../../scripts/lib/smtp-inbox.ts'
import { createDatabase, type Database } from '../../server/db/database.ts'
import { seedDemoBusiness } from '../../server/services/demo-seed.ts'
import {
  type ApiProcess,
  apiPort,
  processSecret,
  startApiProcess,
} from '../support/api/api-process.ts'
import { bookableStarts, startLoad, waitUntil } from '../support/api/booking-load.ts'
import { withAdminClient } from '../support/api/postgres-admin.ts'

// `kill -9` of one of two API processes on one PostgreSQL while bookings stream at both:
// what the design promises is that nothing acknowledged is lost and every e-mail goes out
// once. Real OS processes (a second API process needs a second OS process: PGlite is one
// in-process database), so this runs on PostgreSQL only (TEST_DATABASE_URL).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

describe('an API process killed (SIGKILL) under booking load', () => {
  it.skipIf(!onPostgres)(
    'keeps every booking that got a 201, and the e-mails the dead process had claimed go out once, after their claim expires (PostgreSQL only)',
    async () => {
      const serverUrl = process.env.TEST_DATABASE_URL as string
      const name = `slotwise_crash_${randomBytes(6).toString('hex')}`
      await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`))
      const url = new URL(serverUrl)
      url.pathname = `/${name}`
      const databaseUrl = url.toString()
      const processes: ApiProcess[] = []
      let database: Database | undefined
      let inbox: SmtpInbox | undefined
      const stuck = await startStuckSmtpServer()
      const sql = new pg.Client({ connectionString: databaseUrl })
      try {
        database = await createDatabase({ url: databaseUrl })
        await database.migrate()
        await seedDemoBusiness(database, {
          ownerUid: 'crash-test-owner',
          ownerEmail: 'owner@crash.slotwise.test',
          ownerName: 'Crash Test',
        })
        await sql.connect()
        inbox = await startSmtpInbox({ smtp: await apiPort(), http: await apiPort() })
        const secret = processSecret()
        // The doomed process's mail server accepts connections and never answers, so the
        // messages it claims are still unsent when it dies: the case the claim's expiry is for.
        const [doomed, survivor] = await Promise.all([
          startApiProcess({ databaseUrl, secret, smtpUrl: stuck.url, jobsIntervalMs: 300 }),
          startApiProcess({ databaseUrl, secret, smtpUrl: inbox.smtpUrl, jobsIntervalMs: 300 }),
        ])
        processes.push(doomed, survivor)

        const slots = await bookableStarts(survivor.url)
        expect(slots.starts.length).toBeGreaterThanOrEqual(60)
        // Starts held back for after the kill: on a fast machine the load can book all of the
        // first 40 before the doomed process's claims are old enough, and the survivor would
        // then have nothing left to show it goes on booking.
        const afterKill = slots.starts.slice(40, 60)
        slots.starts = slots.starts.slice(0, 40)
        let targets = [doomed.url, survivor.url]
        const load = startLoad({ targets: () => targets, slots, workers: 3 })

        // Mid-stream: the doomed process has acknowledged bookings and holds claims it cannot
        // send (claimed more than 2 s ago; the survivor sends its own within milliseconds).
        const heldByTheDoomed = async () => {
          const { rows } = await sql.query<{ n: number }>(
            `select count(*)::int as n from notification_outbox where status = 'pending'
               and attempts > 0 and next_attempt_at < now() + interval '5 minutes' - interval '2 seconds'`,
          )
          return rows[0]?.n ?? 0
        }
        await waitUntil(
          'the doomed process has acknowledged bookings and holds unsent e-mails',
          async () =>
            load.booked().filter((outcome) => outcome.target === doomed.url).length >= 5 &&
            (await heldByTheDoomed()) > 0,
          60_000,
        )
        await doomed.killHard()
        expect((await doomed.exited).signal).toBe('SIGKILL')
        targets = [survivor.url]
        const bookedBeforeKill = load.booked().length
        load.offer(afterKill)
        await waitUntil(
          'the survivor goes on booking',
          () => load.booked().length >= bookedBeforeKill + 5,
          60_000,
        )
        await load.stop()

        // Every 201 is in the database, confirmed; refusals were only the dead process's
        // cut connections (no 5xx from the survivor).
        const booked = load.booked()
        expect(booked.length).toBeGreaterThanOrEqual(10)
        const { rows: kept } = await sql.query<{ id: string; status: string }>(
          'select id, status from appointments where id = any($1::uuid[])',
          [booked.map((outcome) => outcome.appointmentId)],
        )
        expect(kept).toHaveLength(booked.length)
        expect(kept.every((row) => row.status === 'confirmed')).toBe(true)
        const survivorErrors = load.outcomes.filter(
          (outcome) => outcome.target === survivor.url && outcome.status >= 500,
        )
        expect(survivorErrors).toEqual([])

        // The dead process's claims expire (five minutes on the clock, moved on here); the
        // survivor then sends them, and everything else, exactly once.
        expect(await heldByTheDoomed()).toBeGreaterThan(0)
        await sql.query(
          `update notification_outbox set next_attempt_at = now() where status = 'pending'`,
        )
        await waitUntil(
          'every queued e-mail is sent',
          async () => {
            const { rows } = await sql.query<{ n: number }>(
              `select count(*)::int as n from notification_outbox where status <> 'sent'`,
            )
            return rows[0]?.n === 0
          },
          60_000,
        )
        const { rows: outbox } = await sql.query<{
          id: string
          kind: string
          recipient: string
          to_address: string
          appointment_id: string | null
        }>('select id, kind, recipient, to_address, appointment_id from notification_outbox')
        const deliveries = new Map<string, number>()
        for (const mail of inbox.messages) {
          const id = /^Message-ID:\s*<([^@>]+)@/im.exec(mail.raw)?.[1] ?? 'none'
          deliveries.set(id, (deliveries.get(id) ?? 0) + 1)
        }
        expect(inbox.messages).toHaveLength(outbox.length)
        for (const row of outbox) expect(deliveries.get(row.id), row.id).toBe(1)
        // And each acknowledged booking's customer got their confirmation.
        for (const outcome of booked) {
          const confirmation = outbox.find(
            (row) =>
              row.appointment_id === outcome.appointmentId &&
              row.kind === 'confirmation' &&
              row.recipient === 'customer',
          )
          expect(confirmation?.to_address).toBe(outcome.email)
        }
        expect(survivor.alive()).toBe(true)
      } catch (error) {
        for (const apiProcess of processes) console.error(apiProcess.output().slice(-4000))
        throw error
      } finally {
        await Promise.all(processes.map((apiProcess) => apiProcess.stop()))
        await sql.end().catch(() => {})
        await database?.close()
        await inbox?.stop()
        await stuck.stop()
        await withAdminClient(serverUrl, (client) =>
          client.query(`drop database if exists ${name} with (force)`),
        )
      }
    },
    240_000,
  )
})

/** An SMTP server that takes connections and never says a word (a hung mail relay). */
async function startStuckSmtpServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  })
  const port = await apiPort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
