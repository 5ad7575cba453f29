import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '../database.ts'
import { rateLimitCounts, rateLimitHits } from '../schema.ts'

/** A batch of read hits of one key in one slot, to add to the shared counts. */
export interface SlotHits {
  keyHash: string
  slot: number
  hits: number
}

/** Looking up this many keys per statement keeps each one's parameters well under the cap. */
const KEYS_PER_QUERY = 1000

/**
 * The shared counters of the public API's rate limits (see schema.ts): exact hits for the
 * writes, batched counts for the reads. Times come from the database's clock, so processes
 * whose clocks differ a little still agree on one window.
 */
export function createRateLimitRepository(database: Database) {
  return {
    /**
     * Counts a hit of `keyHash` if it had fewer than `limit` in the last `windowMs`, exactly:
     * the key's takers queue on an advisory lock, so two processes cannot both take the last
     * one. A refused hit is not counted; `freeInMs` is when the oldest hit leaves the window.
     */
    async take(
      bucket: string,
      keyHash: string,
      limit: number,
      windowMs: number,
    ): Promise<{ allowed: true } | { allowed: false; freeInMs: number }> {
      // One statement (migration 0017): the lock, the count and the hit in the database.
      const result = (await database.db.execute(
        sql`select allowed, free_in_ms from rate_limit_take(${bucket}, ${keyHash}, ${limit}, ${windowMs})`,
      )) as unknown as { rows: { allowed: boolean; free_in_ms: number | string }[] }
      const outcome = result.rows[0]
      if (!outcome) throw new Error('rate_limit_take answered no row.')
      return outcome.allowed
        ? { allowed: true }
        : { allowed: false, freeInMs: Number(outcome.free_in_ms) }
    },

    /** Deletes the hits that left the window. */
    async pruneHits(bucket: string, windowMs: number): Promise<void> {
      await database.db
        .delete(rateLimitHits)
        .where(
          and(
            eq(rateLimitHits.bucket, bucket),
            lt(rateLimitHits.at, sql`clock_timestamp() - ${windowMs} * interval '1 millisecond'`),
          ),
        )
    },

    /**
     * Adds a process's read hits to the shared counts. Rows go in one order (key, slot), so
     * two processes adding overlapping batches at once wait for each other instead of
     * deadlocking (and a deadlock victim is retried by `transaction`).
     */
    async addCounts(bucket: string, batch: SlotHits[]): Promise<void> {
      if (batch.length === 0) return
      const rows = [...batch]
        .sort((a, b) =>
          a.keyHash === b.keyHash ? a.slot - b.slot : a.keyHash < b.keyHash ? -1 : 1,
        )
        .map((row) => ({ bucket, ...row }))
      await database.transaction(async (tx) => {
        await tx
          .insert(rateLimitCounts)
          .values(rows)
          .onConflictDoUpdate({
            target: [rateLimitCounts.bucket, rateLimitCounts.keyHash, rateLimitCounts.slot],
            set: { hits: sql`${rateLimitCounts.hits} + excluded.hits` },
          })
      })
    },

    /** Every process's counts of these keys from `fromSlot` on. */
    async countsSince(bucket: string, keyHashes: string[], fromSlot: number): Promise<SlotHits[]> {
      const found: SlotHits[] = []
      for (let start = 0; start < keyHashes.length; start += KEYS_PER_QUERY) {
        const rows = await database.db
          .select({
            keyHash: rateLimitCounts.keyHash,
            slot: rateLimitCounts.slot,
            hits: rateLimitCounts.hits,
          })
          .from(rateLimitCounts)
          .where(
            and(
              eq(rateLimitCounts.bucket, bucket),
              inArray(rateLimitCounts.keyHash, keyHashes.slice(start, start + KEYS_PER_QUERY)),
              gt(rateLimitCounts.slot, fromSlot - 1),
            ),
          )
          .orderBy(asc(rateLimitCounts.slot))
        found.push(...rows.map((row) => ({ ...row, slot: Number(row.slot) })))
      }
      return found
    },

    /** Deletes the counts of slots before `fromSlot`. */
    async pruneCounts(bucket: string, fromSlot: number): Promise<void> {
      await database.db
        .delete(rateLimitCounts)
        .where(and(eq(rateLimitCounts.bucket, bucket), lt(rateLimitCounts.slot, fromSlot)))
    },
  }
}
