import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { paths } from '../../../../shared/contract/schema'
import {
  createApiClient,
  type HttpFailure,
  REQUEST_TIMEOUT_MS,
  replayRequest,
  setErrorReporter,
  setUnauthorizedHandler,
} from '../../../../src/api/client'
import { toApiBase } from '../../../../src/api/middleware/api-domain'
import {
  problem,
  sendJson,
  startTestServer,
  type TestServer,
} from '../../../support/unit/test-server'

type NoParams = { query?: never; header?: never; path?: never; cookie?: never }

/** One write endpoint next to the contract's, to check bodies survive every middleware. */
interface EchoPaths extends paths {
  '/api/v1/echo': {
    parameters: NoParams
    post: {
      parameters: NoParams
      requestBody: { content: { 'application/json': { name: string } } }
      responses: {
        200: { headers: { [name: string]: unknown }; content: { 'application/json': unknown } }
      }
    }
  }
}

let server: TestServer
let failures: HttpFailure[]

beforeEach(async () => {
  server = await startTestServer(sendJson(200, { status: 'ok', database: 'ok' }))
  failures = []
  setErrorReporter((failure) => failures.push(failure))
})

afterEach(async () => {
  setErrorReporter(null)
  setUnauthorizedHandler(null)
  vi.restoreAllMocks()
  await server.close()
})

function client(
  options: { token?: string | null; domain?: string | null; timeoutMs?: number } = {},
) {
  return createApiClient<EchoPaths>({
    baseUrl: server.origin,
    getToken: () => options.token ?? null,
    getDomain: () => options.domain ?? null,
    timeoutMs: options.timeoutMs,
  })
}

describe('request headers', () => {
  it('sends Authorization: Bearer <stored token>, read at call time', async () => {
    let token = 'first-token'
    const api = createApiClient({
      baseUrl: server.origin,
      getToken: () => token,
      getDomain: () => null,
    })
    await api.GET('/api/v1/health')
    token = 'second-token'
    await api.GET('/api/v1/health')
    expect(server.seen.map((request) => request.headers.authorization)).toEqual([
      'Bearer first-token',
      'Bearer second-token',
    ])
  })

  it('sends no Authorization header without a token', async () => {
    await client({ token: null }).GET('/api/v1/health')
    expect(server.seen[0]?.headers.authorization).toBeUndefined()
  })

  it('speaks JSON both ways', async () => {
    server.handle((request, response) =>
      sendJson(200, { received: JSON.parse(request.body) })(request, response),
    )
    const { data } = await client().POST('/api/v1/echo', { body: { name: 'Ada' } })
    expect(server.seen[0]?.headers.accept).toBe('application/json')
    expect(server.seen[0]?.headers['content-type']).toBe('application/json')
    expect(data).toEqual({ received: { name: 'Ada' } })
  })
})

describe('base address', () => {
  let domainServer: TestServer

  beforeEach(async () => {
    domainServer = await startTestServer(sendJson(200, { status: 'ok', database: 'ok' }))
  })

  afterEach(async () => {
    await domainServer.close()
  })

  it('uses the page origin when no domain is stored', async () => {
    await client().GET('/api/v1/health')
    expect(server.seen.map((request) => request.path)).toEqual(['/api/v1/health'])
  })

  it('goes to the stored domain instead, path, query, token and body intact', async () => {
    domainServer.handle((request, response) =>
      sendJson(200, { received: JSON.parse(request.body) })(request, response),
    )
    const api = client({ token: 'tok', domain: `${domainServer.origin}/tenant-a/` })
    const { data } = await api.POST('/api/v1/echo', { body: { name: 'Ada' } })
    expect(server.seen).toHaveLength(0)
    expect(domainServer.seen[0]).toMatchObject({
      method: 'POST',
      path: '/tenant-a/api/v1/echo',
      body: '{"name":"Ada"}',
    })
    expect(domainServer.seen[0]?.headers.authorization).toBe('Bearer tok')
    expect(data).toEqual({ received: { name: 'Ada' } })
  })

  it('normalises stored domains', () => {
    expect(toApiBase('api.example.com')).toBe('https://api.example.com')
    expect(toApiBase('https://api.example.com/')).toBe('https://api.example.com')
    expect(toApiBase('https://example.com/api/')).toBe('https://example.com/api')
    expect(toApiBase('  ')).toBeNull()
    expect(toApiBase(null)).toBeNull()
    expect(toApiBase('http://exa mple.com')).toBeNull()
  })
})

describe('timeout', () => {
  it('is 10 000 ms by default', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10_000)
    const timeout = vi.spyOn(AbortSignal, 'timeout')
    await client().GET('/api/v1/health')
    expect(timeout).toHaveBeenCalledWith(10_000)
  })

  it('aborts a call the server never answers, and reports it', async () => {
    server.handle(() => {
      // never answers
    })
    const started = Date.now()
    await expect(client({ timeoutMs: 150 }).GET('/api/v1/health')).rejects.toMatchObject({
      name: 'TimeoutError',
    })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(failures).toHaveLength(1)
    expect(failures[0]).toMatchObject({ status: 0, method: 'GET', route: '/api/v1/health' })
  })

  it("still honours the caller's own abort signal", async () => {
    server.handle(() => {})
    const controller = new AbortController()
    const call = client().GET('/api/v1/health', { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(call).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('error catalogue', () => {
  it("403 logs 'Access forbidden'", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.handle(problem(403, 'Forbidden', 'Staff cannot change billing.'))
    const { error, response } = await client().GET('/api/v1/me/')
    expect(response.status).toBe(403)
    expect(error).toMatchObject({ status: 403 })
    expect(log).toHaveBeenCalledWith('Access forbidden')
  })

  it("5xx logs the problem's detail", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.handle(problem(503, 'Service Unavailable', 'The database is not answering.'))
    await client().GET('/api/v1/health')
    expect(log).toHaveBeenCalledWith('Server error:', 'The database is not answering.')
  })

  it("5xx logs an older-style body's message", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.handle(sendJson(500, { message: 'Boom in handler' }))
    await client().GET('/api/v1/health')
    expect(log).toHaveBeenCalledWith('Server error:', 'Boom in handler')
  })

  it("5xx without a readable body logs 'Internal server error'", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.handle((_request, response) => {
      response.writeHead(502, { 'Content-Type': 'text/html' })
      response.end('<h1>Bad gateway</h1>')
    })
    const { error } = await client().GET('/api/v1/health')
    expect(log).toHaveBeenCalledWith('Server error:', 'Internal server error')
    // The caller still gets the body as it came.
    expect(error).toBe('<h1>Bad gateway</h1>')
  })

  it('reports every failed call with status, method and route tags, and no successes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await client().GET('/api/v1/health')
    server.handle(problem(404, 'Not Found'))
    await client().GET('/api/v1/me/')
    server.handle(problem(500, 'Internal Server Error', 'Oops'))
    await client().POST('/api/v1/echo', { body: { name: 'x' } })
    expect(failures.map(({ status, method, route }) => ({ status, method, route }))).toEqual([
      { status: 404, method: 'GET', route: '/api/v1/me/' },
      { status: 500, method: 'POST', route: '/api/v1/echo' },
    ])
    expect(failures[1]?.error).toMatchObject({ status: 500, problem: { detail: 'Oops' } })
  })
})

describe('401', () => {
  it('without a handler, the caller simply gets the 401', async () => {
    server.handle(problem(401, 'Unauthorized'))
    const { response } = await client({ token: 'old' }).GET('/api/v1/me/')
    expect(response.status).toBe(401)
    expect(server.seen).toHaveLength(1)
  })

  it('is handed to the handler, whose replay (new token, same body) the caller receives', async () => {
    server.handle((request, response) => {
      const handler =
        request.headers.authorization === 'Bearer new'
          ? sendJson(200, { received: JSON.parse(request.body) })
          : problem(401, 'Unauthorized')
      handler(request, response)
    })
    const handed: Array<{ url: string; method: string; status: number }> = []
    setUnauthorizedHandler(async (request, response) => {
      handed.push({ url: request.url, method: request.method, status: response.status })
      return replayRequest(request, 'new')
    })

    const { data, response } = await client({ token: 'old' }).POST('/api/v1/echo', {
      body: { name: 'Ada' },
    })

    expect(response.status).toBe(200)
    expect(data).toEqual({ received: { name: 'Ada' } })
    expect(handed).toEqual([{ url: `${server.origin}/api/v1/echo`, method: 'POST', status: 401 }])
    expect(server.seen.map((request) => [request.headers.authorization, request.body])).toEqual([
      ['Bearer old', '{"name":"Ada"}'],
      ['Bearer new', '{"name":"Ada"}'],
    ])
    // The replay succeeded, so nothing is reported.
    expect(failures).toEqual([])
  })

  it('one parked request can be replayed several times', async () => {
    server.handle(problem(401, 'Unauthorized'))
    setUnauthorizedHandler(async (request) => {
      await replayRequest(request, 'a')
      await replayRequest(request, 'b')
      return replayRequest(request, 'c')
    })
    const { response } = await client({ token: 'old' }).POST('/api/v1/echo', {
      body: { name: 'Ada' },
    })
    expect(response.status).toBe(401)
    expect(server.seen.map((request) => [request.headers.authorization, request.body])).toEqual([
      ['Bearer old', '{"name":"Ada"}'],
      ['Bearer a', '{"name":"Ada"}'],
      ['Bearer b', '{"name":"Ada"}'],
      ['Bearer c', '{"name":"Ada"}'],
    ])
    expect(failures.map((failure) => failure.status)).toEqual([401])
  })

  it('other statuses never reach the handler', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const handler = vi.fn(async () => new Response(null, { status: 200 }))
    setUnauthorizedHandler(handler)
    server.handle(problem(403, 'Forbidden'))
    await client({ token: 'old' }).GET('/api/v1/me/')
    expect(handler).not.toHaveBeenCalled()
  })
})
