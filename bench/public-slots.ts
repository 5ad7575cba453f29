import { performance } from 'node:perf_hooks'
import type { FastifyInstance } from 'fastify'
import { distribution, ms } from './bench-support.ts'

const TARGET_P95_MS = 50
const ROUNDS = Number(process.env.BENCH_ITERATIONS ?? 100)
const THROUGHPUT_SECONDS = 5
const CONCURRENCY = 10

interface PublicScenario {
  name: string
  url: string
}

/**
 * The public booking page's slot requests on the availability benchmark's busy business: no
 * sign-in, the business named by `?business=`, the public rules (minimum notice, booking
 * window) applied. Latency one request at a time, then throughput with ten visitors asking at
 * once for a few seconds. Returns the names of the scenarios that missed the p95 target.
 */
export async function measurePublicSlots(input: {
  app: FastifyInstance
  businessSlug: string
  serviceId: string
  memberId: string
  /** Midnight of the first day asked for, epoch ms. */
  from: number
}): Promise<string[]> {
  const { app, businessSlug, serviceId, memberId, from } = input
  const day = 86_400_000
  const range = (days: number) =>
    `from=${new Date(from).toISOString()}&to=${new Date(from + days * day).toISOString()}`
  const base = `/api/v1/public/availability?business=${businessSlug}&service_id=${serviceId}`
  const scenarios: PublicScenario[] = [
    { name: 'public, any available, a week', url: `${base}&${range(7)}` },
    { name: 'public, one member, a week', url: `${base}&team_member_id=${memberId}&${range(7)}` },
    { name: 'public, any available, 42 days', url: `${base}&${range(42)}` },
  ]
  const request = async (url: string) => {
    const response = await app.inject({ method: 'GET', url })
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`)
    return response.json<{ slots: unknown[] }>().slots.length
  }

  const slots = new Map<PublicScenario, number>()
  for (const scenario of scenarios) {
    for (let n = 0; n < 10; n++) slots.set(scenario, await request(scenario.url))
  }
  const latencies = new Map<PublicScenario, number[]>(scenarios.map((s) => [s, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const scenario of scenarios) {
      const started = performance.now()
      await request(scenario.url)
      latencies.get(scenario)?.push(performance.now() - started)
    }
  }

  // Throughput: visitors each asking for the week, one request after another, for a while.
  const week = scenarios[0] as PublicScenario
  let answered = 0
  const until = performance.now() + THROUGHPUT_SECONDS * 1000
  const throughputStart = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await request(week.url)
        answered++
      }
    }),
  )
  const perSecond = answered / ((performance.now() - throughputStart) / 1000)

  console.log(
    `\nPublic slots (GET /api/v1/public/availability, no sign-in), ${ROUNDS} interleaved rounds:\n`,
  )
  console.log('| scenario | slots | p50 | p95 | p99 | max |')
  console.log('|---|---:|---:|---:|---:|---:|')
  const missed: string[] = []
  for (const scenario of scenarios) {
    const d = distribution(latencies.get(scenario) ?? [])
    if (d.p95 >= TARGET_P95_MS) missed.push(scenario.name)
    console.log(
      `| ${scenario.name} | ${slots.get(scenario)} | ${ms(d.p50)} | ${ms(d.p95)} | ${ms(d.p99)} | ${ms(d.max)} |`,
    )
  }
  console.log(
    `\nThroughput, ${CONCURRENCY} visitors asking for a week at once for ${THROUGHPUT_SECONDS} s: ` +
      `${perSecond.toFixed(0)} requests/s (${answered} answered).`,
  )
  console.log(
    missed.length === 0
      ? `Every public slots p95 is under the ${TARGET_P95_MS} ms target.`
      : `Missed the ${TARGET_P95_MS} ms public slots p95 target: ${missed.join('; ')}`,
  )
  return missed
}
