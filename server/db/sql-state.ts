/** The SQLSTATE of a database error, also when drizzle wraps the driver's error (in `cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** The unique constraint (23505) that refused the row, also when drizzle wraps the error. */
export function uniqueViolationOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined
    const { code, constraint } = current as { code?: unknown; constraint?: unknown }
    if (code === '23505' && typeof constraint === 'string') return constraint
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** A unique (23505) or exclusion (23P01) constraint refused the row: another write got there first. */
export function isConstraintConflict(error: unknown): boolean {
  const code = sqlStateOf(error)
  return code === '23505' || code === '23P01'
}

/**
 * SQLSTATE classes and codes that say the server cannot serve us now, not that the query was
 * wrong: connection exceptions (08), server shutting down or starting up (57P01–57P03),
 * insufficient resources (53, e.g. too many connections), and a cancelled statement (57014:
 * our statement_timeout).
 */
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[123]$|57014$)/

/** The socket errors of a server that is down or unreachable. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

/**
 * node-postgres's own connection failures carry no code, only these messages: a connection
 * lost mid-query, the pool's connect timeout, a client already broken.
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/

/**
 * Whether an error (possibly wrapped, e.g. by drizzle) means the database is down, restarting
 * or unreachable — worth a 503 and a retry later, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false
    const { code, message } = current as { code?: unknown; message?: unknown }
    if (typeof code === 'string') {
      // Before the SQLSTATE test: EPIPE has a SQLSTATE's shape.
      if (UNAVAILABLE_ERRNOS.has(code)) return true
      if (/^[0-9A-Z]{5}$/.test(code)) return UNAVAILABLE_SQLSTATE.test(code)
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
