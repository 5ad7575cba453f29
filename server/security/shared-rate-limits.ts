import { createHash } from 'node:crypto'
import type { Database } from '../db/database.ts'
import {
  createRateLimitRepository,
  type SlotHits,
} from '../db/repositories/rate-limit-repository.ts'
import type { RateDecision, RateLimit } from './rate-limiter.ts'

/** Keys (addresses, e-mails) are stored hashed: the counts need no personal data. */
function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22)
}

const retryAfter = (freeInMs: number) => Math.max(1, Math.ceil(freeInMs / 1000))

/**
 * A limit counted exactly across every API process on one PostgreSQL: each take is a small
 * transaction (rate-limit-repository.ts `take`). Used where the request writes anyway
 * (bookings, cancellations), so one more round trip costs little.
 */
export function createExactSharedLimiter(database: Database, bucket: string, rule: RateLimit) {
  const repository = createRateLimitRepository(database)
  return {
    async take(key: string): Promise<RateDecision> {
      const outcome = await repository.take(bucket, hashKey(key), rule.limit, rule.windowMs)
      return outcome.allowed
        ? { allowed: true }
        : { allowed: false, retryAfterSeconds: retryAfter(outcome.freeInMs) }
    },
    prune: () => repository.pruneHits(bucket, rule.windowMs),
  }
}

interface KeyState {
  keyHash: string
  /** Every process's hits per slot, as the database had them at the last sync. */
  shared: Map<number, number>
  /** This process's hits not yet sent. */
  pending: Map<number, number>
  /** Hits being sent by the sync under way (still counted until it has read them back). */
  sending: Map<number, number>
}

export interface SyncedLimiterOptions {
  /** How often this process sends its hits and reads everyone's (default 1 s). */
  syncEveryMs?: number
  clock?: () => number
  /** Told when a sync fails (the database is away); the limiter goes on counting locally. */
  onSyncError?: (error: unknown) => void
}

/**
 * A limit for the public read path, shared across processes without a database write per
 * request (reads must stay cheap: the cache's target is 1,000 a CPU-second). Each process
 * counts hits in memory per slot of time (a sixtieth of the window, at least a second) and,
 * once a second, adds them to the shared counts in PostgreSQL and reads back every
 * process's totals for the keys it has seen.
 *
 * The approximation: a request is decided on the totals last read plus this process's hits
 * since. Hits other processes took since the last sync are not seen yet, so a client spread
 * over N processes can get up to about N × (its rate × 1 s) more than the limit before every
 * process refuses it; and a hit leaves the window with its whole slot (a second early at
 * most). When the database does not answer, each process goes on with what it knows.
 */
export function createSyncedLimiter(
  database: Database,
  bucket: string,
  rule: RateLimit,
  options: SyncedLimiterOptions = {},
) {
  const repository = createRateLimitRepository(database)
  const clock = options.clock ?? Date.now
  const slotMs = Math.max(1000, Math.ceil(rule.windowMs / 60))
  const slotsInWindow = Math.max(1, Math.ceil(rule.windowMs / slotMs))
  const keys = new Map<string, KeyState>()
  let syncs = 0
  let syncing: Promise<void> | undefined

  const firstSlotAt = (now: number) => Math.floor(now / slotMs) - slotsInWindow + 1

  function take(key: string): RateDecision {
    const now = clock()
    const slot = Math.floor(now / slotMs)
    const fromSlot = firstSlotAt(now)
    let state = keys.get(key)
    if (!state) {
      state = { keyHash: hashKey(key), shared: new Map(), pending: new Map(), sending: new Map() }
      keys.set(key, state)
    }
    let total = 0
    let oldest = Number.POSITIVE_INFINITY
    for (const counts of [state.shared, state.sending, state.pending]) {
      for (const [at, hits] of counts) {
        if (at < fromSlot || hits <= 0) continue
        total += hits
        if (at < oldest) oldest = at
      }
    }
    if (total >= rule.limit) {
      const freeAt = (oldest + slotsInWindow) * slotMs
      return { allowed: false, retryAfterSeconds: retryAfter(freeAt - now) }
    }
    state.pending.set(slot, (state.pending.get(slot) ?? 0) + 1)
    return { allowed: true }
  }

  async function syncNow(): Promise<void> {
    const fromSlot = firstSlotAt(clock())
    const batch: SlotHits[] = []
    const watched: KeyState[] = []
    for (const [key, state] of keys) {
      for (const counts of [state.shared, state.pending]) {
        for (const at of counts.keys()) if (at < fromSlot) counts.delete(at)
      }
      if (state.shared.size === 0 && state.pending.size === 0) {
        keys.delete(key)
        continue
      }
      for (const [slot, hits] of state.pending) batch.push({ keyHash: state.keyHash, slot, hits })
      state.sending = state.pending
      state.pending = new Map()
      watched.push(state)
    }
    if (watched.length === 0) return
    try {
      await repository.addCounts(bucket, batch)
      const totals = await repository.countsSince(
        bucket,
        watched.map((state) => state.keyHash),
        fromSlot,
      )
      const byKey = new Map<string, Map<number, number>>()
      for (const row of totals) {
        const counts = byKey.get(row.keyHash) ?? new Map<number, number>()
        counts.set(row.slot, row.hits)
        byKey.set(row.keyHash, counts)
      }
      for (const state of watched) {
        state.shared = byKey.get(state.keyHash) ?? new Map()
        state.sending = new Map()
      }
      syncs += 1
      // Now and then (about once a minute) someone deletes the slots every process is done with.
      if (syncs % 60 === 0) await repository.pruneCounts(bucket, fromSlot)
    } catch (error) {
      // Not sent (or not read back): keep counting them here and send them next time. Should
      // the add have gone through, they count twice for a while: stricter, never looser.
      for (const state of watched) {
        for (const [slot, hits] of state.sending) {
          state.pending.set(slot, (state.pending.get(slot) ?? 0) + hits)
        }
        state.sending = new Map()
      }
      options.onSyncError?.(error)
    }
  }

  /** One sync at a time; a call during one waits for it and starts another. */
  async function sync(): Promise<void> {
    while (syncing) await syncing
    syncing = syncNow().finally(() => {
      syncing = undefined
    })
    return syncing
  }

  const timer = setInterval(() => void sync(), options.syncEveryMs ?? 1000)
  timer.unref()

  return {
    take,
    sync,
    /** Stops syncing after sending what is pending (best effort). */
    async close(): Promise<void> {
      clearInterval(timer)
      await sync()
    },
  }
}
