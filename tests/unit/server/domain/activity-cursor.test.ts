import { describe, expect, it } from 'vitest'
import {
  decodeActivityCursor,
  encodeActivityCursor,
  pageOf,
  readCursor,
} from '../../../../server/domain/activity-cursor.ts'

const id = '3f1c9a2e-5b7d-4c1e-9a8b-0d2e4f6a8c0e'
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('activity cursor', () => {
  it('round-trips an instant with microseconds and an id', () => {
    const cursor = { occurredAt: '2024-03-01T10:00:00.123456Z', id }
    const text = encodeActivityCursor(cursor)
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeActivityCursor(text)).toEqual(cursor)
  })

  it('accepts an instant without fractional seconds', () => {
    const cursor = { occurredAt: '2024-03-01T10:00:00Z', id }
    expect(decodeActivityCursor(encodeActivityCursor(cursor))).toEqual(cursor)
  })

  it.each([
    ['empty text', ''],
    ['characters outside base64url', 'abc+/='],
    ['base64url that is not JSON', Buffer.from('hello').toString('base64url')],
    ['JSON that is not a pair', encode({ occurredAt: '2024-03-01T10:00:00Z', id })],
    ['a pair with three items', encode(['2024-03-01T10:00:00Z', id, 1])],
    ['a number for the instant', encode([1709287200000, id])],
    ['an instant without a zone', encode(['2024-03-01T10:00:00', id])],
    ['an instant with an offset', encode(['2024-03-01T10:00:00+01:00', id])],
    ['more than microseconds', encode(['2024-03-01T10:00:00.1234567Z', id])],
    ['a day that does not exist', encode(['2024-02-30T10:00:00Z', id])],
    ['an hour that does not exist', encode(['2024-03-01T25:00:00Z', id])],
    ['year 0000, which PostgreSQL cannot store', encode(['0000-01-01T00:00:00Z', id])],
    ['year 9999', encode(['9999-12-31T23:59:59Z', id])],
    ['an id that is not a UUID', encode(['2024-03-01T10:00:00Z', 'abc'])],
    ['SQL in the id', encode(['2024-03-01T10:00:00Z', `${id}' or 1=1 --`])],
  ])('rejects %s', (_, text) => {
    expect(decodeActivityCursor(text)).toBeNull()
  })
})

describe('a page of a cursor list', () => {
  const row = (second: number) => ({
    position: `2024-03-01T10:00:0${second}.000001Z`,
    id,
    name: `row ${second}`,
  })

  it('starts at the first page without a cursor, and after the cursor’s entry with one', () => {
    expect(readCursor(undefined)).toEqual({ after: null, errors: [] })
    const cursor = { occurredAt: '2024-03-01T10:00:00Z', id }
    expect(readCursor(encodeActivityCursor(cursor))).toEqual({ after: cursor, errors: [] })
  })

  it('names a text this server did not make as an error on query.cursor', () => {
    expect(readCursor('abc+/=')).toEqual({
      after: null,
      errors: [
        {
          path: 'query.cursor',
          message: 'is not a cursor from this list; start from the first page',
        },
      ],
    })
  })

  it('leaves the extra row out and continues after the page’s last row', () => {
    const page = pageOf([row(1), row(2), row(3)], 2, (r) => r.name)
    expect(page.items).toEqual(['row 1', 'row 2'])
    expect(decodeActivityCursor(page.next_cursor ?? '')).toEqual({
      occurredAt: row(2).position,
      id,
    })
  })

  it('has no next page when no row came beyond the limit', () => {
    expect(pageOf([row(1), row(2)], 2, (r) => r.name)).toEqual({
      items: ['row 1', 'row 2'],
      next_cursor: null,
    })
    expect(pageOf([], 2, (r: ReturnType<typeof row>) => r.name)).toEqual({
      items: [],
      next_cursor: null,
    })
  })
})
