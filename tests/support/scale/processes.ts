import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { inject } from 'vitest'
import { freePort } from '../../../scripts/lib/auth-emulator.ts'
import { withAdminClient } from '../api/postgres-admin.ts'

const root = resolve(import.meta.dirname, '../../..')

/**
 * Consecutive ports for this file's processes (the supervisor runs its processes on PORT,
 * PORT+1, …): a free run of them, or from TEST_PORT_BASE on (to keep a run inside a range of
 * ports of its own). Files run one after another, so a range may be reused.
 */
export async function testPorts(count: number): Promise<number[]> {
  const run = (first: number) => Array.from({ length: count }, (_, index) => first + index)
  if (process.env.TEST_PORT_BASE) return run(Number(process.env.TEST_PORT_BASE))
  for (let attempt = 0; attempt < 50; attempt++) {
    const ports = run(await freePort())
    const free = await Promise.all(ports.slice(1).map(isFree))
    if (free.every(Boolean)) return ports
  }
  throw new Error(`No ${count} consecutive free ports found.`)
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** A migrated database of its own on the tests' PostgreSQL (a copy of the template). */
export async function createScaleDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject('scalePostgresUrl')
  const name = `slotwise_scale_${randomBytes(6).toString('hex')}`
  await withAdminClient(serverUrl, (client) =>
    client.query(`create database ${name} template ${inject('scaleTemplate')}`),
  )
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ),
  }
}

export interface ServerRun {
  child: ChildProcess
  /** Everything it printed so far (for failure messages and the supervisor's pids). */
  output(): string
  exited: Promise<number | null>
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/**
 * Starts `server/index.ts` (one API process) or `server/supervisor.ts` (`npm run start:prod`)
 * as production runs it: node with the tsx loader, settings from the environment only.
 */
export function startServer(
  entry: 'server/index.ts' | 'server/supervisor.ts',
  env: Record<string, string>,
): ServerRun {
  const dataDir = mkdtempSync(join(tmpdir(), 'slotwise-scale-'))
  const inherited = { ...process.env }
  // The tests' own settings are not the deployment's.
  for (const name of ['FIREBASE_AUTH_EMULATOR_HOST', 'TEST_DATABASE_URL', 'DATABASE_URL', 'PORT']) {
    delete inherited[name]
  }
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SLOTWISE_SECRET: 'a secret every process of this deployment shares',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<number | null>((done) =>
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true })
      done(code)
    }),
  )
  return {
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

/** A GET on a connection of its own (no keep-alive pool), with its status and body. */
export function get(
  port: number,
  path: string,
  options: { localAddress?: string; headers?: Record<string, string>; method?: string } = {},
): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        agent: false,
        localAddress: options.localAddress,
        headers: options.headers,
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          body += chunk
        })
        response.on('end', () =>
          resolvePromise({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body,
          }),
        )
      },
    )
    request.setTimeout(15_000, () => request.destroy(new Error(`GET ${path} timed out`)))
    request.on('error', reject)
    request.end()
  })
}

/** Whether a TCP connection to the port is refused (nothing listens). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolvePromise(false)
    })
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolvePromise(error.code === 'ECONNREFUSED'),
    )
  })
}

/** Polls `check` until it is true; fails with `what` (and the server's output) after `ms`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  options: { ms?: number; everyMs?: number; output?: () => string } = {},
): Promise<void> {
  // Generous: a loaded two-core machine can take a minute to start a process.
  const deadline = Date.now() + (options.ms ?? 150_000)
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}.\n${options.output?.() ?? ''}`)
    }
    await new Promise((done) => setTimeout(done, options.everyMs ?? 100))
  }
}

export const isReady = async (port: number) => (await get(port, '/api/v1/ready')).status === 200
