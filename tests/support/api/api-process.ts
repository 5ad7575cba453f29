import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../../scripts/lib/auth-emulator.ts'

const root = fileURLToPath(new URL('../../..', import.meta.url))

/** One API server as production runs it: its own OS process, `server/index.ts` on PostgreSQL. */
export interface ApiProcess {
  /** http://127.0.0.1:<port> */
  url: string
  pid: number
  /** Everything it printed so far (for a failing test's message). */
  output(): string
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Whether the process is still running. */
  alive(): boolean
  /** SIGKILL: no shutdown hook runs, sockets and transactions are cut as by a crash. */
  killHard(): Promise<void>
  /** SIGTERM and wait (SIGKILL after 15 s); deletes its data folder. */
  stop(): Promise<void>
}

export interface ApiProcessOptions {
  databaseUrl: string
  /** Shared by every process of one installation: links they sign must verify on all. */
  secret: string
  /** smtp://…; without it e-mails are written as .eml files into the process's data folder. */
  smtpUrl?: string
  /** Only then are the Auth emulator's tokens accepted (the live socket needs one). */
  authEmulatorHost?: string
  jobsIntervalMs?: number
}

/** A secret for SLOTWISE_SECRET, the same for every process of one test. */
export function processSecret(): string {
  return randomBytes(36).toString('base64url')
}

/**
 * A port for an API process: the next of TEST_API_PORT_BASE (a developer on a shared machine
 * keeps their processes in their own range), else one the OS says is free.
 */
let nextInRange = 0
export async function apiPort(): Promise<number> {
  const base = Number(process.env.TEST_API_PORT_BASE ?? 0)
  if (!(base > 0)) return freePort()
  // Test files run side by side: skip the ports another one took.
  while (nextInRange < 100) {
    const port = base + nextInRange++
    if (await isFree(port)) return port
  }
  throw new Error(`No free port left in TEST_API_PORT_BASE's range (${base}–${base + 99}).`)
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/**
 * Starts `node --import tsx server/index.ts` (one process, so a signal reaches the server and
 * not a wrapper) with only the variables given here, and waits until /api/v1/health answers.
 * The public rate limits are lifted: a load test sends everything from one address.
 */
export async function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const port = await apiPort()
  const dataDir = mkdtempSync(join(tmpdir(), 'slotwise-api-process-'))
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    SLOTWISE_SECRET: options.secret,
    // One address for all processes, as behind a load balancer: the e-mails' From and
    // Message-ID domain are the same whoever sends them.
    PUBLIC_URL: 'http://book.slotwise.test',
    LOG_LEVEL: 'warn',
    JOBS_INTERVAL_MS: String(options.jobsIntervalMs ?? 500),
    PUBLIC_READS_PER_MINUTE: '1000000',
    PUBLIC_WRITES_PER_MINUTE: '1000000',
    PUBLIC_BOOKINGS_PER_EMAIL_PER_HOUR: '1000000',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...(options.authEmulatorHost ? { FIREBASE_AUTH_EMULATOR_HOST: options.authEmulatorHost } : {}),
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  let gone = false
  void exited.then(() => {
    gone = true
  })
  const url = `http://127.0.0.1:${port}`
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true })

  const apiProcess: ApiProcess = {
    url,
    pid: child.pid as number,
    output: () => output,
    exited,
    alive: () => !gone,
    killHard: async () => {
      child.kill('SIGKILL')
      await exited
    },
    stop: async () => {
      if (!gone) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
        await exited
        clearTimeout(timer)
      }
      cleanUp()
    },
  }

  // Starting means compiling the server with tsx and migrating: seconds, many on a busy machine.
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (gone) {
      cleanUp()
      throw new Error(`The API process exited while starting:\n${output}`)
    }
    try {
      const response = await fetch(`${url}/api/v1/health`)
      if (response.ok) return apiProcess
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await apiProcess.stop()
  throw new Error(`The API process did not answer within 90 s:\n${output}`)
}
