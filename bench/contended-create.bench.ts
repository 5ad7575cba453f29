/**
 * Contended booking: 50 people book the same team member for the same time at the same
 * instant, through the real HTTP stack (`app.inject`, contract validation, a real
 * Auth-emulator token, membership resolution, the booking transaction) on embedded PGlite.
 * One gets 201, the other 49 get 409; what we measure is how long each of the 50 waits.
 *
 *   npx tsx bench/contended-create.bench.ts            on-disk PGlite in a temporary folder
 *   npx tsx bench/contended-create.bench.ts --memory   in-memory PGlite
 *   BENCH_ROUNDS=100 npx tsx bench/contended-create.bench.ts
 *
 * Every booking transaction is timed inside BEGIN…COMMIT, and each round's total of them is
 * set against the round's duration: PGlite is one connection that runs one statement at a
 * time, so a round costs about the sum of its 50 requests' database work. A lone create and
 * a lone clash are timed too, for what one request costs without a queue. Prints the figures
 * and exits non-zero when the p99 of all responses misses the 250 ms target.
 *
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/contended-create.bench.ts   for comparison
 */
import { performance } from 'node:perf_hooks'
import { Temporal } from 'temporal-polyfill'
import { customers } from '../server/db/schema.ts'
import {
  type Distribution,
  distribution,
  machineLine,
  moveToBenchTimeZone,
  ms,
  signUp,
  startBenchApp,
} from './bench-support.ts'
import { customerFixtures } from './customer-fixtures.ts'

const TARGET_P99_MS = 250
const RACERS = 50
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40)
const WARM_UP_ROUNDS = 3
const inMemory = process.argv.includes('--memory')

async function main() {
  const bench = await startBenchApp({ inMemory })
  const { app, database } = bench
  try {
    const token = await signUp(
      bench.emulatorHost,
      `bench-contended-${Date.now().toString(36)}@slotwise.test`,
    )
    const headers = { authorization: `Bearer ${token}` }
    const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
    const api = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
      const response = await inject(method, url, payload)
      if (response.statusCode >= 300)
        throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
      return response.json<T>()
    }

    const tenantId = (await api<{ tenant: { id: string } }>('GET', '/api/v1/me/')).tenant.id
    const timeZone = await moveToBenchTimeZone(app, headers)
    const memberId = (await api<{ items: { id: string }[] }>('GET', '/api/v1/team-members'))
      .items[0]?.id as string
    await api('PATCH', `/api/v1/team-members/${memberId}`, {
      time_zone: timeZone,
      working_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        weekday,
        start: '07:00',
        end: '21:00',
        breaks: [],
      })),
    })
    const serviceId = (
      await api<{ id: string }>('POST', '/api/v1/services', {
        name: 'Haircut',
        duration_minutes: 30,
        buffer_before_minutes: 5,
        buffer_after_minutes: 10,
        price_minor: 4500,
        team_member_ids: [memberId],
      })
    ).id
    const customerIds = (
      await database.db
        .insert(customers)
        .values(customerFixtures(tenantId, RACERS, 5))
        .returning({ id: customers.id })
    ).map((row) => row.id)

    // Each booking transaction's time inside BEGIN…COMMIT.
    const insides: number[] = []
    const transaction = database.transaction.bind(database)
    database.transaction = (work) =>
      transaction(async (tx) => {
        const entered = performance.now()
        try {
          return await work(tx)
        } finally {
          insides.push(performance.now() - entered)
        }
      })

    const today = Temporal.Now.plainDateISO(timeZone)
    const at = (days: number, hour: number) =>
      new Date(
        today.add({ days }).toPlainDateTime({ hour }).toZonedDateTime(timeZone).epochMilliseconds,
      ).toISOString()
    const book = (startsAt: string, customer: number) =>
      inject('POST', '/api/v1/appointments', {
        service_id: serviceId,
        team_member_id: memberId,
        customer_id: customerIds[customer],
        starts_at: startsAt,
      })

    const all: number[] = []
    const winners: number[] = []
    const rounds: number[] = []
    const roundCpu: number[] = []
    const transactionsPerRound: number[] = []
    const insideTimes: number[] = []
    const insideShares: number[] = []
    const loneCreates: number[] = []
    const loneClashes: number[] = []
    const header = machineLine()
    for (let round = -WARM_UP_ROUNDS; round < ROUNDS; round++) {
      const day = round + WARM_UP_ROUNDS + 1
      const startsAt = at(day, 7 + (day % 13))
      insides.length = 0
      const cpuStart = process.cpuUsage()
      const fired = performance.now()
      const latencies: number[] = []
      const responses = await Promise.all(
        Array.from({ length: RACERS }, async (_, n) => {
          const response = await book(startsAt, n)
          latencies.push(performance.now() - fired)
          return { status: response.statusCode, latency: performance.now() - fired }
        }),
      )
      const cpu = process.cpuUsage(cpuStart)
      const created = responses.filter((response) => response.status === 201)
      const refused = responses.filter((response) => response.status === 409)
      if (created.length !== 1 || refused.length !== RACERS - 1) {
        throw new Error(
          `Round ${round}: ${created.length} created, ${refused.length} refused (409).`,
        )
      }
      if (round < 0) continue
      all.push(...latencies)
      winners.push(created[0]?.latency as number)
      const last = Math.max(...latencies)
      rounds.push(last)
      roundCpu.push((cpu.user + cpu.system) / 1000)
      transactionsPerRound.push(insides.length)
      insideTimes.push(...insides)
      insideShares.push((100 * insides.reduce((sum, time) => sum + time, 0)) / last)

      // Alone, with nothing to queue behind: one booking that fits, one that clashes.
      let started = performance.now()
      const lone = await book(at(day, 20), 0)
      loneCreates.push(performance.now() - started)
      started = performance.now()
      const clash = await book(at(day, 20), 1)
      loneClashes.push(performance.now() - started)
      if (lone.statusCode !== 201 || clash.statusCode !== 409) {
        throw new Error(`Lone bookings: ${lone.statusCode} then ${clash.statusCode}.`)
      }
    }

    const rows: [string, Distribution][] = [
      ['all 50 responses of a round', distribution(all)],
      ['the winner (201)', distribution(winners)],
      ['whole round (last response)', distribution(rounds)],
      ['CPU time of this process per round', distribution(roundCpu)],
      ['one booking transaction (BEGIN…COMMIT)', distribution(insideTimes)],
      ['share of the round in booking transactions, %', distribution(insideShares)],
      ['lone create, no contention (201)', distribution(loneCreates)],
      ['lone clash, no contention (409)', distribution(loneClashes)],
    ]
    const p99 = distribution(all).p99
    console.log(`\nContended create benchmark — ${new Date().toISOString()}`)
    console.log(
      `${header} before, ${machineLine().split('load average ')[1]} after; ${bench.databaseLabel}; ` +
        `${RACERS} simultaneous POST /api/v1/appointments for one team member and start time, ` +
        `${ROUNDS} rounds after ${WARM_UP_ROUNDS} warm-up rounds; ` +
        `${distribution(transactionsPerRound).p50} transactions per round (p50).\n`,
    )
    console.log('| measured | count | p50 | p95 | p99 | max |')
    console.log('|---|---:|---:|---:|---:|---:|')
    for (const [name, d] of rows) {
      console.log(
        `| ${name} | ${d.count} | ${ms(d.p50)} | ${ms(d.p95)} | ${ms(d.p99)} | ${ms(d.max)} |`,
      )
    }
    console.log(
      p99 < TARGET_P99_MS
        ? `\nThe p99 of all responses, ${ms(p99)} ms, is under the ${TARGET_P99_MS} ms target.`
        : `\nMissed the ${TARGET_P99_MS} ms p99 target: ${ms(p99)} ms.`,
    )
    process.exitCode = p99 < TARGET_P99_MS ? 0 : 1
  } finally {
    await bench.close()
  }
}

await main()
