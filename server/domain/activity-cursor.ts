import { isInCalendarRange } from './calendar-range.ts'

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
