/**
 * Backups of the database the server uses: PostgreSQL (DATABASE_URL) through `pg_dump -Fc`
 * and `pg_restore`, or embedded PGlite (DATA_DIR) as a gzipped tarball of its data directory
 * (PGlite's own `dumpDataDir`, restored with `loadDataDir`).
 *
 * PGlite is one process's database: its files are copied only while no server has them open
 * (its `postmaster.pid` says one has), so a PGlite backup is taken with the server stopped.
 * PostgreSQL is dumped while it serves: pg_dump reads one consistent snapshot.
 */
import { spawnSync } from 'node:child_process'
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { findPostgresTool } from './postgres.ts'

export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string }

/** A problem the operator fixes (a missing file, a database in use): printed without a stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupError'
  }
}

/** The database the server would open with these settings: DATABASE_URL wins, as it does there. */
export function backupTarget(settings: {
  databaseUrl?: string | undefined
  dataDir?: string | undefined
}): BackupTarget {
  const url = settings.databaseUrl?.trim()
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new BackupError(
        'DATABASE_URL must be a postgres:// or postgresql:// connection string.',
      )
    }
    return { kind: 'postgres', url }
  }
  return { kind: 'pglite', dataDir: resolve(settings.dataDir?.trim() || 'data') }
}

/** Where a backup goes when no file is named: `backups/slotwise-<kind>-<UTC time>.<ext>`. */
export function defaultBackupFile(target: BackupTarget, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z')
  return resolve(
    'backups',
    target.kind === 'postgres'
      ? `slotwise-postgres-${stamp}.dump`
      : `slotwise-pglite-${stamp}.tar.gz`,
  )
}

export interface BackupSummary {
  file: string
  bytes: number
  /** Appointments in the database backed up or restored, a figure to check against. */
  appointments: number
}

export async function backUp(target: BackupTarget, file: string): Promise<BackupSummary> {
  if (existsSync(file)) {
    throw new BackupError(`${file} already exists; name a new file, so no backup is overwritten.`)
  }
  mkdirSync(dirname(file), { recursive: true })
  return target.kind === 'postgres'
    ? backUpPostgres(target.url, file)
    : backUpPglite(target.dataDir, file)
}

export async function restore(
  target: BackupTarget,
  file: string,
  options: { force: boolean },
): Promise<BackupSummary & { setAside?: string }> {
  const kind = backupKindOf(file)
  if (kind !== target.kind) {
    throw new BackupError(
      kind === 'postgres'
        ? `${file} is a PostgreSQL backup (pg_dump); restore it with DATABASE_URL naming an empty PostgreSQL database.`
        : `${file} is an embedded (PGlite) backup; restore it without DATABASE_URL, into DATA_DIR.`,
    )
  }
  return target.kind === 'postgres'
    ? restorePostgres(target.url, file, options.force)
    : restorePglite(target.dataDir, file, options.force)
}

/** What a file holds, by its first bytes: pg_dump's custom format or a gzipped PGlite tarball. */
function backupKindOf(file: string): BackupTarget['kind'] {
  if (!existsSync(file)) throw new BackupError(`There is no backup file at ${file}.`)
  if (!statSync(file).isFile()) throw new BackupError(`${file} is not a file.`)
  const head = Buffer.alloc(5)
  const descriptor = openSync(file, 'r')
  try {
    readSync(descriptor, head, 0, 5, 0)
  } finally {
    closeSync(descriptor)
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres'
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite'
  throw new BackupError(
    `${file} is not a Slotwise backup (neither pg_dump's custom format nor a PGlite data directory tarball).`,
  )
}

// --- PGlite ---------------------------------------------------------------------------------

const pgliteExtensions = { btree_gist, pg_trgm }

/** PGlite keeps its files in `<DATA_DIR>/pglite`, as server/db/database.ts opens them. */
function pgliteDirOf(dataDir: string) {
  return join(dataDir, 'pglite')
}

function refuseWhileOpen(pgliteDir: string) {
  if (existsSync(join(pgliteDir, 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database in ${pgliteDir} is in use: stop the server first (Ctrl-C in npm start). ` +
        'If no server runs, it was stopped abruptly: start it once and stop it with Ctrl-C, then try again.',
    )
  }
}

async function backUpPglite(dataDir: string, file: string): Promise<BackupSummary> {
  const pgliteDir = pgliteDirOf(dataDir)
  if (!existsSync(join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${pgliteDir}: set DATA_DIR to the server's data folder, or DATABASE_URL for PostgreSQL.`,
    )
  }
  refuseWhileOpen(pgliteDir)
  const client = await PGlite.create({ dataDir: pgliteDir, extensions: pgliteExtensions })
  try {
    const appointments = await countAppointments((sql) => client.query(sql))
    const dump = await client.dumpDataDir('gzip')
    const bytes = Buffer.from(await dump.arrayBuffer())
    writeFileSync(file, bytes, { mode: 0o600 })
    return { file, bytes: bytes.length, appointments }
  } finally {
    await client.close()
  }
}

async function restorePglite(
  dataDir: string,
  file: string,
  force: boolean,
): Promise<BackupSummary & { setAside?: string }> {
  const pgliteDir = pgliteDirOf(dataDir)
  const occupied = existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0
  if (occupied) {
    refuseWhileOpen(pgliteDir)
    if (!force) {
      throw new BackupError(
        `${pgliteDir} already holds a database. Restore into an empty DATA_DIR, or pass --force to set the current one aside (it is kept, renamed) and restore in its place.`,
      )
    }
  }
  // Unpacked beside the target and moved into place only when it opens and answers, so a bad
  // file never leaves a half-restored database where the server would open it.
  const stamp = Date.now()
  const staging = `${pgliteDir}.restoring-${stamp}`
  mkdirSync(dataDir, { recursive: true })
  let appointments: number
  try {
    const client = await PGlite.create({
      dataDir: staging,
      extensions: pgliteExtensions,
      loadDataDir: new Blob([readFileSync(file)]),
    }).catch((error: unknown) => {
      throw new BackupError(
        `${file} could not be unpacked as a PGlite data directory: ${error instanceof Error ? error.message : String(error)}`,
      )
    })
    try {
      appointments = await countAppointments((sql) => client.query(sql))
    } finally {
      await client.close()
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    throw error
  }
  let setAside: string | undefined
  if (existsSync(pgliteDir)) {
    if (occupied) {
      setAside = `${pgliteDir}.before-restore-${stamp}`
      renameSync(pgliteDir, setAside)
    } else {
      rmSync(pgliteDir, { recursive: true, force: true })
    }
  }
  renameSync(staging, pgliteDir)
  return { file, bytes: statSync(file).size, appointments, ...(setAside ? { setAside } : {}) }
}

// --- PostgreSQL -----------------------------------------------------------------------------

function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const path = findPostgresTool(name)
  if (!path) {
    throw new BackupError(
      `${name} is missing: install PostgreSQL's client programs (Debian: apt-get install postgresql-client), the same major version as the server or newer.`,
    )
  }
  return path
}

/**
 * The connection for the client programs: the URL without its password, which goes into
 * PGPASSWORD instead, so it never shows in the process list.
 */
function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, what: string) {
  const result = spawnSync(command, args, { env, encoding: 'utf8' })
  if (result.error) throw new BackupError(`${what} could not run: ${result.error.message}`)
  if (result.status !== 0) {
    throw new BackupError(`${what} failed:\n${(result.stderr || result.stdout).trim()}`)
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
  } catch (error) {
    throw new BackupError(
      `Cannot connect to the database at DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function backUpPostgres(url: string, file: string): Promise<BackupSummary> {
  const appointments = await withClient(url, (client) =>
    countAppointments((sql) => client.query(sql)),
  )
  const { dbname, env } = connectionFor(url)
  try {
    run(
      postgresTool('pg_dump'),
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
      env,
      'pg_dump',
    )
  } catch (error) {
    rmSync(file, { force: true })
    throw error
  }
  return { file, bytes: statSync(file).size, appointments }
}

async function restorePostgres(url: string, file: string, force: boolean): Promise<BackupSummary> {
  const tables = await withClient(url, async (client) => {
    const result = await client.query<{ n: string }>(
      `select count(*) as n from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema')`,
    )
    return Number(result.rows[0]?.n ?? 0)
  })
  if (tables > 0 && !force) {
    throw new BackupError(
      `The database at DATABASE_URL is not empty (${tables} tables). Restore into a new, empty database (e.g. createdb slotwise_restored), or pass --force to replace what is there.`,
    )
  }
  const { dbname, env } = connectionFor(url)
  run(
    postgresTool('pg_restore'),
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      // All or nothing: a failure leaves the database as it was.
      '--single-transaction',
      ...(tables > 0 ? ['--clean', '--if-exists'] : []),
      `--dbname=${dbname}`,
      file,
    ],
    env,
    'pg_restore',
  )
  const appointments = await withClient(url, (client) =>
    countAppointments((sql) => client.query(sql)),
  )
  return { file, bytes: statSync(file).size, appointments }
}

/** 0 for a database the server never migrated. */
async function countAppointments(
  query: (sql: string) => Promise<{ rows: unknown[] }>,
): Promise<number> {
  const exists = await query(`select to_regclass('public.appointments') is not null as present`)
  if (!(exists.rows[0] as { present: boolean }).present) return 0
  const result = await query('select count(*)::int as n from appointments')
  return (result.rows[0] as { n: number }).n
}
