import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../../..')
export const HAPROXY_CONFIG = resolve(root, 'deploy/haproxy.cfg')

/** Debian's haproxy; a clear failure when it is missing. */
export function haproxyBinary(): string {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) {
    if (existsSync(candidate)) return candidate
  }
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).stdout.trim()
  if (found) return found
  throw new Error(
    'HAProxy is not installed: `apt-get install -y haproxy` (.ci/run installs it for CI). The production set-up tests need it.',
  )
}

export interface HaproxyRun {
  url: string
  statsUrl: string
  /** Per server (api1, api2 …): its status (UP, DOWN …) and the requests it answered. */
  servers(): Promise<Map<string, { status: string; requests: number }>>
  stop(): Promise<void>
}

/** Starts deploy/haproxy.cfg itself on the given ports (its addresses are environment variables). */
export async function startHaproxy(options: {
  port: number
  statsPort: number
  apiPorts: [number, number]
}): Promise<HaproxyRun> {
  const binary = haproxyBinary()
  const check = spawnSync(binary, ['-c', '-q', '-f', HAPROXY_CONFIG], { encoding: 'utf8' })
  if (check.status !== 0) throw new Error(`deploy/haproxy.cfg is invalid:\n${check.stderr}`)
  const child: ChildProcess = spawn(binary, ['-db', '-f', HAPROXY_CONFIG], {
    env: {
      ...process.env,
      SLOTWISE_LB_BIND: `127.0.0.1:${options.port}`,
      SLOTWISE_STATS_BIND: `127.0.0.1:${options.statsPort}`,
      SLOTWISE_API_1: `127.0.0.1:${options.apiPorts[0]}`,
      SLOTWISE_API_2: `127.0.0.1:${options.apiPorts[1]}`,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const url = `http://127.0.0.1:${options.port}`
  const statsUrl = `http://127.0.0.1:${options.statsPort}`
  const servers = async () => {
    const csv = await (await fetch(`${statsUrl}/;csv`)).text()
    const [header, ...rows] = csv.trim().split('\n')
    const columns = (header ?? '').replace(/^# /, '').split(',')
    const at = (name: string) => columns.indexOf(name)
    const result = new Map<string, { status: string; requests: number }>()
    for (const row of rows) {
      const cells = row.split(',')
      if (cells[at('pxname')] !== 'api' || !/^api\d+$/.test(cells[at('svname')] ?? '')) continue
      result.set(cells[at('svname')] ?? '', {
        status: cells[at('status')] ?? '',
        requests: Number(cells[at('hrsp_2xx')] ?? 0),
      })
    }
    return result
  }
  const deadline = Date.now() + 10_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited:\n${stderr}`)
    try {
      await servers()
      break
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`HAProxy did not start: ${error}\n${stderr}`)
      await new Promise((done) => setTimeout(done, 100))
    }
  }
  return {
    url,
    statsUrl,
    servers,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await exited
    },
  }
}
