import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from '../../../../server/db/sql-state.ts'

// What the error handler answers 503 (retry later) instead of 500 or a client error. The
// errors are shaped as node-postgres and drizzle give them (drizzle puts the driver's in
// `cause`); the restart test (tests/api/database-restart.test.ts) meets the real ones.

const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code })
const wrapped = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause })

describe('a database that cannot serve us now', () => {
  it('is a server shutting down, starting up, out of connections, or a timed-out statement', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001', '57014']) {
      expect(isDatabaseUnavailable(wrapped(pgError(code))), code).toBe(true)
    }
  })

  it('is a refused, reset or unreachable connection, and node-postgres’s own connection failures', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']) {
      expect(isDatabaseUnavailable(wrapped(pgError(code))), code).toBe(true)
    }
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnavailable(wrapped(new Error(message))), message).toBe(true)
    }
  })

  it('is not a query the database refused, nor any other error', () => {
    for (const code of ['23505', '23P01', '22P02', '42P01', '40P01']) {
      expect(isDatabaseUnavailable(wrapped(pgError(code))), code).toBe(false)
    }
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
    expect(isDatabaseUnavailable('connect ECONNREFUSED')).toBe(false)
  })
})
