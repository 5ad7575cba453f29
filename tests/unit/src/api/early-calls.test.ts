/**
 * The calls asked for at a signed-in cold start (src/api/early-calls.ts) and how the app's
 * calls take those answers (`answeredEarly`, through `fetchProfile` and the dashboard's
 * addresses): a real HTTP server stands for the API. The early calls are plain fetches of the
 * page's own addresses; Node has no page, so the global fetch is given the server's origin for
 * relative addresses, and nothing else.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadTeam } from '../../../../src/api/appointments'
import { appointmentsPath, schedulePath, teamPagePath } from '../../../../src/api/call-paths'
import { createApiClient } from '../../../../src/api/client'
import {
  askEarly,
  dropEarlyAnswers,
  EARLY_ANSWER_FRESH_MS,
  PROFILE_PATH,
  takeEarly,
} from '../../../../src/api/early-calls'
import { fetchProfile } from '../../../../src/api/profile'
import { createMemoryStore, storageKeys, storeToken } from '../../../../src/app/storage'
import { viewRange } from '../../../../src/domain/calendar-range'
import { loadCalendarView } from '../../../../src/features/calendar/api'
import { calendarCallsAt } from '../../../../src/features/calendar/start-calls'
import { loadDashboard } from '../../../../src/features/dashboard/api'
import { screenRouteAt } from '../../../../src/routes/start-preload'
import { sampleProfile } from '../../../support/unit/auth-harness'
import {
  problem,
  sendJson,
  startTestServer,
  type TestServer,
} from '../../../support/unit/test-server'

let server: TestServer
/** Set by a test: plain fetches fail as a dropped connection does. */
let networkDown = false

beforeEach(async () => {
  server = await startTestServer(sendJson(200, sampleProfile))
  networkDown = false
  vi.stubGlobal('localStorage', createMemoryStore())
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) =>
    networkDown
      ? Promise.reject(new TypeError('Failed to fetch'))
      : realFetch(typeof input === 'string' ? new URL(input, server.origin) : input, init),
  )
})

afterEach(async () => {
  dropEarlyAnswers()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  await server.close()
})

/** The app's own client, aimed at the test server (the page's origin in the browser). */
const client = () => createApiClient({ baseUrl: server.origin, getDomain: () => null })
const seenPaths = () => server.seen.map(({ method, path }) => `${method} ${path}`)

describe('askEarly', () => {
  it('asks for each address with the stored token, and hands each answer over once', async () => {
    storeToken('stored-token')
    askEarly([PROFILE_PATH, '/api/v1/services?limit=1'])
    const answer = takeEarly(PROFILE_PATH)
    expect(await (await answer)?.json()).toEqual(sampleProfile)
    await takeEarly('/api/v1/services?limit=1')
    expect(seenPaths()).toEqual(['GET /api/v1/me/', 'GET /api/v1/services?limit=1'])
    expect(server.seen.map(({ headers }) => headers.authorization)).toEqual([
      'Bearer stored-token',
      'Bearer stored-token',
    ])
    expect(takeEarly(PROFILE_PATH)).toBeNull()
  })

  it('asks nothing without a stored token', () => {
    askEarly([PROFILE_PATH])
    expect(takeEarly(PROFILE_PATH)).toBeNull()
    expect(server.seen).toEqual([])
  })

  it("asks nothing when calls go to the business's own API address", () => {
    storeToken('stored-token')
    localStorage.setItem(storageKeys.domain, 'api.example.com')
    askEarly([PROFILE_PATH])
    expect(takeEarly(PROFILE_PATH)).toBeNull()
    expect(server.seen).toEqual([])
  })

  it('hands over nothing once the session has ended, or once the answer is stale', async () => {
    storeToken('stored-token')
    askEarly([PROFILE_PATH])
    dropEarlyAnswers()
    expect(takeEarly(PROFILE_PATH)).toBeNull()

    vi.useFakeTimers({ toFake: ['Date'] })
    askEarly([PROFILE_PATH])
    vi.advanceTimersByTime(EARLY_ANSWER_FRESH_MS + 1)
    expect(takeEarly(PROFILE_PATH)).toBeNull()
  })
})

describe('fetchProfile takes the early answer when it is a good one', () => {
  it('a 200: the profile, with no second call', async () => {
    storeToken('stored-token')
    askEarly([PROFILE_PATH])
    expect(await fetchProfile(client())).toEqual(sampleProfile)
    expect(server.seen).toHaveLength(1)
  })

  it('a 401 (the stored token had expired): asks again through the client', async () => {
    storeToken('expired-token')
    server.handle((request, response) =>
      (request.headers.authorization === 'Bearer expired-token'
        ? problem(401, 'Unauthorized')
        : sendJson(200, sampleProfile))(request, response),
    )
    askEarly([PROFILE_PATH])
    // By now Firebase has restored the session: the client sends its fresh token.
    storeToken('restored-token')
    expect(await fetchProfile(client())).toEqual(sampleProfile)
    expect(server.seen.map(({ headers }) => headers.authorization)).toEqual([
      'Bearer expired-token',
      'Bearer restored-token',
    ])
  })

  it('a network failure: asks again through the client', async () => {
    storeToken('stored-token')
    networkDown = true
    askEarly([PROFILE_PATH])
    networkDown = false
    expect(await fetchProfile(client())).toEqual(sampleProfile)
    expect(server.seen).toHaveLength(1)
  })

  it('a body that is not JSON: asks again through the client', async () => {
    storeToken('stored-token')
    server.handle((request, response) => {
      if (server.seen.length > 1) return sendJson(200, sampleProfile)(request, response)
      response.writeHead(200, { 'Content-Type': 'text/html' })
      response.end('<html>a proxy page</html>')
    })
    askEarly([PROFILE_PATH])
    expect(await fetchProfile(client())).toEqual(sampleProfile)
    expect(server.seen).toHaveLength(2)
  })

  it('only the first call: a later one (a reload of the profile) asks the API', async () => {
    storeToken('stored-token')
    askEarly([PROFILE_PATH])
    await fetchProfile(client())
    await fetchProfile(client())
    expect(server.seen).toHaveLength(2)
  })
})

describe("the dashboard's start calls", () => {
  const answers: Record<string, unknown> = {
    '/api/v1/dashboard': {
      time_zone: 'Europe/Madrid',
      today: { date: '2026-11-30', count: 0 },
      today_appointments: [],
      upcoming: [],
    },
    '/api/v1/services?limit=1': { items: [], total: 3 },
  }

  it('are asked for with the profile, and the dashboard loads from their answers alone', async () => {
    server.handle((request, response) => sendJson(200, answers[request.path])(request, response))
    storeToken('stored-token')
    // As start-preload does for /dashboard.
    const startCalls = screenRouteAt('/dashboard')?.startCalls
    if (!Array.isArray(startCalls)) throw new Error("the dashboard's start calls are a list")
    askEarly([PROFILE_PATH, ...startCalls])
    // The app's client has no page origin in Node: a call that did not take its early answer
    // would fail here.
    const data = await loadDashboard()
    expect(data.hasServices).toBe(true)
    expect(data.dashboard.time_zone).toBe('Europe/Madrid')
    expect(seenPaths().sort()).toEqual([
      'GET /api/v1/dashboard',
      'GET /api/v1/me/',
      'GET /api/v1/services?limit=1',
    ])
  })
})

describe("the calendar's start calls", () => {
  const range = viewRange('week', '2026-10-22', 'Europe/Berlin')
  const team = { items: [{ id: 'm1', name: 'Alex' }], total: 1 }
  const answers: Record<string, unknown> = {
    [appointmentsPath({ range, memberId: null })]: { items: [], truncated: false },
    [schedulePath({ range, memberId: null })]: { time_zone: 'Europe/Berlin', members: [] },
    [teamPagePath(0)]: team,
  }

  it("are the addresses of the view's appointments, schedule and team, whose answers the calendar takes", async () => {
    server.handle((request, response) => sendJson(200, answers[request.path])(request, response))
    storeToken('stored-token')
    // As the route's start calls do for /calendar?view=week&date=2026-10-22 in Berlin.
    const calls = calendarCallsAt(
      '?view=week&date=2026-10-22',
      { timeZone: 'Europe/Berlin', view: 'week' },
      false,
    )
    expect(calls.sort()).toEqual(Object.keys(answers).sort())
    askEarly(calls)
    const view = await loadCalendarView({ range, memberId: null })
    expect(view).toEqual({
      appointments: [],
      truncated: false,
      schedule: { time_zone: 'Europe/Berlin', members: [] },
    })
    expect(await loadTeam()).toEqual(team.items)
    expect(server.seen).toHaveLength(3)
  })
})
