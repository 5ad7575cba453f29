/**
 * `npm run start:prod`: the production run mode. Runs API_PROCESSES API processes
 * (`server/index.ts`, default one per CPU) on DATABASE_URL, the first on PORT and the others on
 * the ports after it, for a load balancer in front (deploy/haproxy.cfg) to spread requests
 * over and health-check one by one on `/api/v1/ready`.
 *
 * Why separate ports and not `node:cluster`'s one shared port: the balancer must see each
 * process to take one out while it drains (readiness 503) or after it died; behind one shared
 * port its health check would reach whichever process the kernel picked.
 *
 * The supervisor migrates the database (and seeds the demo business, SEED_DEMO=1) once before
 * any process starts, so N processes never race on them (each process's own migrate then finds
 * nothing to do, under the advisory lock). A process that dies is started again after a pause
 * that doubles with each quick death (1 s … 30 s). SIGTERM or SIGINT is passed to every
 * process; each drains (server/plugins/lifecycle.ts) and the supervisor exits once all have.
 * SIGTERM to one process alone drains and restarts just that one (a rolling restart).
 *
 * TypeScript runs through tsx here as under `npm start`: it compiles each module once at
 * start-up, so requests run the same JavaScript a bundle would, and the server keeps reading
 * its migrations, contract and PGlite's files by path beside its modules.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { DEMO_OWNER } from './auth/demo-owner.ts'
import { ConfigError, readConfig } from './config.ts'
import { createDatabase } from './db/database.ts'
import { seedDemoBusiness } from './services/demo-seed.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const entry = fileURLToPath(new URL('./index.ts', import.meta.url))

/** The pause before restarting a process that died: 1 s, doubling per quick death, ≤ 30 s. */
function restartDelay(quickDeaths: number): number {
  return Math.min(1000 * 2 ** quickDeaths, 30_000)
}

/** A process that ran this long before dying counts as healthy: its next restart is quick. */
const HEALTHY_RUN_MS = 60_000
const DEFAULT_DRAIN_GRACE_MS = '5000'

/** The number of API processes from API_PROCESSES; refuses embedded PGlite with more than 1. */
function processCount(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): number {
  const raw = env.API_PROCESSES?.trim()
  const count = raw ? Number(raw) : availableParallelism()
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    throw new ConfigError([`API_PROCESSES must be a whole number from 1 to 64, got "${raw}".`])
  }
  if (count > 1 && !databaseUrl) {
    throw new ConfigError([
      `API_PROCESSES=${count} needs DATABASE_URL (PostgreSQL): embedded PGlite is one connection inside one process. Set DATABASE_URL, or API_PROCESSES=1.`,
    ])
  }
  return count
}

const log = (message: string, fields: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ time: Date.now(), name: 'supervisor', msg: message, ...fields }))

async function main() {
  const config = readConfig()
  const count = processCount(process.env, config.databaseUrl)
  for (const built of ['dist/index.html', 'dist-ssr/booking-page.js']) {
    if (!existsSync(`${root}${built}`)) {
      throw new ConfigError([`${built} is missing: run \`npm run build\` first.`])
    }
  }

  const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  try {
    await database.migrate()
    if (config.seedDemo) {
      const { created } = await seedDemoBusiness(database, {
        ownerUid: DEMO_OWNER.uid,
        ownerEmail: DEMO_OWNER.email,
        ownerName: DEMO_OWNER.displayName,
      })
      if (created) log('seeded the demo business')
    }
  } finally {
    await database.close()
  }

  let stopping = false
  const children = new Map<number, ChildProcess>()
  const timers = new Map<number, NodeJS.Timeout>()
  const quickDeaths = new Map<number, number>()

  const start = (index: number) => {
    const port = config.port + index
    const startedAt = Date.now()
    const child = spawn(process.execPath, [...process.execArgv, entry], {
      cwd: root,
      stdio: 'inherit',
      // Its own process group: Ctrl-C at a terminal reaches the supervisor alone, which passes
      // it on once (a second SIGINT would cut a draining process short).
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        // Done above, once.
        SEED_DEMO: '0',
        DRAIN_GRACE_MS: process.env.DRAIN_GRACE_MS ?? DEFAULT_DRAIN_GRACE_MS,
      },
    })
    children.set(index, child)
    log('API process started', { index, port, pid: child.pid })
    child.once('exit', (code, signal) => {
      children.delete(index)
      if (stopping) return
      const deaths = Date.now() - startedAt >= HEALTHY_RUN_MS ? 0 : (quickDeaths.get(index) ?? 0)
      const delay = restartDelay(deaths)
      quickDeaths.set(index, deaths + 1)
      log('API process exited; restarting', { index, port, code, signal, restartInMs: delay })
      timers.set(
        index,
        setTimeout(() => {
          timers.delete(index)
          start(index)
        }, delay),
      )
    })
  }

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    log('stopping every API process', { signal })
    for (const timer of timers.values()) clearTimeout(timer)
    const exits = [...children.values()].map(
      (child) =>
        new Promise<number | null>((resolve) => {
          child.once('exit', (code) => resolve(code))
          child.kill(signal)
        }),
    )
    void Promise.all(exits).then((codes) => {
      log('stopped', { codes })
      process.exit(codes.every((code) => code === 0) ? 0 : 1)
    })
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))

  for (let index = 0; index < count; index++) start(index)
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
