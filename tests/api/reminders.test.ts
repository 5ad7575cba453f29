import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { appointments, tenantSettings } from '../../server/db/schema.ts'
import { queueDueReminders } from '../../server/jobs/reminders.ts'
import { createAppointmentNotifier } from '../../server/notifications/appointment-notifier.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { uniqueEmail } from '../support/api/emulator-users.ts'
import { outboxFor } from '../support/api/outbox.ts'
import {
  addBookingCustomer,
  inDays,
  setUpSchedulingWorld,
} from '../support/api/scheduling-business.ts'
import { call } from '../support/api/team-business.ts'
import { PROJECT_ID, testClientConfig } from '../support/api/test-app.ts'

// The reminder job: a reminder per appointment, the configured time before it, exactly once —
// across restarts and with several processes running the job on one database.

type Appointment = components['schemas']['Appointment']

const SECRET = 'a reminders test secret that is long enough'
const DAY_MINUTES = 1440

let outboxDir: string
const extraApps: FastifyInstance[] = []

// Registered before the app's set-up, so the folder exists before the app and outlives it.
beforeAll(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'slotwise-reminders-'))
})
afterAll(() => rm(outboxDir, { recursive: true, force: true }))

const world = setUpSchedulingWorld({
  label: 'Remind',
  firstDay: 2,
  appOptions: () => ({
    publicBooking: { secret: SECRET, publicUrl: 'http://127.0.0.1' },
    jobs: { intervalMs: 3_600_000, outboxDir },
  }),
})
const { freshDay } = world

beforeAll(() =>
  addBookingCustomer(world.testApp, world.salon, {
    name: 'Rita Remind',
    email: uniqueEmail('rita'),
  }),
)
// Registered after the app's set-up, so the other processes close before the app.
afterAll(async () => {
  for (const app of extraApps) await app.close()
})

/** Another API process on the same database: same secret, its own jobs. */
async function anotherProcess(): Promise<FastifyInstance> {
  const app = await buildApp({
    database: world.testApp.database,
    auth: { projectId: PROJECT_ID, emulator: true },
    corsOrigins: [],
    clientConfig: testClientConfig(),
    logger: false,
    publicBooking: { secret: SECRET, publicUrl: 'http://127.0.0.1' },
    jobs: { intervalMs: 3_600_000, outboxDir },
  })
  await app.ready()
  extraApps.push(app)
  return app
}

async function setReminders(settings: { reminderEmail?: boolean; reminderLeadMinutes?: number }) {
  await world.testApp.database.db
    .update(tenantSettings)
    .set(settings)
    .where(eq(tenantSettings.tenantId, world.salon.tenantId))
}

const book = (day: number, time = '10:00'): Promise<Appointment> =>
  world.api.booked(world.salon.owner, {
    team_member_id: world.salon.staffMemberId,
    starts_at: inDays(day, time, world.salon.timeZone),
  })

async function remindersOf(appointmentId: string) {
  return outboxFor(world.testApp, appointmentId, { kind: 'reminder' })
}

async function reminderQueuedAt(appointmentId: string): Promise<Date | null> {
  const [row] = await world.testApp.database.db
    .select({ at: appointments.reminderQueuedAt })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
  return row?.at ?? null
}

function jobsOf(app: FastifyInstance) {
  if (!app.backgroundJobs) throw new Error('the jobs are not running in this app')
  return app.backgroundJobs
}

/**
 * Books on days of its own with the default lead of a day, so nothing is due yet, then makes
 * the lead long enough for all of them to be due now.
 */
async function dueAppointments(count: number): Promise<Appointment[]> {
  await setReminders({ reminderEmail: true, reminderLeadMinutes: DAY_MINUTES })
  const booked: Appointment[] = []
  for (let i = 0; i < count; i++) booked.push(await book(freshDay()))
  for (const appointment of booked) expect(await reminderQueuedAt(appointment.id)).toBeNull()
  await setReminders({ reminderLeadMinutes: 60 * DAY_MINUTES })
  return booked
}

describe('reminder job', () => {
  it('queues the reminder to the customer when start minus the lead has passed, and only once', async () => {
    await setReminders({ reminderEmail: true, reminderLeadMinutes: DAY_MINUTES })
    const appointment = await book(freshDay())
    const start = Date.parse(appointment.starts_at)
    const notifier = createAppointmentNotifier(world.testApp.app.parts.publicBooking)
    const run = (now: number) => queueDueReminders(world.testApp.database, notifier, { now })

    await run(start - (DAY_MINUTES + 1) * 60_000)
    expect(await remindersOf(appointment.id)).toHaveLength(0)
    await run(start - (DAY_MINUTES - 1) * 60_000)
    const reminders = await remindersOf(appointment.id)
    expect(reminders.map((row) => [row.recipient, row.status])).toEqual([['customer', 'pending']])
    expect(reminders[0]?.subject).toMatch(/^Reminder: Haircut/)
    expect(await reminderQueuedAt(appointment.id)).not.toBeNull()
    await run(start - 60_000)
    expect(await remindersOf(appointment.id)).toHaveLength(1)
  })

  it('sends none for an appointment booked inside the lead, a cancelled one, or with reminders off', async () => {
    await setReminders({ reminderEmail: true, reminderLeadMinutes: 10 * DAY_MINUTES })
    const inside = await book(freshDay())
    expect(await reminderQueuedAt(inside.id)).not.toBeNull()

    await setReminders({ reminderLeadMinutes: DAY_MINUTES })
    const cancelled = await book(freshDay())
    const cancel = await call(
      world.testApp,
      world.salon.owner,
      'POST',
      `/api/v1/appointments/${cancelled.id}/cancel`,
      { reason: 'Changed plans' },
    )
    expect(cancel.statusCode).toBe(200)
    const off = await book(freshDay())
    await setReminders({ reminderEmail: false, reminderLeadMinutes: 60 * DAY_MINUTES })
    await jobsOf(world.testApp.app).runOnce()
    for (const appointment of [inside, cancelled, off]) {
      expect(await remindersOf(appointment.id)).toHaveLength(0)
    }

    await setReminders({ reminderEmail: true })
    await jobsOf(world.testApp.app).runOnce()
    expect(await remindersOf(off.id)).toHaveLength(1)
    expect(await remindersOf(cancelled.id)).toHaveLength(0)
  })

  it('makes a new reminder due when an appointment is moved', async () => {
    const [appointment] = (await dueAppointments(1)) as [Appointment]
    await jobsOf(world.testApp.app).runOnce()
    expect(await remindersOf(appointment.id)).toHaveLength(1)

    await setReminders({ reminderLeadMinutes: DAY_MINUTES })
    const moved = await call(
      world.testApp,
      world.salon.owner,
      'PATCH',
      `/api/v1/appointments/${appointment.id}`,
      {
        starts_at: inDays(freshDay(), '11:00', world.salon.timeZone),
      },
    )
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await reminderQueuedAt(appointment.id)).toBeNull()
    await setReminders({ reminderLeadMinutes: 60 * DAY_MINUTES })
    await jobsOf(world.testApp.app).runOnce()
    expect(await remindersOf(appointment.id)).toHaveLength(2)
  })

  it('fires once across a restart: a new process on the same database sends nothing again', async () => {
    const due = await dueAppointments(2)
    const first = await anotherProcess()
    const run = await jobsOf(first).runOnce()
    expect(run.remindersQueued).toBeGreaterThanOrEqual(2)
    await first.close()

    const second = await anotherProcess()
    await jobsOf(second).runOnce()
    for (const appointment of due) {
      const reminders = await remindersOf(appointment.id)
      expect(reminders).toHaveLength(1)
      expect(reminders[0]?.status).toBe('sent')
    }
  })

  it('fires once with several processes running the job at the same moment', async () => {
    const due = await dueAppointments(4)
    const processes = [world.testApp.app, await anotherProcess(), await anotherProcess()]
    const notifier = createAppointmentNotifier(world.testApp.app.parts.publicBooking)
    await Promise.all([
      ...processes.map((app) => jobsOf(app).runOnce()),
      ...processes.map(() => queueDueReminders(world.testApp.database, notifier, { batchSize: 1 })),
    ])
    for (const appointment of due) expect(await remindersOf(appointment.id)).toHaveLength(1)
  })
})
