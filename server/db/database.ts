import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { createMutex } from './mutex.ts'
import { type Listening, listenOnPostgres } from './pg-notification-listener.ts'
import * as schema from './schema.ts'
import { sqlStateOf } from './sql-state.ts'

export type Schema = typeof schema

/**
 * A drizzle handle that works the same on PGlite and PostgreSQL: the root database or an open
 * transaction. Repositories take this, so they run inside or outside a transaction unchanged.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  readonly kind: 'pglite' | 'postgres'
  readonly db: Db
  /** Runs `work` in one transaction; on PGlite transactions are queued one at a time. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>
  /** Applies pending migrations from server/db/migrations. */
  migrate(): Promise<void>
  /** Throws when the database does not answer. */
  ping(): Promise<void>
  /**
   * Calls `onPayload` with every NOTIFY on `channel` (from any process, once its transaction
   * commits). On PostgreSQL a dedicated connection listens and reconnects when dropped
   * (`onError` on the loss, `onReconnected` once it listens again); the returned function
   * stops listening (stop before `close()`), and its `sync()` waits until every NOTIFY
   * committed before the call has reached `onPayload`.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    events?: ListenEvents,
  ): Promise<Listening>
  /**
   * Embedded PGlite only (undefined on PostgreSQL): the database's files as one tarball, which
   * `DatabaseOptions.pgliteFiles` opens again.
   */
  dumpFiles?: () => Promise<Blob>
  /**
   * Connections for `/metrics`: the pool's total, idle and waiting queries on PostgreSQL;
   * PGlite's one connection and the transactions queued for it.
   */
  poolStats?: () => { total: number; idle: number; waiting: number }
  close(): Promise<void>
}

/**
 * What happens to a LISTEN connection (PostgreSQL only: PGlite's never drops). Notifications
 * sent between `onConnectionLost` and `onReconnected` are gone, so whatever was kept up to date
 * by them (live sockets, caches) must be refreshed once LISTEN is back.
 */
export interface ListenEvents {
  /** The connection dropped; the listener reconnects by itself, with backoff. */
  onConnectionLost?: (error: unknown) => void
  /** One reconnect attempt failed (the database is still down); the next one is scheduled. */
  onReconnectFailed?: (error: unknown) => void
  /** LISTEN is active again after a loss. */
  onReconnected?: () => void
}

export interface DatabaseOptions {
  /** PostgreSQL connection string (DATABASE_URL); wins over dataDir. */
  url?: string
  /** Folder for embedded data; PGlite keeps its files in `<dataDir>/pglite`. */
  dataDir?: string
  /**
   * An in-memory PGlite started from these files (`dumpFiles()` of another) instead of an empty
   * cluster: the API tests start each database from one migrated copy, about a second instead
   * of the ten that creating a cluster and migrating it take.
   */
  pgliteFiles?: Blob
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

// Any constant works; it only has to be the same for every process migrating one database.
const MIGRATION_LOCK_KEY = 7_305_118_226

/**
 * Opens PostgreSQL when `url` is given, else embedded PGlite on disk under `dataDir`, else an
 * in-memory PGlite (tests). Both speak the same SQL and share one set of migrations.
 */
export async function createDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) return openPostgres(options.url)
  return openPglite(options.dataDir, options.pgliteFiles)
}

async function openPglite(dataDir: string | undefined, files: Blob | undefined): Promise<Database> {
  let pgliteDir: string | undefined
  if (dataDir) {
    await mkdir(dataDir, { recursive: true })
    pgliteDir = join(dataDir, 'pglite')
  }
  const client = await PGlite.create({
    dataDir: pgliteDir,
    extensions: { btree_gist, pg_trgm },
    ...(files ? { loadDataDir: files } : {}),
  })
  const db = drizzlePglite({ client, schema })
  const runExclusive = createMutex()
  return {
    kind: 'pglite',
    db,
    transaction: (work) => runExclusive(() => db.transaction((tx) => work(tx))),
    migrate: () => runExclusive(() => migratePglite(db, { migrationsFolder })),
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload)
      // One process, one backend: PGlite hands a transaction's notifications to its listeners
      // while the commit runs, before the commit resolves, so there is nothing to wait for.
      return Object.assign(() => unlisten(), { sync: async () => {} })
    },
    dumpFiles: () => runExclusive(async () => (await client.dumpDataDir('none')) as Blob),
    poolStats: () => {
      const queued = runExclusive.queued()
      return { total: 1, idle: queued === 0 ? 1 : 0, waiting: Math.max(0, queued - 1) }
    },
    close: () => client.close(),
  }
}

/**
 * Bounds on every pooled connection, so a database that is down, restarting or stuck answers
 * a request with a 503 in seconds instead of holding it (and its socket) forever. The two
 * timeouts go as startup parameters; pgbouncer refuses those unless its
 * `ignore_startup_parameters` lists them (then set them on the database role instead).
 */
export const POOL_LIMITS = {
  /** Waiting for a connection: a refused one fails at once, a hanging one or a full pool not longer. */
  connectionTimeoutMillis: 5_000,
  /** A statement running longer is cancelled by the server (57014, answered 503). */
  statement_timeout: 30_000,
  /** A transaction left open by a stuck process stops holding its locks after this. */
  idle_in_transaction_session_timeout: 60_000,
  /** A peer that vanished without closing (network, VM) is noticed in seconds, not hours. */
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} as const

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, ...POOL_LIMITS })
  // An idle client that loses its connection emits 'error' on the pool; without a listener
  // that would crash the process instead of failing only the next query.
  pool.on('error', () => {})
  // The same for a client that is checked out between two queries (a transaction doing its
  // work in JavaScript) when the server goes away: nobody listens then either. Its next query
  // fails instead (answered 503), and the pool discards it when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = drizzleNodePg({ client: pool, schema })
  return {
    kind: 'postgres',
    db,
    transaction: (work) => withRetryOnConflict(() => db.transaction((tx) => work(tx))),
    migrate: async () => {
      // Several API processes may start at once; the advisory lock lets one migrate at a time.
      const client = await pool.connect()
      try {
        // Building an index on a big table may take longer than any request should.
        await client.query('set statement_timeout = 0')
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder })
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
        }
      } finally {
        // Destroyed, not returned: its session no longer has the pool's statement_timeout.
        client.release(true)
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    listen: (channel, onPayload, events = {}) =>
      listenOnPostgres({ connectionString: url, channel, onPayload, ...events }),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  }
}

/** Deadlock detected, serialization failure: PostgreSQL rolled the transaction back whole. */
const RETRYABLE_SQLSTATES = new Set(['40P01', '40001'])
const MAX_ATTEMPTS = 4

/**
 * Runs a transaction again when PostgreSQL aborted it as a deadlock victim or a serialization
 * failure. Both roll everything back, so a retry is safe. They are rare (bookings queue on
 * the member's schedule lock instead of deadlocking in the exclusion constraint), but any
 * two transactions that lock rows in different orders can meet one; a retry answers then
 * instead of a 500.
 */
async function withRetryOnConflict<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE_SQLSTATES.has(sqlStateOf(error) ?? '')) throw error
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt))
    }
  }
}
