import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface AuthEmulatorOptions {
  /** Port of the Auth emulator; a free one when left out (tests running side by side). */
  port?: number
  projectId?: string
  /** Keep accounts across restarts: imported from and exported to this folder. */
  exportDir?: string
  /** Called with each line the emulator prints (default: dropped). */
  onOutput?: (line: string) => void
}

export interface AuthEmulator {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  host: string
  /** http://host:port, the form the browser SDK's connectAuthEmulator takes. */
  url: string
  projectId: string
  stop(): Promise<void>
}

// About 10 s on a quiet machine; several suites starting at once on two cores take far longer.
const readyTimeoutMs = 150_000

/**
 * Starts the Firebase Auth emulator from the installed firebase-tools, offline and without
 * its UI (which it would otherwise try to download), and resolves once it answers.
 *
 * Ports come from a generated firebase config, and the emulator hub and logging always get
 * free ports, so test runs never collide with each other or with a developer's `npm start`.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions = {}): Promise<AuthEmulator> {
  const projectId = options.projectId ?? 'demo-slotwise'
  const port = options.port ?? (await freePort())
  const host = `127.0.0.1:${port}`
  if (await isAuthEmulatorUp(host)) {
    throw new Error(`Port ${port} is taken: something already answers on ${host}.`)
  }

  const configDir = mkdtempSync(join(tmpdir(), 'slotwise-emulator-'))
  const configPath = join(configDir, 'firebase.json')
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: await freePort() },
        logging: { host: '127.0.0.1', port: await freePort() },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  )

  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configPath]
  if (options.exportDir) {
    mkdirSync(options.exportDir, { recursive: true })
    if (existsSync(join(options.exportDir, 'firebase-export-metadata.json'))) {
      args.push('--import', options.exportDir)
    }
    args.push('--export-on-exit', options.exportDir)
  }

  const child = spawn(process.execPath, [firebaseCli(), ...args], {
    cwd: configDir,
    // CI=true skips the CLI's message-of-the-day fetch, which waits on the internet.
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: '', CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  })
  const output: string[] = []
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue
      output.push(line)
      options.onOutput?.(line)
    }
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)

  try {
    await waitUntilUp(host, child)
  } catch (error) {
    child.kill('SIGKILL')
    const tail = output.slice(-15).join('\n')
    throw new Error(`${(error as Error).message}\n--- emulator output ---\n${tail}`)
  }
  const stop = async () => {
    await stopChild(child)
    rmSync(configDir, { recursive: true, force: true })
  }
  return { host, url: `http://${host}`, projectId, stop }
}

export async function isAuthEmulatorUp(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) })
    return response.ok && 'authEmulator' in ((await response.json()) as object)
  } catch {
    return false
  }
}

/** Deletes every account in the emulator's project (between tests). */
export async function clearAuthEmulatorAccounts(host: string, projectId: string): Promise<void> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, {
    method: 'DELETE',
  })
  if (!response.ok) throw new Error(`Clearing emulator accounts failed: ${response.status}`)
}

/** A port nothing listens on right now, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

function firebaseCli(): string {
  const require = createRequire(import.meta.url)
  return join(require.resolve('firebase-tools/package.json'), '..', 'lib', 'bin', 'firebase.js')
}

async function waitUntilUp(host: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + readyTimeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The Auth emulator exited with code ${child.exitCode} before it was ready.`)
    }
    if (await isAuthEmulatorUp(host)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The Auth emulator did not answer on ${host} within ${readyTimeoutMs / 1000} s.`)
}

/** SIGINT lets the emulator export its accounts (--export-on-exit) before it exits. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const forceKill = setTimeout(() => child.kill('SIGKILL'), 15_000)
    child.once('exit', () => {
      clearTimeout(forceKill)
      resolve()
    })
    child.kill('SIGINT')
  })
}
