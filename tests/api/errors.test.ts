import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusalFromDatabaseError } from '../../server/db/database-refusals.ts'
import { memberships, plans } from '../../server/db/schema.ts'
import { sqlStateOf } from '../../server/db/sql-state.ts'
import type { Problem } from '../../server/http/problem.ts'
import {
  extremeDates,
  extremeDateTimes,
  extremeNumberTexts,
  hostileStrings,
} from '../support/api/fuzz/hostile-values.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

let testApp: TestApp
const serverErrors: unknown[] = []

beforeAll(async () => {
  testApp = await createTestApp({
    version: '9.9.9-test',
    onServerError: (error) => serverErrors.push(error),
  })
  const { app, database } = testApp

  // Test-only routes: the contract has no endpoint with parameters or a body yet, and none
  // that fails on purpose. They go through the same error handler as every real route.
  app.post(
    '/api/test/validated',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 100 } },
        },
        body: {
          type: 'object',
          required: ['email', 'name'],
          properties: {
            email: { type: 'string', format: 'email' },
            name: { type: 'string', minLength: 1 },
            age: { type: 'integer', minimum: 0 },
          },
        },
      },
    },
    async () => ({ ok: true }),
  )
  app.get('/api/test/crash', async () => {
    throw new Error('connect ECONNREFUSED postgres://admin:hunter2@db.internal:5432')
  })
  app.get('/api/test/duplicate', async () => {
    await database.db.insert(plans).values({ id: 'free', name: 'Free again' })
  })
  app.get('/api/test/bad-uuid', async () => {
    await database.db.execute(sql`select ${'not-a-uuid'}::uuid`)
  })
  app.get('/api/test/nul-byte', async () => {
    await database.db.execute(sql`select ${'a\u0000b'}::text`)
  })
  app.get('/api/test/year-zero', async () => {
    await database.db.execute(sql`select ${'0000-01-01T00:00:00Z'}::timestamptz`)
  })
  app.get('/api/test/missing-reference', async () => {
    await database.db.insert(memberships).values({
      tenantId: '00000000-0000-4000-8000-000000000000',
      userUid: 'nobody',
      permission: 'owner',
    })
  })
  app.get('/api/test/overlap', async () => {
    // An exclusion constraint like the ones appointments will use; it needs btree_gist.
    await database.db.execute(sql`
      create temporary table if not exists test_bookings (
        room integer not null,
        during tstzrange not null,
        exclude using gist (room with =, during with &&)
      )`)
    await database.db.execute(sql`
      insert into test_bookings values (1, '[2026-03-01 09:00Z, 2026-03-01 10:00Z)'),
                                       (1, '[2026-03-01 09:30Z, 2026-03-01 10:30Z)')`)
  })
})
afterAll(() => testApp?.close())

function expectProblem(response: LightMyRequestResponse, status: number): Problem {
  expect(response.statusCode).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  const problem = response.json<Problem>()
  expect(problem.status).toBe(status)
  expect(problem.type).toBe('about:blank')
  expect(typeof problem.title).toBe('string')
  expect(typeof problem.detail).toBe('string')
  return problem
}

describe('health', () => {
  it('reports the API and its database as up', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/health' })

    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', version: '9.9.9-test' })
  })

  it('answers 503 problem+json when the database is gone', async () => {
    const broken = await createTestApp()
    await broken.database.close()
    try {
      const response = await broken.app.inject({ method: 'GET', url: '/api/v1/health' })

      const problem = expectProblem(response, 503)
      expect(problem.detail).toBe('The database is not answering.')
    } finally {
      await broken.app.close()
    }
  })
})

describe('request validation', () => {
  it('names the offending query parameter', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/validated?limit=lots',
      payload: { email: 'ana@example.com', name: 'Ana' },
    })

    const problem = expectProblem(response, 400)
    expect(problem.title).toBe('Bad Request')
    expect(problem.errors).toEqual([{ path: 'query.limit', message: 'must be integer' }])
    expect(problem.detail).toBe('query.limit must be integer.')
    expect(problem.instance).toBe('/api/test/validated')
  })

  it('lists every invalid body field at once', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { email: 'not-an-email', age: -3 },
    })

    const problem = expectProblem(response, 400)
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: 'is required' },
        { path: 'body.email', message: 'must match format "email"' },
        { path: 'body.age', message: 'must be >= 0' },
      ]),
    )
    expect(problem.errors).toHaveLength(3)
    expect(problem.detail).toBe('3 values in the request are invalid.')
  })

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    })

    expectProblem(response, 400)
  })

  it('answers an unsupported content type with 415', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    })

    expectProblem(response, 415)
  })
})

describe('unknown addresses', () => {
  it('answers an unknown API route with 404 problem+json', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/no-such-thing',
      headers: { accept: 'text/html' },
    })

    const problem = expectProblem(response, 404)
    expect(problem.instance).toBe('/api/v1/no-such-thing')
  })

  it('answers a known route with the wrong method with 405 and Allow', async () => {
    const response = await testApp.app.inject({ method: 'DELETE', url: '/api/v1/me/' })

    expectProblem(response, 405)
    expect(response.headers.allow).toBe('GET')
  })

  it('answers a non-HTML request for a non-API address with 404 when no SPA is served', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/dashboard' })

    expectProblem(response, 404)
  })
})

describe('server errors', () => {
  it('answers 500 with a generic detail and no internals, and reports the error', async () => {
    const before = serverErrors.length

    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/crash' })

    const problem = expectProblem(response, 500)
    expect(problem.title).toBe('Internal Server Error')
    expect(response.body).not.toMatch(/ECONNREFUSED|hunter2|postgres|stack|at /)
    expect(serverErrors.length).toBe(before + 1)
    expect((serverErrors.at(-1) as Error).message).toMatch(/ECONNREFUSED/)
  })
})

describe('database errors', () => {
  it('maps a unique violation (23505) to 409', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/duplicate' })

    const problem = expectProblem(response, 409)
    expect(response.body).not.toMatch(/plans_pkey|duplicate key/)
    expect(problem.title).toBe('Conflict')
  })

  it('maps an exclusion violation (23P01) to 409', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/overlap' })

    expectProblem(response, 409)
  })

  it('maps a foreign-key violation (23503) to 400', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/missing-reference' })

    expectProblem(response, 400)
  })

  it('maps an invalid text representation (22P02) to 400', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/bad-uuid' })

    expectProblem(response, 400)
  })
})

describe("Fastify's and Node's own refusals", () => {
  it('answers a path with malformed percent-encoding with 400 problem+json', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/customers/%E0%A4%A' })

    const problem = expectProblem(response, 400)
    expect(problem.detail).toMatch(/percent-encoding/)
  })

  it('answers an over-long path segment with 414 problem+json', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/customers/${'a'.repeat(500)}`,
    })

    const problem = expectProblem(response, 414)
    expect(problem.title).toBe('URI Too Long')
  })

  it('answers a staff body over the 1 MB limit with 413 problem+json', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', name: 'x'.repeat(1_100_000) }),
    })

    expectProblem(response, 413)
  })

  it('answers headers over the size limit with 431 problem+json, on a real socket', async () => {
    // The parser's limit applies only to real connections (inject skips it); closed in afterAll.
    await testApp.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = testApp.app.server.address() as AddressInfo
    const raw = await rawRequest(
      port,
      `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    )

    const [head = '', body = ''] = raw.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 431 /)
    expect(head).toMatch(/content-type: application\/problem\+json/i)
    expect(JSON.parse(body)).toMatchObject({
      status: 431,
      title: 'Request Header Fields Too Large',
    })
  })
})

/** Sends bytes on a new connection and resolves with everything the server wrote back. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request))
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8')
    })
    socket.on('close', () => resolve(received))
    socket.on('error', reject)
  })
}

describe('database errors that mean bad input', () => {
  it('maps a NUL in text (22021) to 400', async () => {
    const problem = expectProblem(
      await testApp.app.inject({ method: 'GET', url: '/api/test/nul-byte' }),
      400,
    )
    expect(problem.detail).not.toMatch(/UTF8|0x00|byte/)
  })

  it('maps an instant PostgreSQL cannot store (22008) to 400', async () => {
    expectProblem(await testApp.app.inject({ method: 'GET', url: '/api/test/year-zero' }), 400)
  })

  // The values the fuzz suite sends, stored in a column of every type the schema uses: every
  // way the database refuses one must be a code the API answers with 400, never a 500.
  it('maps every refusal of a fuzzed value by any column type to 400', async () => {
    const { db } = testApp.database
    const columns = await db.execute<{ type: string }>(sql`
      select distinct format_type(a.atttypid, a.atttypmod) as type
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      order by 1`)
    // Booleans reach the database only as JSON booleans, and bytea only as the bytes of a logo
    // the server has already parsed (never from text); every other type may get text.
    const types = rowsOf<{ type: string }>(columns)
      .map((row) => row.type)
      .filter((type) => type !== 'boolean' && type !== 'bytea')
    expect(types).toEqual(expect.arrayContaining(['text', 'uuid', 'timestamp with time zone']))
    const values = [
      ...hostileStrings,
      'x'.repeat(10_000),
      ...extremeDates,
      ...extremeDateTimes,
      ...extremeNumberTexts(),
      '{"a":"\\u0000"}',
      '["a", "b\u0000"]',
      '{x,"y\u0000"}',
      '[2026-03-01 10:00Z, 2026-03-01 09:00Z)',
      '1 year 99999999999 days',
    ]
    const refusals = new Map<string, string>()
    // One connection (a temporary table is per connection), a savepoint per value.
    await testApp.database.transaction(async (tx) => {
      const cells = types.map((type, i) => `c${i} ${type}`).join(', ')
      await tx.execute(sql.raw(`create temporary table fuzz_cells (${cells}) on commit drop`))
      for (const [i, type] of types.entries()) {
        for (const value of values) {
          try {
            await tx.transaction((cell) =>
              cell.execute(sql`insert into fuzz_cells (${sql.raw(`c${i}`)}) values (${value})`),
            )
          } catch (error) {
            const code = sqlStateOf(error) ?? `no SQLSTATE: ${String(error)}`
            if (!refusals.has(code)) refusals.set(code, `${type} ← ${JSON.stringify(value)}`)
          }
        }
      }
    })
    expect(refusals.size).toBeGreaterThan(0)
    const notBadRequest = [...refusals]
      .filter(([code]) => refusalFromDatabaseError({ code })?.kind !== 'invalid')
      .map(([code, example]) => `${code} (${example})`)
    console.info(`Database refusals of fuzzed values: ${[...refusals.keys()].sort().join(', ')}`)
    expect(notBadRequest).toEqual([])
  })
})

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}
