/**
 * Insights at 10,000 appointments over a year, through the real HTTP stack (`app.inject`,
 * contract validation, a real Auth-emulator token, membership resolution) on embedded PGlite.
 *
 *   BENCH=insights npm run bench             on-disk PGlite in a temporary folder
 *   BENCH=insights npm run bench -- --memory in-memory PGlite
 *
 * The business (Berlin) has 5 members working Mon–Sat 07:00–21:00 and 1,000 customers; over
 * the last 365 days it had 10,000 appointments (completed, no-shows, cancellations early and
 * late, a few confirmed), most of the completed ones paid online or at the till, some refunded;
 * another business has 2,000 of its own. Scenarios run in interleaved rounds; each asks for
 * every figure of its range and of the equal period before it. Exits non-zero when a p95
 * misses 100 ms.
 */
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import type { Database } from '../server/db/database.ts'
import { appointments, customers, paymentRefunds, payments } from '../server/db/schema.ts'
import {
  distribution,
  machineLine,
  moveToBenchTimeZone,
  ms,
  signUp,
  startBenchApp,
} from './bench-support.ts'
import { customerFixtures, seededRandom } from './customer-fixtures.ts'

const TARGET_P95_MS = 100
const APPOINTMENTS = 10_000
const OTHER_APPOINTMENTS = 2_000
const DAYS = 365
const MEMBERS = 5
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 60)
const WARM_UP = 5
const inMemory = process.argv.includes('--memory')

const WORKING_HOURS = [1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  start: '07:00',
  end: '21:00',
  breaks: [{ start: '12:30', end: '13:00' }],
}))

type Headers = Record<string, string>

async function api<T>(
  app: FastifyInstance,
  headers: Headers,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) {
  const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
  return response.json<T>()
}

/**
 * A year of one business's appointments, deterministic: hourly starts 07:00–19:00 on the
 * members' working days, never two of one member at once, in the business's zone.
 */
async function seedYear(
  app: FastifyInstance,
  database: Database,
  headers: Headers,
  count: number,
  seed: number,
) {
  const { tenant } = await api<{ tenant: { id: string } }>(app, headers, 'GET', '/api/v1/me/')
  const timeZone = await moveToBenchTimeZone(app, headers)
  const team = await api<{ items: { id: string }[] }>(app, headers, 'GET', '/api/v1/team-members')
  const memberIds = [team.items[0]?.id as string]
  for (let n = 1; n < MEMBERS; n++) {
    memberIds.push(
      (
        await api<{ id: string }>(app, headers, 'POST', '/api/v1/team-members', {
          name: `Member ${n + 1}`,
        })
      ).id,
    )
  }
  for (const id of memberIds) {
    await api(app, headers, 'PATCH', `/api/v1/team-members/${id}`, {
      time_zone: timeZone,
      working_hours: WORKING_HOURS,
    })
  }
  const serviceIds: string[] = []
  for (const [name, duration] of [
    ['Cut', 45],
    ['Colour', 60],
    ['Trim', 30],
    ['Consultation', 30],
  ] as const) {
    serviceIds.push(
      (
        await api<{ id: string }>(app, headers, 'POST', '/api/v1/services', {
          name,
          duration_minutes: duration,
          price_minor: 4000,
          team_member_ids: memberIds,
        })
      ).id,
    )
  }
  const today = Temporal.Now.plainDateISO(timeZone)
  await api(app, headers, 'POST', `/api/v1/team-members/${memberIds[1]}/time-off`, {
    start_date: today.subtract({ days: 120 }).toString(),
    end_date: today.subtract({ days: 106 }).toString(),
    reason: 'Holiday',
  })

  const customerIds = (
    await database.db
      .insert(customers)
      .values(customerFixtures(tenant.id, 1000, seed))
      .returning({ id: customers.id })
  ).map((row) => row.id)
  const random = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  // Every free hour of the year, then `count` of them at random.
  const hours: { memberId: string; startsAt: number }[] = []
  for (let day = 1; day <= DAYS; day++) {
    const date = today.subtract({ days: day })
    if (date.dayOfWeek === 7) continue
    for (const memberId of memberIds) {
      for (let hour = 7; hour <= 19; hour++) {
        if (hour === 12) continue
        hours.push({
          memberId,
          startsAt: date.toPlainDateTime({ hour }).toZonedDateTime(timeZone).epochMilliseconds,
        })
      }
    }
  }
  for (let i = hours.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[hours[i], hours[j]] = [hours[j] as (typeof hours)[number], hours[i] as (typeof hours)[number]]
  }
  const rows = hours.slice(0, count).map(({ memberId, startsAt }) => {
    const roll = random()
    const status =
      roll < 0.72 ? 'completed' : roll < 0.8 ? 'no_show' : roll < 0.92 ? 'cancelled' : 'confirmed'
    const id = crypto.randomUUID()
    const start = new Date(startsAt)
    const end = new Date(startsAt + 45 * 60_000)
    return {
      id,
      tenantId: tenant.id,
      serviceId: pick(serviceIds),
      teamMemberId: memberId,
      customerId: pick(customerIds),
      startsAt: start,
      endsAt: end,
      status,
      cancelledAt:
        status === 'cancelled' ? new Date(startsAt - pick([2, 12, 48, 96]) * 3_600_000) : null,
      priceMinor: 4000,
      currency: 'USD',
      source: 'staff',
      busyFrom: start,
      busyUntil: end,
      seatGroup: id,
    } satisfies typeof appointments.$inferInsert
  })
  for (let start = 0; start < rows.length; start += 500) {
    await database.db.insert(appointments).values(rows.slice(start, start + 500))
  }
  const paid = rows.filter((row) => row.status === 'completed' && random() < 0.7)
  const paymentRows = paid.map((row) => {
    const till = random() < 0.5
    return {
      tenantId: tenant.id,
      appointmentId: row.id,
      kind: till ? ('in_person' as const) : ('prepayment' as const),
      status: 'succeeded' as const,
      amountMinor: 4000,
      currency: 'USD',
      stripeAccountId: till ? null : 'acct_bench',
      method: till ? ('card_terminal' as const) : null,
      paidAt: row.startsAt,
    }
  })
  const paymentIds: string[] = []
  for (let start = 0; start < paymentRows.length; start += 500) {
    const inserted = await database.db
      .insert(payments)
      .values(paymentRows.slice(start, start + 500))
      .returning({ id: payments.id, paidAt: payments.paidAt })
    for (const payment of inserted) if (random() < 0.05) paymentIds.push(payment.id)
  }
  if (paymentIds.length > 0) {
    await database.db.insert(paymentRefunds).values(
      paymentIds.map((paymentId) => ({
        tenantId: tenant.id,
        paymentId,
        amountMinor: 1000,
        cause: 'staff' as const,
      })),
    )
  }
  return { today, payments: paymentRows.length, refunds: paymentIds.length }
}

async function main() {
  const bench = await startBenchApp({ inMemory })
  const { app, database, emulatorHost } = bench
  try {
    const stamp = Date.now().toString(36)
    const [token, otherToken] = await Promise.all([
      signUp(emulatorHost, `bench-insights-${stamp}@slotwise.test`),
      signUp(emulatorHost, `bench-insights-other-${stamp}@slotwise.test`),
    ])
    const headers = { authorization: `Bearer ${token}` }
    const seedStart = performance.now()
    const seeded = await seedYear(app, database, headers, APPOINTMENTS, 11)
    await seedYear(app, database, { authorization: `Bearer ${otherToken}` }, OTHER_APPOINTMENTS, 12)
    await database.db.execute(sql`analyze`)
    const seedMs = performance.now() - seedStart

    const { today } = seeded
    const range = (days: number) =>
      `start_date=${today.subtract({ days }).toString()}&end_date=${today.subtract({ days: 1 }).toString()}`
    const scenarios = [
      { name: 'last 365 days (and the 365 before)', url: `/api/v1/insights?${range(365)}` },
      { name: 'last 90 days', url: `/api/v1/insights?${range(90)}` },
      { name: 'last 30 days', url: `/api/v1/insights?${range(30)}` },
      { name: 'last 7 days', url: `/api/v1/insights?${range(7)}` },
      {
        name: 'CSV: utilisation, last 365 days',
        url: `/api/v1/insights/export.csv?${range(365)}&chart=utilisation`,
      },
    ]
    const request = async (url: string) => {
      const response = await app.inject({ method: 'GET', url, headers })
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`)
      return response
    }
    const year = (await request(scenarios[0]?.url ?? '')).json<{ period: { bookings: number } }>()
    for (const scenario of scenarios) for (let n = 0; n < WARM_UP; n++) await request(scenario.url)

    const times = new Map(scenarios.map((s) => [s.name, [] as number[]]))
    // PGlite runs in this process: its CPU time is what a request costs with a core to itself.
    const cpuTimes = new Map(scenarios.map((s) => [s.name, [] as number[]]))
    const loadBefore = loadavg()[0] ?? 0
    for (let round = 0; round < ITERATIONS; round++) {
      for (const scenario of scenarios) {
        const cpuStart = process.cpuUsage()
        const started = performance.now()
        await request(scenario.url)
        times.get(scenario.name)?.push(performance.now() - started)
        const cpu = process.cpuUsage(cpuStart)
        cpuTimes.get(scenario.name)?.push((cpu.user + cpu.system) / 1000)
      }
    }

    console.log(`\nInsights benchmark — ${new Date().toISOString()}`)
    console.log(
      `${machineLine()}; ${bench.databaseLabel}; ${APPOINTMENTS.toLocaleString('en')} appointments over ${DAYS} days ` +
        `(${year.period.bookings.toLocaleString('en')} bookings in the last 365 days, ${seeded.payments.toLocaleString('en')} payments, ${seeded.refunds} refunds; ` +
        `+${OTHER_APPOINTMENTS.toLocaleString('en')} in another business), seeded in ${Math.round(seedMs)} ms; ` +
        `${ITERATIONS} interleaved rounds after ${WARM_UP} warm-up requests each; ` +
        `load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after.\n`,
    )
    console.log('| scenario | wall p50 | wall p95 | wall p99 | wall max | CPU p50 | CPU p95 |')
    console.log('|---|---:|---:|---:|---:|---:|---:|')
    const missed: string[] = []
    for (const scenario of scenarios) {
      const figures = distribution(times.get(scenario.name) ?? [])
      const cpu = distribution(cpuTimes.get(scenario.name) ?? [])
      if (!(figures.p95 <= TARGET_P95_MS)) missed.push(scenario.name)
      console.log(
        `| ${scenario.name} | ${ms(figures.p50)} | ${ms(figures.p95)} | ${ms(figures.p99)} | ${ms(figures.max)} | ${ms(cpu.p50)} | ${ms(cpu.p95)} |`,
      )
    }
    console.log(
      missed.length === 0
        ? `\nEvery p95 is within the ${TARGET_P95_MS} ms target.`
        : `\nMissed the ${TARGET_P95_MS} ms p95 target: ${missed.join('; ')}`,
    )
    process.exitCode = missed.length === 0 ? 0 : 1
  } finally {
    await bench.close()
  }
}

await main()
