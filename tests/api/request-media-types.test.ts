import { randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Problem } from '../../server/http/problem.ts'
import { type Operation, readOperations } from '../support/api/contract.ts'
import { type EmulatorUser, signUp } from '../support/api/emulator-users.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'

let testApp: TestApp
let owner: EmulatorUser

const operations = readOperations()
const withBody = operations.filter((operation) => operation.body)
const withoutBody = operations.filter((operation) => !operation.body)

/** Media types a client might label a JSON body with, none of which the contract declares. */
const undeclared = [
  'text/plain',
  'application/problem+json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json-patch+json',
]

beforeAll(async () => {
  testApp = await createTestApp({
    publicRateLimits: {
      readsPerIp: { limit: 100_000, windowMs: 60_000 },
      writesPerIp: { limit: 100_000, windowMs: 60_000 },
      bookingsPerEmail: { limit: 100_000, windowMs: 60_000 },
    },
  })
  owner = await signUp()
})
afterAll(() => testApp?.close())

function send(
  operation: Operation,
  headers: Record<string, string>,
  payload?: string,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method: operation.method as 'GET',
    url: concreteUrl(operation),
    headers: {
      ...(operation.secured ? { authorization: `Bearer ${owner.idToken}` } : {}),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload }),
  })
}

function expectProblem(response: LightMyRequestResponse, status: number): Problem {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  const problem = response.json<Problem>()
  expect(problem).toMatchObject({ status, type: 'about:blank' })
  return problem
}

it('reads the whole contract', () => {
  expect(operations.length).toBeGreaterThanOrEqual(56)
  expect(withBody.length).toBeGreaterThan(0)
  // Every body the contract takes is JSON, except the logo upload's image files; a new media
  // type needs its own cases here.
  for (const operation of withBody) {
    const types = operation.body?.mediaTypes ?? []
    if (operation.id === 'uploadLogo') {
      expect(types).toEqual(['image/png', 'image/jpeg', 'image/webp'])
    } else expect(types).toEqual(['application/json'])
  }
})

describe.each(withBody)('$id ($method $path)', (operation) => {
  it.each(undeclared)(
    'refuses a JSON body sent as %s with 415, before any handler',
    async (type) => {
      const response = await send(operation, { 'content-type': type }, '{"anything": "at all"}')

      const problem = expectProblem(response, 415)
      expect(problem.detail).toContain(operation.body?.mediaTypes[0])
      expect(problem.errors).toEqual([{ path: 'header.content-type', message: expect.any(String) }])
    },
  )

  it('refuses a body without a Content-Type with 415', async () => {
    const response = await testApp.app.inject({
      method: operation.method as 'POST',
      url: concreteUrl(operation),
      headers: operation.secured ? { authorization: `Bearer ${owner.idToken}` } : {},
      payload: Buffer.from('{"anything": "at all"}'),
    })

    expectProblem(response, 415)
  })

  it('validates the body it accepts: a field the contract does not know is a 400 naming it', async () => {
    if (operation.body?.mediaTypes[0] !== 'application/json') {
      // A file body: bytes that are not the declared image are a 400 naming the body.
      const type = operation.body?.mediaTypes[0] ?? ''
      const problem = expectProblem(await send(operation, { 'content-type': type }, 'text'), 400)
      expect(problem.errors).toEqual([{ path: 'body', message: expect.any(String) }])
      return
    }
    const response = await send(
      operation,
      { 'content-type': 'application/json; charset=utf-8' },
      '{"not_in_the_contract": true}',
    )

    const problem = expectProblem(response, 400)
    expect(problem.errors?.length).toBeGreaterThan(0)
    for (const error of problem.errors ?? []) expect(error.path).toMatch(/^body(\.|$)/)
  })
})

describe.each(withoutBody)('$id ($method $path)', (operation) => {
  it('refuses a body it does not take with 415', async () => {
    const response = await send(operation, { 'content-type': 'text/plain' }, 'hello')

    const problem = expectProblem(response, 415)
    expect(problem.detail).toBe('This operation takes no request body.')
  })
})

/**
 * The operation's URL with a syntactically valid value in each path parameter: the media type
 * is checked before parameters, so the record need not exist, but the route must match.
 */
function concreteUrl(operation: Operation): string {
  let url = operation.path
  for (const { name, in: location, schema } of operation.parameters) {
    if (location !== 'path') continue
    url = url.replace(`{${name}}`, schema.format === 'uuid' ? randomUUID() : 'sample')
  }
  return url
}
