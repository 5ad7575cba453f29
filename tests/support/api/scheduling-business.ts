import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, expect } from 'vitest'
import { appointments } from '../../../server/db/schema.ts'
import type { components } from '../../../shared/contract/schema.d.ts'
import type { EmulatorUser } from './emulator-users.ts'
import { type Business, call, createBusiness } from './team-business.ts'
import { createTestApp, type TestApp } from './test-app.ts'

type Appointment = components['schemas']['Appointment']
type WorkingDay = components['schemas']['WorkingDay']

/** A business ready to book: a zone, weekly hours for everyone, a service, a customer. */
export interface SchedulingBusiness extends Business {
  timeZone: string
  /** Haircut: 45 min, 10 min buffer after, 30.00, performed by owner, admin and staff. */
  haircutId: string
  customerId: string
  customerName: string
}

/** Every day 09:00–17:00 with lunch 12:00–13:00, in the member's zone. */
export const everyDayNineToFive: WorkingDay[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  start: '09:00',
  end: '17:00',
  breaks: [{ start: '12:00', end: '13:00' }],
}))

/**
 * A business whose owner, admin and staff member all work every day 09:00–17:00 (lunch
 * 12:00–13:00) in `timeZone`, which is also the business's zone.
 */
export async function createSchedulingBusiness(
  testApp: TestApp,
  label: string,
  timeZone = 'Europe/Berlin',
): Promise<SchedulingBusiness> {
  const business = await createBusiness(testApp, label)
  const owner = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: object) =>
    call(testApp, business.owner, method, url, body)
  const config = (await owner('GET', '/api/v1/business-configuration')).json()
  expectOk(await owner('PUT', '/api/v1/business-configuration', { ...config, time_zone: timeZone }))
  for (const id of [business.ownerMemberId, business.adminMemberId, business.staffMemberId]) {
    expectOk(
      await owner('PATCH', `/api/v1/team-members/${id}`, {
        time_zone: timeZone,
        working_hours: everyDayNineToFive,
      }),
    )
  }
  const haircut = await owner('POST', '/api/v1/services', {
    name: 'Haircut',
    duration_minutes: 45,
    price_minor: 3000,
    buffer_after_minutes: 10,
    team_member_ids: [business.ownerMemberId, business.adminMemberId, business.staffMemberId],
  })
  expectOk(haircut)
  const customerName = `Ana Lopez ${label}`
  const customer = await owner('POST', '/api/v1/customers', { name: customerName })
  expectOk(customer)
  return {
    ...business,
    timeZone,
    haircutId: haircut.json<{ id: string }>().id,
    customerId: customer.json<{ id: string }>().id,
    customerName,
  }
}

/** A service of the business performed by the given members; returns its id. */
export async function addService(
  testApp: TestApp,
  user: EmulatorUser,
  body: Record<string, unknown>,
): Promise<string> {
  const response = await call(testApp, user, 'POST', '/api/v1/services', {
    price_minor: 2000,
    ...body,
  })
  expectOk(response)
  return response.json<{ id: string }>().id
}

/** The date `days` from today in the zone, `YYYY-MM-DD`. */
export function dateIn(days: number, timeZone: string): string {
  return Temporal.Now.plainDateISO(timeZone).add({ days }).toString()
}

/** The instant of a wall-clock reading on a date in the zone, as an ISO string (UTC). */
export function at(date: string, time: string, timeZone: string): string {
  return Temporal.PlainDate.from(date)
    .toPlainDateTime(Temporal.PlainTime.from(time))
    .toZonedDateTime(timeZone)
    .toInstant()
    .toString({ smallestUnit: 'millisecond' })
}

/** `at` for the day `days` from today. */
export function inDays(days: number, time: string, timeZone: string): string {
  return at(dateIn(days, timeZone), time, timeZone)
}

/** Booking calls against one business: its haircut for its customer unless the body says otherwise. */
export function appointmentApi(testApp: TestApp, business: SchedulingBusiness) {
  const book = (user: EmulatorUser, body: Record<string, unknown>) =>
    call(testApp, user, 'POST', '/api/v1/appointments', {
      service_id: business.haircutId,
      customer_id: business.customerId,
      ...body,
    })
  return {
    book,
    /** `book`, expecting 201; the new appointment. */
    async booked(user: EmulatorUser, body: Record<string, unknown>): Promise<Appointment> {
      const response = await book(user, body)
      expect(response.statusCode, response.body).toBe(201)
      return response.json<Appointment>()
    },
    /** How many appointment rows (any status) a business has. */
    async count(tenantId: string): Promise<number> {
      const [row] = await testApp.database.db
        .select({ n: count() })
        .from(appointments)
        .where(eq(appointments.tenantId, tenantId))
      return row?.n ?? 0
    },
    /** A confirmed haircut of the staff member that started `daysAgo` days ago at 10:00. */
    async started(daysAgo: number): Promise<string> {
      const id = randomUUID()
      const startsAt = new Date(inDays(-daysAgo, '10:00', business.timeZone))
      const endsAt = new Date(startsAt.getTime() + 45 * 60_000)
      // Written directly: the API books only the future.
      await testApp.database.db.insert(appointments).values({
        id,
        tenantId: business.tenantId,
        serviceId: business.haircutId,
        teamMemberId: business.staffMemberId,
        customerId: business.customerId,
        startsAt,
        endsAt,
        priceMinor: 3000,
        currency: 'USD',
        source: 'staff',
        bufferAfterMinutes: 10,
        busyFrom: startsAt,
        busyUntil: new Date(endsAt.getTime() + 10 * 60_000),
        seatGroup: id,
      })
      return id
    },
  }
}

function expectOk(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBeLessThan(300)
}

/** What a test file that books appointments works with; see `setUpSchedulingWorld`. */
export interface SchedulingWorld {
  testApp: TestApp
  salon: SchedulingBusiness
  /** A second business, for ids that must not reach across; only with `otherLabel`. */
  other: SchedulingBusiness
  /** Books as the salon: its haircut for its customer unless the body says otherwise. */
  api: ReturnType<typeof appointmentApi>
  /** A day no other test of the file books on, so no test's appointments get in another's way. */
  freshDay(): number
  /** `time` on the day `day` days from today, in the salon's zone. */
  at(day: number, time: string): string
}

type TestAppOptions = Parameters<typeof createTestApp>[0]

/**
 * Registers a test file's set-up and tear-down: a fresh app (with `appOptions`, read when the
 * app is built), a scheduling business called `label` and, with `otherLabel`, a second one.
 * Fields are filled in `beforeAll`, so read them inside tests and hooks only; hooks the file
 * registers after this call run after the set-up and before the app closes.
 */
export function setUpSchedulingWorld(options: {
  label: string
  otherLabel?: string
  /** The first day `freshDay` hands out. */
  firstDay?: number
  appOptions?: () => TestAppOptions
}): SchedulingWorld {
  let nextDay = options.firstDay ?? 1
  const world = {
    freshDay: () => nextDay++,
    at: (day: number, time: string) => inDays(day, time, world.salon.timeZone),
  } as SchedulingWorld
  beforeAll(async () => {
    world.testApp = await createTestApp(options.appOptions?.())
    world.salon = await createSchedulingBusiness(world.testApp, options.label)
    if (options.otherLabel) {
      world.other = await createSchedulingBusiness(world.testApp, options.otherLabel)
    }
    world.api = appointmentApi(world.testApp, world.salon)
  }, 120_000)
  afterAll(() => world.testApp?.close())
  return world
}

/** Adds a customer to the business and makes them the one `appointmentApi` books for. */
export async function addBookingCustomer(
  testApp: TestApp,
  business: SchedulingBusiness,
  body: { name: string; email: string },
): Promise<void> {
  const customer = await call(testApp, business.owner, 'POST', '/api/v1/customers', body)
  expect(customer.statusCode, customer.body).toBe(201)
  business.customerId = customer.json<{ id: string }>().id
}
