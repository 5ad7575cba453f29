import { and, eq, isNull, sql } from 'drizzle-orm'
import type { CustomerFieldValues, ExistingCustomer } from '../../domain/customer-import-plan.ts'
import type { Db } from '../database.ts'
import { customers, tenants } from '../schema.ts'

// Rows per statement: one JSON parameter carries them all, so the count is bounded by memory
// and the size of one statement's work, not by PostgreSQL's 65,535 parameters.
const ROWS_PER_STATEMENT = 2500

/** The columns of a customer an import writes, as one JSON record per customer. */
function records(rows: readonly CustomerFieldValues[]): string {
  return JSON.stringify(
    rows.map((row) => ({
      name: row.name,
      email: row.email,
      phone: row.phone,
      notes: row.notes,
      tags: row.tags,
      marketing_consent: row.marketingConsent,
      ...('id' in row ? { id: row.id } : {}),
    })),
  )
}

function* chunks<T>(rows: readonly T[]): Generator<readonly T[]> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT)
    yield rows.slice(start, start + ROWS_PER_STATEMENT)
}

/** The SQL of an import of customers: the business's customers read once, written in bulk. */
export function createCustomerImportRepository(db: Db) {
  return {
    /**
     * One import of the business's customers at a time (a second waits for the first to
     * commit, then matches against what it wrote).
     */
    async lockImports(tenantId: string): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtext('customer-import'), hashtext(${tenantId}))`,
      )
    },

    /** What the business's own numbers and language say about where its customers live. */
    async businessContact(tenantId: string): Promise<{ phone: string; locale: string }> {
      const [row] = await db
        .select({ phone: tenants.phone, locale: tenants.locale })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
      return row ?? { phone: '', locale: 'en-US' }
    },

    /** Every customer an import may match: all of the business's but the erased. */
    matchable(tenantId: string): Promise<ExistingCustomer[]> {
      return db
        .select({
          id: customers.id,
          name: customers.name,
          email: customers.email,
          phone: customers.phone,
          notes: customers.notes,
          tags: customers.tags,
          marketingConsent: customers.marketingConsent,
        })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), isNull(customers.erasedAt)))
    },

    /**
     * Inserts the customers, a few thousand per statement. Returns how many were inserted: fewer
     * than given means an e-mail was taken by someone else meanwhile (ON CONFLICT DO NOTHING
     * on the business's unique e-mail index), which the caller must not commit.
     */
    async insertMany(tenantId: string, rows: readonly CustomerFieldValues[]): Promise<number> {
      let inserted = 0
      for (const chunk of chunks(rows)) {
        const result = (await db.execute(sql`
          insert into ${customers} (tenant_id, name, email, phone, notes, tags, marketing_consent)
          select ${tenantId}::uuid, r.name, r.email, r.phone, r.notes, r.tags, r.marketing_consent
          from jsonb_to_recordset(${records(chunk)}::jsonb)
            as r(name text, email text, phone text, notes text, tags text[], marketing_consent boolean)
          on conflict do nothing
          returning 1`)) as unknown as { rows: unknown[] }
        inserted += result.rows.length
      }
      return inserted
    },

    /** Writes the customers' merged fields, a few thousand per statement. */
    async updateMany(
      tenantId: string,
      rows: readonly (CustomerFieldValues & { id: string })[],
    ): Promise<void> {
      for (const chunk of chunks(rows)) {
        await db.execute(sql`
          update ${customers} as c
          set name = r.name, email = r.email, phone = r.phone, notes = r.notes, tags = r.tags,
            marketing_consent = r.marketing_consent, updated_at = now()
          from jsonb_to_recordset(${records(chunk)}::jsonb)
            as r(id uuid, name text, email text, phone text, notes text, tags text[], marketing_consent boolean)
          where c.tenant_id = ${tenantId}::uuid and c.id = r.id and c.erased_at is null`)
      }
    },
  }
}
