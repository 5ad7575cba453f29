import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { startAuthEmulator } from '../scripts/lib/auth-emulator.ts'
import { buildApp } from '../server/app.ts'
import { createDatabase, type Database } from '../server/db/database.ts'

export const PROJECT_ID = 'demo-slotwise'

export interface BenchApp {
  app: FastifyInstance
  database: Database
  emulatorHost: string
  /** What the figures were measured on, e.g. `PGlite on disk`. */
  databaseLabel: string
  close(): Promise<void>
}

/**
 * The real app as the benchmarks measure it: embedded PGlite on disk in a temporary folder
 * (as `npm start` runs it; in memory with `--memory`), or, for comparison, a throw-away
 * database on the PostgreSQL server BENCH_DATABASE_URL names; emulator tokens accepted, and
 * an Auth emulator — the one FIREBASE_AUTH_EMULATOR_HOST names, else a fresh one.
 */
export async function startBenchApp(options: {
  inMemory: boolean
  /** The built SPA to serve as well (the browser benchmarks). */
  spaDir?: string
}): Promise<BenchApp> {
  const existingEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST
  const emulator = existingEmulator ? undefined : await startAuthEmulator()
  const emulatorHost = existingEmulator ?? emulator?.host ?? ''
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost
  const opened = await openBenchDatabase(options.inMemory)
  const { database } = opened
  await database.migrate()
  const app = await buildApp({
    database,
    auth: { projectId: PROJECT_ID, emulator: true },
    corsOrigins: [],
    clientConfig: {
      firebase: { apiKey: 'demo-api-key', authDomain: '', projectId: PROJECT_ID, appId: '' },
      authEmulatorUrl: `http://${emulatorHost}`,
      sentryDsn: null,
      environment: 'bench',
    },
    ...(options.spaDir ? { spaDir: options.spaDir } : {}),
    logger: false,
    // What is measured is the work, not the per-IP limiter's refusals of one busy client.
    publicRateLimits: {
      readsPerIp: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
      writesPerIp: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
      bookingsPerEmail: { limit: Number.MAX_SAFE_INTEGER, windowMs: 3_600_000 },
    },
  })
  return {
    app,
    database,
    emulatorHost,
    databaseLabel: opened.label,
    close: async () => {
      await app.close()
      await database.close()
      await opened.remove()
      await emulator?.stop()
    },
  }
}

async function openBenchDatabase(inMemory: boolean) {
  const serverUrl = process.env.BENCH_DATABASE_URL
  if (serverUrl) {
    const name = `slotwise_bench_${randomBytes(6).toString('hex')}`
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      try {
        return await client.query(statement)
      } finally {
        await client.end()
      }
    }
    await admin(`create database ${name}`)
    const version = String((await admin('show server_version')).rows[0]?.server_version).split(
      ' ',
    )[0]
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    return {
      database: await createDatabase({ url: url.toString() }),
      label: `PostgreSQL ${version} (pool of 10)`,
      remove: () => admin(`drop database if exists ${name} with (force)`),
    }
  }
  const dataDir = inMemory ? undefined : mkdtempSync(join(tmpdir(), 'slotwise-bench-'))
  return {
    database: await createDatabase({ dataDir }),
    label: inMemory ? 'PGlite in memory' : 'PGlite on disk',
    remove: async () => {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A new Auth-emulator user's ID token. */
export async function signUp(emulatorHost: string, email: string): Promise<string> {
  const response = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Bench-Mark-42!', returnSecureToken: true }),
    },
  )
  const body = (await response.json()) as { idToken?: string }
  if (!response.ok || !body.idToken) throw new Error(`sign-up failed: ${JSON.stringify(body)}`)
  return body.idToken
}

/** The benchmarks' business runs on Berlin time (the API's default zone is UTC). */
export const BENCH_TIME_ZONE = 'Europe/Berlin'

/** Moves the signed-in user's business to BENCH_TIME_ZONE; the configuration is replaced whole. */
export async function moveToBenchTimeZone(
  app: FastifyInstance,
  headers: Record<string, string>,
): Promise<string> {
  const url = '/api/v1/business-configuration'
  const current = (await app.inject({ method: 'GET', url, headers })).json<object>()
  const saved = await app.inject({
    method: 'PUT',
    url,
    headers,
    payload: { ...current, time_zone: BENCH_TIME_ZONE },
  })
  if (saved.statusCode !== 200) throw new Error(`Moving the business failed: ${saved.body}`)
  return BENCH_TIME_ZONE
}

/** The value below which `p` percent of the ascending `sorted` values lie (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? Number.NaN
}

export interface Distribution {
  count: number
  p50: number
  p95: number
  p99: number
  max: number
}

export function distribution(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  }
}

/** Milliseconds with one decimal, or a dash for no value. */
export function ms(value: number): string {
  return Number.isNaN(value) ? '–' : value.toFixed(1)
}

/** Node, CPU, memory and the commit measured, for the header of a benchmark's figures. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
  return (
    `Node ${process.version}, ${cpu} × ${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, ` +
    `commit ${commit()}, load average ${(loadavg()[0] ?? 0).toFixed(1)}`
  )
}

function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    }).trim()
    return dirty ? `${head} + uncommitted changes` : head
  } catch {
    return 'unknown'
  }
}
