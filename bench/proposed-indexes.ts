import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { Database } from '../server/db/database.ts'
import { createMutex } from '../server/db/mutex.ts'
import * as schema from '../server/db/schema.ts'

/**
 * The indexes docs/benchmarks.md proposes for the customer list, exactly as a migration
 * would create them. Sorting by name or e-mail then reads the first page off a b-tree
 * instead of sorting every customer; the trigram indexes serve `lower(x) like '%text%'`.
 */
export const proposedIndexStatements = [
  'create extension if not exists pg_trgm',
  'create index if not exists customers_tenant_lower_name_idx on customers (tenant_id, lower(name), id)',
  'create index if not exists customers_tenant_lower_email_idx on customers (tenant_id, lower(email), id)',
  // "-email" keeps customers without an e-mail last, so it is not the mirror of "email".
  'create index if not exists customers_tenant_lower_email_desc_idx on customers (tenant_id, lower(email) desc nulls last, id desc)',
  // PGlite runs no autovacuum to flush a GIN index's pending list, so write straight into it.
  'create index if not exists customers_lower_name_trgm_idx on customers using gin (lower(name) gin_trgm_ops) with (fastupdate = off)',
  'create index if not exists customers_lower_email_trgm_idx on customers using gin (lower(email) gin_trgm_ops) with (fastupdate = off)',
  // The phone's digits, as the search compares them (PHONE_PUNCTUATION in customer-search.ts).
  "create index if not exists customers_phone_digits_trgm_idx on customers using gin (translate(phone, '+ ()./-', '') gin_trgm_ops) with (fastupdate = off)",
]

const migrationsFolder = fileURLToPath(new URL('../server/db/migrations', import.meta.url))

/**
 * PGlite as server/db/database.ts opens it, plus the pg_trgm extension (which PGlite must be
 * given when it starts) and the proposed indexes. Only for measuring the proposal.
 */
export async function openPgliteWithProposedIndexes(
  dataDir: string | undefined,
): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true })
  const client = await PGlite.create({
    dataDir: dataDir ? join(dataDir, 'pglite') : undefined,
    extensions: { btree_gist, pg_trgm },
  })
  const db = drizzle({ client, schema })
  const runExclusive = createMutex()
  return {
    kind: 'pglite',
    db,
    transaction: (work) => runExclusive(() => db.transaction((tx) => work(tx))),
    migrate: () =>
      runExclusive(async () => {
        await migrate(db, { migrationsFolder })
        for (const statement of proposedIndexStatements) await db.execute(sql.raw(statement))
      }),
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: () => client.close(),
  }
}
