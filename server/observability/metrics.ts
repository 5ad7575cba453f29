import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { cacheLookups } from './cache-lookups.ts'

/** What a scrape reads from the database, cheaply, at the moment it is asked. */
export interface MetricsSources {
  /** E-mails not yet sent (pending), and when the oldest of them was written. */
  outboxBacklog(): Promise<{ pending: number; oldestCreatedAt: Date | null }>
  /** Connections of the pool, or PGlite's queue of transactions. */
  databasePool(): { total: number; idle: number; waiting: number }
}

/** Who booked: `public` through the booking page, `staff` in the app. */
export type BookingChannel = 'public' | 'staff'

export interface Metrics {
  /** One answered request; `route` is an operationId or a route pattern, never a raw URL. */
  observeRequest(route: string, method: string, statusCode: number, seconds: number): void
  bookingCreated(channel: BookingChannel): void
  /** A request refused with 409, by operation. */
  conflict(route: string): void
  /** Starts timing one job of a background run; call the result with how it ended. */
  jobStarted(job: string): (outcome: 'ok' | 'failed') => void
  /** The exposition text and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>
}

// A scrape must answer even when the database does not: its gauges are then left out and
// slotwise_database_up says why.
const DATABASE_READ_TIMEOUT_MS = 2000

let processRegistry: Registry | undefined

/**
 * The metrics of this process, whichever app reports them: Node's and the process's own
 * (CPU, memory, event loop, GC) and the cache lookups. Created once, since the default
 * collectors watch the event loop and GC for as long as the process lives.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
    processRegistry.registerMetric(cacheLookups)
  }
  return processRegistry
}

/** The app's metrics; `scrape` adds the process's. */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry()
  const registers = [registry]

  const requestDuration = new Histogram({
    name: 'slotwise_http_request_duration_seconds',
    help: 'Time to answer a request, by route (operationId or pattern), method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const bookings = new Counter({
    name: 'slotwise_bookings_created_total',
    help: 'Bookings answered 201, by channel (public booking page or staff).',
    labelNames: ['channel'] as const,
    registers,
  })
  const conflicts = new Counter({
    name: 'slotwise_conflicts_total',
    help: 'Requests refused with 409 Conflict, by operation.',
    labelNames: ['route'] as const,
    registers,
  })
  const jobRuns = new Counter({
    name: 'slotwise_job_runs_total',
    help: 'Runs of each background job, failed ones included.',
    labelNames: ['job'] as const,
    registers,
  })
  const jobFailures = new Counter({
    name: 'slotwise_job_failures_total',
    help: 'Runs of each background job that threw.',
    labelNames: ['job'] as const,
    registers,
  })
  const jobDuration = new Histogram({
    name: 'slotwise_job_duration_seconds',
    help: 'Time one run of a background job took.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30],
    registers,
  })

  const databaseUp = new Gauge({
    name: 'slotwise_database_up',
    help: '1 when the database answered the last scrape, 0 when it did not.',
    registers,
  })
  const outboxPending = new Gauge({
    name: 'slotwise_outbox_pending_messages',
    help: 'E-mails written and not yet sent (the same in every process: one database).',
    registers,
  })
  const outboxOldestAge = new Gauge({
    name: 'slotwise_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest e-mail not yet sent; 0 when none waits.',
    registers,
  })
  // Read before each scrape, one query for the three gauges.
  const readDatabase = async () => {
    try {
      const backlog = await withTimeout(sources.outboxBacklog(), DATABASE_READ_TIMEOUT_MS)
      databaseUp.set(1)
      outboxPending.set(backlog.pending)
      outboxOldestAge.set(
        backlog.oldestCreatedAt
          ? Math.max(0, (Date.now() - backlog.oldestCreatedAt.getTime()) / 1000)
          : 0,
      )
    } catch {
      databaseUp.set(0)
      // Unknown (NaN) rather than a stale number that looks fine.
      outboxPending.set(Number.NaN)
      outboxOldestAge.set(Number.NaN)
    }
  }

  new Gauge({
    name: 'slotwise_db_pool_clients',
    help: 'Database connections of this process by state (total, idle); PGlite has one.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.databasePool()
      this.set({ state: 'total' }, pool.total)
      this.set({ state: 'idle' }, pool.idle)
    },
  })
  new Gauge({
    name: 'slotwise_db_pool_waiting',
    help: 'Queries waiting for a connection (PostgreSQL) or transactions queued (PGlite).',
    registers,
    collect() {
      this.set(sources.databasePool().waiting)
    },
  })

  return {
    observeRequest(route, method, statusCode, seconds) {
      requestDuration.observe(
        { route, method, status_class: `${Math.floor(statusCode / 100)}xx` },
        seconds,
      )
    },
    bookingCreated(channel) {
      bookings.inc({ channel })
    },
    conflict(route) {
      conflicts.inc({ route })
    },
    jobStarted(job) {
      const stop = jobDuration.startTimer({ job })
      return (outcome) => {
        stop()
        jobRuns.inc({ job })
        if (outcome === 'failed') jobFailures.inc({ job })
      }
    },
    async scrape() {
      await readDatabase()
      const merged = Registry.merge([processMetrics(), registry])
      return { contentType: merged.contentType, body: await merged.metrics() }
    },
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}
