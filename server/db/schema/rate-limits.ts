/* The public API's limits, shared by every API process. */

import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** One row per allowed hit of an exact limit (writes per IP, bookings per e-mail). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    keyHash: text('key_hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_key_idx').on(t.bucket, t.keyHash, t.at)],
)

/** Hits of the read limit per key and slot of time, added up by every process in batches. */
export const rateLimitCounts = pgTable(
  'rate_limit_counts',
  {
    bucket: text('bucket').notNull(),
    keyHash: text('key_hash').notNull(),
    /** Milliseconds since the epoch divided by the slot's length (a sixtieth of the window). */
    slot: bigint('slot', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.keyHash, t.slot] })],
)
