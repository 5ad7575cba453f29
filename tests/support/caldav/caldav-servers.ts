/*
 * Real CalDAV servers for the connector's tests, from Debian: Radicale (basic auth from a plain
 * htpasswd file, each user owning their own collections, one calendar read-only) and xandikos (no auth; one principal,
 * /user/, with a default calendar). Each starts on a free port in a folder of its own and is
 * stopped, folder removed, by `stop()`. One server per test file.
 */

import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../../../scripts/lib/auth-emulator.ts'

export interface CalDavServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  username: string
  password: string
  /** Where this user's calendars are made (`<origin>/alice/`). */
  home: string
  /** Stops it and removes its folder; stopping it again does nothing. */
  stop(): Promise<void>
}

export async function startRadicale(): Promise<CalDavServer> {
  const folder = mkdtempSync(join(tmpdir(), 'slotwise-radicale-'))
  const port = await freePort()
  const [username, password] = ['alice', 'a secret, with ünïcode']
  writeFileSync(join(folder, 'users'), `${username}:${password}\n`)
  // Radicale's owner_only rules, but for one calendar shared read-only with the user (made on
  // disk below, since the user may not make it).
  writeFileSync(
    join(folder, 'rights'),
    [
      '[read-only calendar]\nuser: .+\ncollection: {user}/read-only\npermissions: r',
      '[own calendars]\nuser: .+\ncollection: {user}/[^/]+\npermissions: rw',
      '[own principal]\nuser: .+\ncollection: {user}\npermissions: RW',
      '[root]\nuser: .+\ncollection:\npermissions: R',
      '',
    ].join('\n'),
  )
  const readOnly = join(folder, 'collections', 'collection-root', username, 'read-only')
  mkdirSync(readOnly, { recursive: true })
  writeFileSync(
    join(readOnly, '.Radicale.props'),
    JSON.stringify({ 'D:displayname': 'Read only', tag: 'VCALENDAR' }),
  )
  writeFileSync(
    join(folder, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${join(folder, 'users')}`,
      'htpasswd_encryption = plain',
      // Radicale waits a second after a wrong password by default; the test needs no delay.
      'delay = 0',
      '[rights]',
      'type = from_file',
      `file = ${join(folder, 'rights')}`,
      '[storage]',
      `filesystem_folder = ${join(folder, 'collections')}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  )
  return startServer({
    binary: binary('radicale'),
    args: ['--config', join(folder, 'config')],
    folder,
    port,
    username,
    password,
    home: `http://127.0.0.1:${port}/${username}/`,
  })
}

export async function startXandikos(): Promise<CalDavServer> {
  const folder = mkdtempSync(join(tmpdir(), 'slotwise-xandikos-'))
  const port = await freePort()
  return startServer({
    binary: binary('xandikos'),
    args: ['-d', join(folder, 'dav'), '-l', '127.0.0.1', '--port', String(port), '--defaults'],
    folder,
    port,
    // xandikos has no authentication: whatever is sent is let through.
    username: 'user',
    password: 'unused',
    home: `http://127.0.0.1:${port}/user/calendars/`,
  })
}

function binary(name: string): string {
  const path = `/usr/bin/${name}`
  if (!existsSync(path)) {
    throw new Error(`${name} is not installed: \`apt-get install -y ${name}\` (CI installs it).`)
  }
  return path
}

async function startServer(setup: {
  binary: string
  args: string[]
  folder: string
  port: number
  username: string
  password: string
  home: string
}): Promise<CalDavServer> {
  const origin = `http://127.0.0.1:${setup.port}`
  const child = await launch(setup.binary, setup.args, origin)
  return {
    origin,
    username: setup.username,
    password: setup.password,
    home: setup.home,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(setup.folder, { recursive: true, force: true })
    },
  }
}

/** Spawns the server and waits until it answers HTTP at all (any status). */
async function launch(binary: string, args: string[], origin: string): Promise<ChildProcess> {
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${binary} exited:\n${stderr}`)
    try {
      await fetch(origin, { method: 'OPTIONS', signal: AbortSignal.timeout(1_000) })
      return child
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${binary} did not start: ${error}\n${stderr}`)
      await new Promise((done) => setTimeout(done, 100))
    }
  }
}
