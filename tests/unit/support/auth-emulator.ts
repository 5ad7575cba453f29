import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const PROJECT_ID = 'demo-slotwise'
const firebaseCli = resolve('node_modules/firebase-tools/lib/bin/firebase.js')

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

async function isUp(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) })
    return response.ok
  } catch {
    return false
  }
}

/**
 * A private Firebase Auth emulator (the real one from firebase-tools) on free ports, so it
 * never collides with one the app or another suite is running on 9099.
 */
export async function startAuthEmulator(): Promise<{ url: string; stop: () => Promise<void> }> {
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()]
  const dir = await mkdtemp(join(tmpdir(), 'slotwise-unit-auth-'))
  await writeFile(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  )
  const output: string[] = []
  const child: ChildProcess = spawn(
    process.execPath,
    [
      firebaseCli,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT_ID,
      '--config',
      join(dir, 'firebase.json'),
    ],
    // CI=true skips the CLI's message-of-the-day fetch, which waits on the internet.
    { cwd: dir, env: { ...process.env, CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))

  const url = `http://127.0.0.1:${authPort}`
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(forced)
    }
    await rm(dir, { recursive: true, force: true })
  }

  const deadline = Date.now() + 120_000
  while (!(await isUp(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`Auth emulator did not start:\n${output.join('')}`)
    }
    await new Promise((wait) => setTimeout(wait, 250))
  }
  return { url, stop }
}
