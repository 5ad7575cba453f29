import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process'
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { constants, tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import pg from 'pg'
import { freePort } from './auth-emulator.ts'

/** The binaries a throw-away cluster needs, all from one installation. */
export interface PostgresBinaries {
  initdb: string
  pgCtl: string
}

export interface TestPostgres {
  /** Superuser connection string, the form TEST_DATABASE_URL takes. */
  url: string
  /** Major version of the server, e.g. `15`. */
  version: string
  /** Stops the cluster and deletes its files; safe to call more than once. */
  stop(): void
}

const isRoot = process.getuid?.() === 0

/**
 * Where PostgreSQL's server binaries are: on PATH, else Debian's /usr/lib/postgresql/<major>/bin
 * (the newest), which the `postgresql` package does not put on PATH.
 */
export function findPostgresBinaries(): PostgresBinaries | undefined {
  const debianDirs = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
        .map((major) => join('/usr/lib/postgresql', major, 'bin'))
    : []
  const pathDirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean)
  for (const dir of [...pathDirs, ...debianDirs]) {
    const initdb = join(dir, 'initdb')
    const pgCtl = join(dir, 'pg_ctl')
    if (existsSync(initdb) && existsSync(pgCtl)) return { initdb, pgCtl }
  }
  return undefined
}

/**
 * A PostgreSQL client program (`pg_dump`, `pg_restore`): beside the server binaries
 * `findPostgresBinaries` finds (the newest installation, which reads every older server),
 * else on PATH.
 */
export function findPostgresTool(name: 'pg_dump' | 'pg_restore'): string | undefined {
  const binaries = findPostgresBinaries()
  const dirs = [
    ...(binaries ? [dirname(binaries.initdb)] : []),
    ...(process.env.PATH ?? '').split(delimiter).filter(Boolean),
  ]
  return dirs.map((dir) => join(dir, name)).find((path) => existsSync(path))
}

/**
 * Makes sure a PostgreSQL server can be started for the second API pass: nothing to do when
 * TEST_DATABASE_URL names one or the binaries are there; as root, installs Debian's
 * `postgresql` package; otherwise stops at once with the one command to run.
 */
export function ensurePostgres(): void {
  if (process.env.TEST_DATABASE_URL || findPostgresBinaries()) return
  if (!isRoot) {
    console.error(
      'PostgreSQL is missing: run `sudo apt-get install -y postgresql` (or set TEST_DATABASE_URL to a server you may create databases on), then npm test again.',
    )
    process.exit(1)
  }
  console.log('PostgreSQL is missing: installing Debian’s postgresql package…')
  execFileSync('bash', ['-c', aptInstallScript], { stdio: 'inherit' })
}

// The package would create and start a "main" cluster on port 5432 that nothing here uses;
// the tests start their own throw-away clusters instead.
const aptInstallScript = `set -e
mkdir -p /etc/postgresql-common/createcluster.d
echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/slotwise-no-main-cluster.conf
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >/dev/null`

/**
 * A PostgreSQL server for tests: the one TEST_DATABASE_URL names (nothing is started), or a
 * throw-away cluster in a temporary folder — trust authentication, listening on 127.0.0.1
 * only, on a free port (or TEST_POSTGRES_PORT), its socket in that folder, durability off
 * (the data dies with the run). `stop` also runs when the process exits or is interrupted,
 * and a detached watcher cleans up should this process be killed outright.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const given = process.env.TEST_DATABASE_URL
  if (given) return { url: given, version: await serverVersion(given), stop: () => {} }
  return startPostgresCluster({
    port: process.env.TEST_POSTGRES_PORT ? Number(process.env.TEST_POSTGRES_PORT) : undefined,
  })
}

/** A throw-away cluster of this process's own, which a fault test may stop and start again. */
export interface PostgresCluster extends TestPostgres {
  /**
   * Stops the server as an operator or a crash would: `fast` disconnects every client and shuts
   * down cleanly, `immediate` aborts like a power cut (crash recovery on the next start).
   * Its files stay for `resume`. Asynchronous, so the caller's own traffic goes on meanwhile.
   */
  halt(mode: 'fast' | 'immediate'): Promise<void>
  /** Starts the halted server again on the same port; resolves once it accepts connections. */
  resume(): Promise<void>
}

/**
 * A throw-away cluster (see startTestPostgres) that is always started here, whatever
 * TEST_DATABASE_URL says: fault tests restart it, which a shared server must not suffer.
 */
export async function startPostgresCluster(
  options: {
    port?: number | undefined
    /**
     * Keep PostgreSQL's own durability (fsync, synchronous commit): a test that crashes the
     * server (`-m immediate`) and then counts what was acknowledged needs it, since without it
     * a commit is answered before its WAL is written and a crash loses it, by design.
     */
    durable?: boolean
  } = {},
): Promise<PostgresCluster> {
  const binaries = findPostgresBinaries()
  if (!binaries) throw new Error('PostgreSQL binaries not found; call ensurePostgres() first.')
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-pg-'))
  const dataDir = join(dir, 'data')
  // initdb and the server refuse to run as root; they run as the `postgres` user instead,
  // which must own the folder.
  const owner = isRoot ? postgresUser() : undefined
  if (owner) chownSync(dir, owner.uid, owner.gid)
  const runAsOwner = (command: string, args: string[]) =>
    spawnSync(command, args, { cwd: dir, encoding: 'utf8', ...(owner ?? {}) })

  let started = false
  const stop = () => {
    if (started) {
      started = false
      runAsOwner(binaries.pgCtl, ['stop', '-D', dataDir, '-m', 'fast', '-w'])
    }
    rmSync(dir, { recursive: true, force: true })
    process.off('exit', stop)
    for (const signal of stopSignals) process.off(signal, onSignal)
  }
  const onSignal = (signal: NodeJS.Signals) => {
    stop()
    process.exit(128 + constants.signals[signal])
  }
  process.on('exit', stop)
  for (const signal of stopSignals) process.on(signal, onSignal)

  try {
    // Collation C with UTF-8 character classes, as PGlite has it, so both passes sort alike.
    const init = runAsOwner(binaries.initdb, [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--lc-collate=C',
      '--no-sync',
      '--no-instructions',
    ])
    if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`)
    appendFileSync(
      join(dataDir, 'postgresql.conf'),
      [
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        // Each API test file opens a pool of 10, and Vitest runs several files at once.
        'max_connections = 500',
        // Speed for throw-away data; a crash then loses recent commits (see `durable`).
        ...(options.durable
          ? []
          : ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']),
        '',
      ].join('\n'),
    )

    const logFile = join(dir, 'server.log')
    const pinnedPort = options.port
    // -w waits until the server accepts connections.
    const startOn = (port: number) =>
      runAsOwner(binaries.pgCtl, [
        'start',
        '-D',
        dataDir,
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        '-o',
        `-p ${port}`,
      ])
    for (let attempt = 1; ; attempt++) {
      const port = pinnedPort ?? (await freePort())
      const start = startOn(port)
      if (start.status === 0) {
        started = true
        cleanUpAfterDeath(dataDir, dir)
        const url = `postgres://postgres@127.0.0.1:${port}/postgres`
        const pgCtl = (args: string[]) =>
          new Promise<void>((resolve, reject) => {
            execFile(binaries.pgCtl, args, { cwd: dir, ...(owner ?? {}) }, (error, _out, err) =>
              error ? reject(new Error(`pg_ctl ${args[0]} failed:\n${err}`)) : resolve(),
            )
          })
        const halt = (mode: 'fast' | 'immediate') =>
          pgCtl(['stop', '-D', dataDir, '-m', mode, '-w'])
        const resume = () =>
          pgCtl(['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', `-p ${port}`])
        return { url, version: await serverVersion(url), stop, halt, resume }
      }
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''
      // Another process may have taken the port between our check and the server's bind.
      if (!pinnedPort && attempt < 3 && /already in use/.test(log)) continue
      throw new Error(
        `PostgreSQL did not start:\n${start.stderr}${log.split('\n').slice(-15).join('\n')}`,
      )
    }
  } catch (error) {
    stop()
    throw error
  }
}

const stopSignals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP']

/**
 * A detached watcher that stops the server and deletes its folder once this process is gone,
 * however it went: a parent that runs us (`tsx`, npm) may SIGKILL us on Ctrl-C while an exit
 * handler is still stopping the server. When `stop` already did the work, it finds nothing.
 */
function cleanUpAfterDeath(dataDir: string, dir: string) {
  const script = `while kill -0 "$0" 2>/dev/null; do sleep 0.5; done
if [ -f "$1/postmaster.pid" ]; then
  server=$(head -n 1 "$1/postmaster.pid")
  kill -INT "$server" 2>/dev/null
  while kill -0 "$server" 2>/dev/null; do sleep 0.2; done
fi
rm -rf "$2"`
  spawn('sh', ['-c', script, String(process.pid), dataDir, dir], {
    detached: true,
    stdio: 'ignore',
  }).unref()
}

function postgresUser(): { uid: number; gid: number } {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    return { uid, gid }
  } catch {
    throw new Error(
      'Running as root, but there is no `postgres` user to run the server as: install Debian’s postgresql package or set TEST_DATABASE_URL.',
    )
  }
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query<{ server_version: string }>('show server_version')
    return result.rows[0]?.server_version.split(/[.\s]/)[0] ?? 'unknown'
  } finally {
    await client.end()
  }
}
