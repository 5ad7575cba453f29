/**
 * The benchmarks' busy business: 5 team members working Mon–Sat 07:00–21:00 for 90 days on a
 * 15-minute grid, four services, some time off, 500 customers and 5,000 appointments already
 * booked (deterministic). The availability benchmark and the load benchmark both measure on it.
 */
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import type { Database } from '../server/db/database.ts'
import { appointments, customers } from '../server/db/schema.ts'
import { moveToBenchTimeZone } from './bench-support.ts'
import { customerFixtures, seededRandom } from './customer-fixtures.ts'

export const MEMBERS = 5
export const DAYS = 90
const APPOINTMENTS = 5_000

/** Mon–Sat 07:00–21:00 with a half-hour lunch break; Sunday off. */
const WORKING_HOURS = [1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  start: '07:00',
  end: '21:00',
  breaks: [{ start: '12:30', end: '13:00' }],
}))
const DAY_START = 7 * 60
const DAY_END = 21 * 60
const BREAK = { start: 12 * 60 + 30, end: 13 * 60 }

/** Member 2's week off, as days after the first day asked for. */
const HOLIDAY = { first: 20, last: 26 }

/** What the existing appointments were booked for (duration and the buffers they captured). */
export const BOOKED_SERVICES = [
  { name: 'Trim', duration: 15, before: 0, after: 5 },
  { name: 'Consultation', duration: 30, before: 0, after: 10 },
  { name: 'Cut', duration: 45, before: 5, after: 10 },
  { name: 'Colour', duration: 60, before: 15, after: 15 },
] as const
/** The service whose availability is asked for. */
export const ASKED = BOOKED_SERVICES[1]

export interface BusyBusiness {
  tenantId: string
  slug: string
  timeZone: string
  memberIds: string[]
  /** By service name. */
  serviceIds: Map<string, string>
  /** The service whose availability the benchmarks ask for (Consultation). */
  askedServiceId: string
  /** Tomorrow in the business's zone: the first of the 90 days. */
  firstDate: Temporal.PlainDate
  lastDate: Temporal.PlainDate
  appointments: number
  seedMs: number
}

/** Sets up the busy business for the signed-in owner whose `headers` are given. */
export async function seedBusyBusiness(
  app: FastifyInstance,
  database: Database,
  headers: Record<string, string>,
): Promise<BusyBusiness> {
  const api = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
    return response.json<T>()
  }

  // The business: five bookable members in the business time zone, four services.
  const { tenant } = await api<{ tenant: { id: string; slug: string } }>('GET', '/api/v1/me/')
  const tenantId = tenant.id
  const timeZone = await moveToBenchTimeZone(app, headers)
  const team = await api<{ items: { id: string }[] }>('GET', '/api/v1/team-members')
  const memberIds = [team.items[0]?.id as string]
  for (let n = 1; n < MEMBERS; n++) {
    memberIds.push(
      (await api<{ id: string }>('POST', '/api/v1/team-members', { name: `Member ${n + 1}` })).id,
    )
  }
  for (const id of memberIds) {
    await api('PATCH', `/api/v1/team-members/${id}`, {
      time_zone: timeZone,
      working_hours: WORKING_HOURS,
    })
  }
  const serviceIds = new Map<string, string>()
  for (const service of BOOKED_SERVICES) {
    const created = await api<{ id: string }>('POST', '/api/v1/services', {
      name: service.name,
      duration_minutes: service.duration,
      buffer_before_minutes: service.before,
      buffer_after_minutes: service.after,
      price_minor: 3000,
      team_member_ids: memberIds,
    })
    serviceIds.set(service.name, created.id)
  }
  const askedServiceId = serviceIds.get(ASKED.name) as string

  // Some time off, as a real team has: a week's holiday and an afternoon.
  const firstDate = Temporal.Now.plainDateISO(timeZone).add({ days: 1 })
  const lastDate = firstDate.add({ days: DAYS - 1 })
  await api('POST', `/api/v1/team-members/${memberIds[1]}/time-off`, {
    start_date: firstDate.add({ days: HOLIDAY.first }).toString(),
    end_date: firstDate.add({ days: HOLIDAY.last }).toString(),
    reason: 'Holiday',
  })
  const afternoon = firstDate
    .add({ days: 9 })
    .toPlainDateTime({ hour: 14 })
    .toZonedDateTime(timeZone)
  await api('POST', `/api/v1/team-members/${memberIds[2]}/time-off`, {
    starts_at: afternoon.toInstant().toString(),
    ends_at: afternoon.add({ hours: 6 }).toInstant().toString(),
    reason: 'Dentist',
  })

  const seedStart = performance.now()
  const customerRows = customerFixtures(tenantId, 500, 3)
  const customerIds = (
    await database.db.insert(customers).values(customerRows).returning({ id: customers.id })
  ).map((row) => row.id)
  const rows = bookedAppointments({
    tenantId,
    timeZone,
    memberIds,
    serviceIds,
    customerIds,
    firstDate,
  })
  for (let start = 0; start < rows.length; start += 500) {
    await database.db.insert(appointments).values(rows.slice(start, start + 500))
  }
  await database.db.execute(sql`analyze`)
  const seedMs = performance.now() - seedStart

  return {
    tenantId,
    slug: tenant.slug,
    timeZone,
    memberIds,
    serviceIds,
    askedServiceId,
    firstDate,
    lastDate,
    appointments: rows.length,
    seedMs,
  }
}

/**
 * A busy team's diary, deterministic: each member's working days filled from 07:00 with
 * appointments of the four services, small random gaps between them, none across the lunch
 * break or overlapping another's buffers; then exactly APPOINTMENTS of them, chosen at random.
 */
function bookedAppointments(input: {
  tenantId: string
  timeZone: string
  memberIds: string[]
  serviceIds: Map<string, string>
  customerIds: string[]
  firstDate: Temporal.PlainDate
}): (typeof appointments.$inferInsert)[] {
  const random = seededRandom(4)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const gaps = [0, 0, 0, 0, 15]
  const all: (typeof appointments.$inferInsert)[] = []
  for (const teamMemberId of input.memberIds) {
    for (let day = 0; day < DAYS; day++) {
      const date = input.firstDate.add({ days: day })
      if (date.dayOfWeek === 7) continue
      if (teamMemberId === input.memberIds[1] && day >= HOLIDAY.first && day <= HOLIDAY.last)
        continue
      const midnight = date.toZonedDateTime(input.timeZone)
      // Local minutes since midnight; the member is busy until `free` (buffers included).
      let free = DAY_START
      for (;;) {
        const service = pick(BOOKED_SERVICES)
        // Staff book on a 5-minute clock, so existing appointments need not sit on the grid.
        let start = Math.ceil((free + service.before) / 5) * 5 + pick(gaps)
        if (start < BREAK.end && start + service.duration > BREAK.start) {
          start = BREAK.end + service.before
        }
        if (start + service.duration > DAY_END) break
        free = start + service.duration + service.after
        const startsAt = midnight.add({ minutes: start }).epochMilliseconds
        const endsAt = startsAt + service.duration * 60_000
        all.push({
          tenantId: input.tenantId,
          serviceId: input.serviceIds.get(service.name) as string,
          teamMemberId,
          customerId: pick(input.customerIds),
          startsAt: new Date(startsAt),
          endsAt: new Date(endsAt),
          priceMinor: 3000,
          currency: 'USD',
          source: 'staff',
          bufferBeforeMinutes: service.before,
          bufferAfterMinutes: service.after,
          busyFrom: new Date(startsAt - service.before * 60_000),
          busyUntil: new Date(endsAt + service.after * 60_000),
          seatGroup: crypto.randomUUID(),
        })
      }
    }
  }
  if (all.length < APPOINTMENTS) throw new Error(`Only ${all.length} appointments fit the diary.`)
  // Fisher–Yates with the seeded generator, then the first APPOINTMENTS, back in time order.
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[all[i], all[j]] = [all[j] as (typeof all)[0], all[i] as (typeof all)[0]]
  }
  return all
    .slice(0, APPOINTMENTS)
    .sort((a, b) => (a.startsAt as Date).getTime() - (b.startsAt as Date).getTime())
}
