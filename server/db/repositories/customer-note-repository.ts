import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { ActivityCursor } from '../../domain/activity-cursor.ts'
import type { Db } from '../database.ts'
import { customerNotes } from '../schema.ts'

export type CustomerNoteRow = typeof customerNotes.$inferSelect

/** A note with its created_at in UTC at PostgreSQL's full microsecond precision (the cursor). */
export type CustomerNoteListRow = CustomerNoteRow & { position: string }

const position = sql<string>`to_char(${customerNotes.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** The team's dated notes about customers; every query is scoped to the tenant and customer. */
export function createCustomerNoteRepository(db: Db) {
  const ofCustomer = (tenantId: string, customerId: string) =>
    and(eq(customerNotes.tenantId, tenantId), eq(customerNotes.customerId, customerId)) as SQL

  return {
    /** Up to `limit` notes, newest first (same instant: higher id first), after the cursor. */
    list(
      tenantId: string,
      customerId: string,
      after: ActivityCursor | null,
      limit: number,
    ): Promise<CustomerNoteListRow[]> {
      return db
        .select({
          id: customerNotes.id,
          tenantId: customerNotes.tenantId,
          customerId: customerNotes.customerId,
          text: customerNotes.text,
          authorUid: customerNotes.authorUid,
          authorName: customerNotes.authorName,
          createdAt: customerNotes.createdAt,
          position,
        })
        .from(customerNotes)
        .where(
          and(
            ofCustomer(tenantId, customerId),
            after
              ? sql`(${customerNotes.createdAt}, ${customerNotes.id}) < (${after.occurredAt}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
        .limit(limit)
    },

    /** Every note about the customer, oldest first (their data export). */
    all(tenantId: string, customerId: string): Promise<CustomerNoteRow[]> {
      return db
        .select()
        .from(customerNotes)
        .where(ofCustomer(tenantId, customerId))
        .orderBy(asc(customerNotes.createdAt), asc(customerNotes.id))
    },

    async insert(
      values: Pick<
        CustomerNoteRow,
        'tenantId' | 'customerId' | 'text' | 'authorUid' | 'authorName'
      >,
    ): Promise<CustomerNoteRow> {
      const [row] = await db.insert(customerNotes).values(values).returning()
      if (!row) throw new Error('Inserting a customer note returned no row.')
      return row
    },

    async find(
      tenantId: string,
      customerId: string,
      id: string,
    ): Promise<CustomerNoteRow | undefined> {
      const [row] = await db
        .select()
        .from(customerNotes)
        .where(and(ofCustomer(tenantId, customerId), eq(customerNotes.id, id)))
        .for('update')
      return row
    },

    async remove(tenantId: string, customerId: string, id: string): Promise<void> {
      await db
        .delete(customerNotes)
        .where(and(ofCustomer(tenantId, customerId), eq(customerNotes.id, id)))
    },

    /** Deletes every note about the customer (their erasure); returns how many went. */
    async removeAll(tenantId: string, customerId: string): Promise<number> {
      const deleted = await db
        .delete(customerNotes)
        .where(ofCustomer(tenantId, customerId))
        .returning({ id: customerNotes.id })
      return deleted.length
    },
  }
}
