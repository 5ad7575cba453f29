import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database, Db } from '../../db/database.ts'
import { createIdempotencyRepository } from '../../db/repositories/public-booking-repository.ts'
import { conflict, Refusal } from '../../domain/refusal.ts'

type Problem = components['schemas']['Problem']

/**
 * How the edge answers errors, handed in (`server/http/idempotent-answers.ts`), so that a
 * refused request is kept with the answer it got and a repeat gets that answer again.
 */
export interface StoredAnswers {
  /** The status and problem an error was answered with; undefined for an unexpected error. */
  answerOf(error: unknown): { status: number; problem: Partial<Problem> } | undefined
  /** The error that gives this stored status and problem again. */
  replay(status: number, problem: Partial<Problem>): Error
}

/** What a write answered: replayed as it is for a repeat of the same request. */
export interface Outcome<T> {
  status: number
  body: T
}

export interface IdempotentRequest {
  tenantId: string
  /** The operation and its target, e.g. `createPublicBooking` or `cancel:<appointment id>`. */
  scope: string
  /** The client's Idempotency-Key; without one the work simply runs. */
  key: string | undefined
  body: unknown
}

/**
 * The work of a keyed write. Work that owns its transaction passes the answer to `remember`
 * inside it, so the write and its key commit together; otherwise the answer is stored right
 * after the work returns.
 */
export type IdempotentWork<T> = (
  remember: (tx: Db, outcome: Outcome<T>) => Promise<void>,
) => Promise<Outcome<T>>

/** "Processing": the status of a key whose first request is still running. */
const IN_FLIGHT = 102
const DAY_MS = 86_400_000
/** A key left in flight this long belongs to a request that died (its process ended). */
const ABANDONED_AFTER_MS = 120_000
const POLL_MS = 25
const WAIT_MS = 15_000

/**
 * Runs writes at most once per Idempotency-Key. The first request claims the key with an
 * in-flight placeholder (a committed row, so concurrent duplicates in any process see it),
 * does the work and stores its answer; duplicates wait for that answer and replay it; the
 * same key with another body is a 422. Only final answers are kept: a success or a client
 * error other than 429. After a server error or a 429 the key is released for a retry.
 *
 * Bookings, moves and cancellations remember their answer inside their own transaction, so
 * the write and its answer commit together. Should the process die after claiming a key but
 * before that commit, nothing was written; the placeholder counts as abandoned after two
 * minutes and a retry runs again.
 */
export function createIdempotency(database: Database, answers: StoredAnswers) {
  const keys = createIdempotencyRepository(database.db)

  async function runOnce<T>(
    request: IdempotentRequest & { key: string },
    work: IdempotentWork<T>,
  ): Promise<Outcome<T>> {
    const { tenantId, scope, key } = request
    let remembered = false
    const remember = async (tx: Db, outcome: Outcome<T>) => {
      await createIdempotencyRepository(tx).complete(tenantId, scope, key, {
        statusCode: outcome.status,
        response: outcome.body,
      })
      remembered = true
    }
    try {
      const outcome = await work(remember)
      if (!remembered) {
        await keys.complete(tenantId, scope, key, {
          statusCode: outcome.status,
          response: outcome.body,
        })
      }
      return outcome
    } catch (error) {
      const answer = answers.answerOf(error)
      if (answer && isFinal(answer.status)) {
        await keys.complete(tenantId, scope, key, {
          statusCode: answer.status,
          response: answer.problem,
        })
      } else {
        await keys.release(tenantId, scope, key, IN_FLIGHT)
      }
      throw error
    }
  }

  return {
    async run<T>(request: IdempotentRequest, work: IdempotentWork<T>): Promise<Outcome<T>> {
      const { key } = request
      if (key === undefined) return work(async () => {})
      // Keys are kept for a day; expired ones go lazily (an index range scan per keyed write).
      await keys.deleteOlderThan(DAY_MS)
      const hash = requestHash(request.body)
      const { tenantId, scope } = request
      const deadline = Date.now() + WAIT_MS
      for (;;) {
        const claimed = await keys.claim({
          tenantId,
          scope,
          key,
          requestHash: hash,
          statusCode: IN_FLIGHT,
        })
        if (claimed) return runOnce({ ...request, key }, work)
        const held = await keys.find(tenantId, scope, key)
        if (!held) continue
        if (held.requestHash !== hash) throw keyReused()
        if (held.statusCode !== IN_FLIGHT) {
          if (held.statusCode < 400) return { status: held.statusCode, body: held.response as T }
          throw answers.replay(held.statusCode, held.response as Partial<Problem>)
        }
        if (held.ageMs > ABANDONED_AFTER_MS) {
          await keys.release(tenantId, scope, key, IN_FLIGHT)
          continue
        }
        if (Date.now() > deadline) {
          throw conflict(
            'A request with this Idempotency-Key is still being processed; try again shortly.',
          )
        }
        await sleep(POLL_MS)
      }
    },
  }
}

/** Kept and replayed: what a retry would get again anyway. */
function isFinal(status: number): boolean {
  return status < 500 && status !== 429
}

function keyReused(): Refusal {
  const message = 'was already used for a different request; use a new key for a new request'
  return new Refusal('unprocessable', `header.idempotency-key ${message}.`, {
    errors: [{ path: 'header.idempotency-key', message }],
  })
}

/** SHA-256 of the body as JSON with sorted keys, so the order of fields does not matter. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex')
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}
