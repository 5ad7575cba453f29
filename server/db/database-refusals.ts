import { Refusal, unavailable } from '../domain/refusal.ts'
import { isDatabaseUnavailable, sqlStateOf } from './sql-state.ts'

const unstorableText = 'A text in the request contains characters that cannot be stored.'

/**
 * PostgreSQL errors that are the client's fault, by SQLSTATE. Constraint names stay out of
 * the detail: they describe our schema, not the request.
 *
 * The data exceptions (class 22) are the ones the database gave for the fuzz suite's values
 * (errors.test.ts stores them in a column of every type the schema uses); request validation
 * refuses those values first, so these answer only what slips past it.
 */
const clientRefusals: Record<string, { kind: 'conflict' | 'invalid'; detail: string }> = {
  '23505': { kind: 'conflict', detail: 'A record with the same unique values already exists.' },
  '23P01': { kind: 'conflict', detail: 'This conflicts with an existing record.' },
  '23503': { kind: 'invalid', detail: 'The request refers to a record that does not exist.' },
  '23514': { kind: 'invalid', detail: 'A value in the request is outside the allowed range.' },
  '22001': { kind: 'invalid', detail: 'A text in the request is longer than allowed.' },
  '22003': { kind: 'invalid', detail: 'A number in the request is outside the allowed range.' },
  '22007': { kind: 'invalid', detail: 'A date or time in the request has an invalid format.' },
  '22008': {
    kind: 'invalid',
    detail: 'A date or time in the request is outside the allowed range.',
  },
  '22009': {
    kind: 'invalid',
    detail: 'A time offset in the request is outside the allowed range.',
  },
  '22021': { kind: 'invalid', detail: unstorableText },
  '22P02': { kind: 'invalid', detail: 'A value in the request has an invalid format.' },
  '22P05': { kind: 'invalid', detail: unstorableText },
}

/** Clients (and load balancers) may retry a request the database could not serve after this. */
export const DATABASE_RETRY_AFTER_SECONDS = 5
export const DATABASE_UNAVAILABLE_TYPE = '/problems/database-unavailable'

/**
 * A database error (possibly wrapped, e.g. by drizzle) as a refusal, if it is one: the
 * client's fault by SQLSTATE, or unavailable (type `/problems/database-unavailable`, retry
 * after a few seconds) while the database is down or restarting. Sending the request again
 * later is safe: a booking repeated with its Idempotency-Key is not booked twice even if its
 * commit outlived the connection.
 */
export function refusalFromDatabaseError(error: unknown): Refusal | undefined {
  if (isDatabaseUnavailable(error)) {
    return unavailable(
      'The database is not answering right now; please try again in a few seconds.',
      { type: DATABASE_UNAVAILABLE_TYPE, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    )
  }
  const code = sqlStateOf(error)
  const known = code === undefined ? undefined : clientRefusals[code]
  return known && new Refusal(known.kind, known.detail)
}
