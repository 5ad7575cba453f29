import { isInCalendarRange } from './calendar-range.ts'
import type { FieldError } from './refusal.ts'

/**
 * Where the previous page of the activity log ended: the (occurred_at, id) of its last entry.
 * `occurredAt` keeps PostgreSQL's microseconds (a JavaScript Date would drop them, and the
 * next page would then skip entries written in the same millisecond).
 */
export interface ActivityCursor {
  occurredAt: string
  id: string
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Opaque to clients: base64url of a small JSON array. */
export function encodeActivityCursor(cursor: ActivityCursor): string {
  return Buffer.from(JSON.stringify([cursor.occurredAt, cursor.id]), 'utf8').toString('base64url')
}

/** The cursor, or null when the text is not one this server made. */
export function decodeActivityCursor(text: string): ActivityCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!Array.isArray(value) || value.length !== 2) return null
  const [occurredAt, id] = value
  if (typeof occurredAt !== 'string' || !INSTANT.test(occurredAt)) return null
  if (!isRealInstant(occurredAt)) return null
  if (typeof id !== 'string' || !UUID.test(id)) return null
  return { occurredAt, id }
}

/**
 * Rejects 2024-02-30 and the like, which Date quietly rolls over and PostgreSQL refuses, and
 * a forged year 0000, which PostgreSQL cannot store.
 */
function isRealInstant(text: string): boolean {
  const time = Date.parse(text)
  if (Number.isNaN(time) || !isInCalendarRange(text)) return false
  return new Date(time).toISOString().slice(0, 19) === text.slice(0, 19)
}

/**
 * Where a list asked with `cursor` starts: after the cursor's entry, or at the first page
 * (`after` null). A text this server did not make is a field error on `query.cursor`, for the
 * caller to refuse with its other errors.
 */
export function readCursor(cursor: string | undefined): {
  after: ActivityCursor | null
  errors: FieldError[]
} {
  const after = cursor === undefined ? null : decodeActivityCursor(cursor)
  if (cursor === undefined || after !== null) return { after, errors: [] }
  return {
    after,
    errors: [
      {
        path: 'query.cursor',
        message: 'is not a cursor from this list; start from the first page',
      },
    ],
  }
}

/**
 * A page of a list read one row beyond `limit`: that extra row says another page follows,
 * which starts after the page's last row.
 */
export function pageOf<Row extends { position: string; id: string }, Item>(
  rows: readonly Row[],
  limit: number,
  toItem: (row: Row) => Item,
): { items: Item[]; next_cursor: string | null } {
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    items: page.map(toItem),
    next_cursor:
      rows.length > limit && last
        ? encodeActivityCursor({ occurredAt: last.position, id: last.id })
        : null,
  }
}
