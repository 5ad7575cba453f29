import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalStripe, startLocalStripe } from '../../local-stripe/server.ts'
import { sqlStateOf } from '../../server/db/sql-state.ts'
import { type Operation, readOperations } from '../support/api/contract.ts'
import {
  type CaseKind,
  casesFor,
  FUZZ_WEBHOOK_SECRET,
  type FuzzCase,
  mediaCasesFor,
} from '../support/api/fuzz/fuzz-cases.ts'
import {
  createFuzzWorld,
  databaseFingerprint,
  FUZZ_STRIPE_SECRET,
  type FuzzWorld,
  worldRestorer,
} from '../support/api/fuzz/fuzz-world.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'
import { inMemoryCalendarSyncJobs } from '../support/calendar-sync/in-memory-sync-app.ts'

/**
 * Requests generated from every operation of the contract, sent to the real app on a seeded
 * business: none may get a 5xx, every error is RFC 9457 problem+json, and every request the
 * contract refuses is refused (400 naming the field, where validation is what refused it).
 */

const MINIMUM_PER_OPERATION = 100
const roomy = { limit: 1_000_000, windowMs: 60_000 }
const operations = readOperations()

let testApp: TestApp
let localStripe: LocalStripe
let world: FuzzWorld
let restorer: ReturnType<typeof worldRestorer>
const serverErrors: unknown[] = []
interface Sent {
  total: number
  byKind: Partial<Record<CaseKind, number>>
  /** Valid requests answered 2xx: proof the requests reach the code behind validation. */
  succeeded: number
}
const sent = new Map<string, Sent>()
const started = performance.now()

beforeAll(async () => {
  localStripe = await startLocalStripe({ port: 0 })
  testApp = await createTestApp({
    publicRateLimits: { readsPerIp: roomy, writesPerIp: roomy, bookingsPerEmail: roomy },
    jobs: inMemoryCalendarSyncJobs('fuzz'),
    onServerError: (error) => serverErrors.push(error),
    stripe: {
      secretKey: FUZZ_STRIPE_SECRET,
      webhookSecret: FUZZ_WEBHOOK_SECRET,
      // One secret for both endpoints, so the suite's signed requests are valid on each.
      connectWebhookSecret: FUZZ_WEBHOOK_SECRET,
      apiUrl: localStripe.url,
    },
  })
  await testApp.app.parts.billing.ensureStripePrices()
  world = await createFuzzWorld(testApp, { url: localStripe.url, secretKey: 'sk_test_fuzz' })
  restorer = worldRestorer(testApp, world)
  await restorer.snapshot()
}, 120_000)
afterAll(async () => {
  await testApp?.close()
  await localStripe?.stop()
})

describe('every operation of the contract, fuzzed', () => {
  it.each(operations.map((operation) => [operation.id, operation] as const))(
    '%s',
    async (_, operation) => {
      const failures = await sendAll(operation, casesFor(operation, world, tokenFor(operation)))
      // What this operation's valid requests changed must not steer the next operation's.
      if (operation.method !== 'GET') await restorer.restore()
      expect(failures.slice(0, 15), `${failures.length} failures`).toEqual([])
    },
    90_000,
  )
})

// Refused with 415 before the body is read, so nothing may be created or changed.
describe('a valid body in another media type, or none', () => {
  const withBody = operations.filter((operation) => operation.body)
  it.each(withBody.map((operation) => [operation.id, operation] as const))(
    '%s',
    async (_, operation) => {
      const failures = await sendAll(
        operation,
        mediaCasesFor(operation, world, tokenFor(operation)),
      )
      expect(failures.slice(0, 15), `${failures.length} failures`).toEqual([])
    },
  )
})

describe('the fuzz suite itself', () => {
  it(`sent at least ${MINIMUM_PER_OPERATION} requests to every operation`, () => {
    const counts = operations.map((operation) => [operation.id, sent.get(operation.id)] as const)
    const total = counts.reduce((sum, [, count]) => sum + (count?.total ?? 0), 0)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.info(
      `Fuzzed ${operations.length} operations with ${total} requests in ${seconds} s:\n${counts
        .map(
          ([id, count]) =>
            `  ${id}: ${count?.total ?? 0} ${JSON.stringify(count?.byKind ?? {})}, ${count?.succeeded ?? 0} valid ones 2xx`,
        )
        .join('\n')}`,
    )
    expect(operations.length).toBeGreaterThan(0)
    expect(
      counts.filter(([, count]) => (count?.total ?? 0) < MINIMUM_PER_OPERATION).map(([id]) => id),
    ).toEqual([])
  })

  it('got a success from every operation, so its valid requests reach the code behind validation', () => {
    const neverSucceeded = operations
      .filter((operation) => (sent.get(operation.id)?.succeeded ?? 0) === 0)
      .map((operation) => operation.id)
    expect(neverSucceeded).toEqual([])
  })
})

/** Sends the cases one after another and counts them; what broke the rules, one line each. */
async function sendAll(operation: Operation, cases: FuzzCase[]): Promise<string[]> {
  const failures: string[] = []
  const count = sent.get(operation.id) ?? { total: 0, byKind: {}, succeeded: 0 }
  for (const fuzzCase of cases) {
    const { problems, status } = await send(fuzzCase)
    failures.push(...problems)
    // A 303 is the success of an operation that answers with a redirect (the OAuth callback).
    if (fuzzCase.kind === 'valid' && status < 400) count.succeeded++
    count.total++
    count.byKind[fuzzCase.kind] = (count.byKind[fuzzCase.kind] ?? 0) + 1
  }
  sent.set(operation.id, count)
  return failures
}

/**
 * The emulator token of whoever calls the operation: the signed-in customer, a user without a
 * business yet (sign-up's registerBusiness), or the owner.
 */
function tokenFor(operation: Operation): string {
  if (operation.id === 'registerBusiness') return world.newcomer.idToken
  const customer = operation.path.startsWith('/api/v1/public/my-')
  return customer ? world.customerUser.idToken : world.business.owner.idToken
}

/** The database as the previous request left it, when that request checked it. */
let lastFingerprint: string | undefined
async function fingerprintBefore(): Promise<string> {
  return lastFingerprint ?? (await databaseFingerprint(testApp))
}

/** Sends one case; its status, and what it broke of the rules, each as a line naming the request. */
async function send(fuzzCase: FuzzCase): Promise<{ status: number; problems: string[] }> {
  const before = fuzzCase.kind === 'media' ? await fingerprintBefore() : undefined
  serverErrors.length = 0
  const response = await testApp.app.inject(fuzzCase.request)
  const problems = responseProblems(fuzzCase, response)
  if (before !== undefined) {
    lastFingerprint = await databaseFingerprint(testApp)
    if (lastFingerprint !== before) problems.push('changed the database')
  } else {
    lastFingerprint = undefined
  }
  const where = `${fuzzCase.request.method} ${String(fuzzCase.request.url).slice(0, 120)}`
  return {
    status: response.statusCode,
    problems: problems.map(
      (problem) => `[${fuzzCase.kind}] ${fuzzCase.label} (${where}): ${problem}`,
    ),
  }
}

function responseProblems(fuzzCase: FuzzCase, response: LightMyRequestResponse): string[] {
  const status = response.statusCode
  if (status >= 500) {
    const [error] = serverErrors
    const sqlState = sqlStateOf(error)
    const cause = String(error ?? response.body).slice(0, 300)
    return [`${status}${sqlState ? ` (SQLSTATE ${sqlState})` : ''} ${cause}`]
  }
  const problems: string[] = []
  if (status >= 400) problems.push(...problemDocumentProblems(response))
  if (fuzzCase.kind === 'media' && status !== 415) problems.push(`${status}, not 415`)
  if (fuzzCase.verdict === 'invalid') {
    if (status < 400) problems.push(`the contract refuses it, but the answer was ${status}`)
    else if (status === 400 && fuzzCase.field && !names(response, fuzzCase.field)) {
      problems.push(`400 without naming ${fuzzCase.field}: ${response.body.slice(0, 300)}`)
    }
  }
  return problems
}

function problemDocumentProblems(response: LightMyRequestResponse): string[] {
  const contentType = String(response.headers['content-type'] ?? '')
  if (!contentType.startsWith('application/problem+json')) {
    return [`${response.statusCode} as ${contentType || 'no media type'}, not problem+json`]
  }
  let document: Record<string, unknown>
  try {
    document = response.json()
  } catch {
    return [`${response.statusCode} with a body that is not JSON`]
  }
  const problems: string[] = []
  for (const member of ['type', 'title', 'detail'] as const) {
    if (typeof document[member] !== 'string') problems.push(`problem without a string ${member}`)
  }
  if (document.status !== response.statusCode) {
    problems.push(`problem status ${String(document.status)} on a ${response.statusCode}`)
  }
  const errors = document.errors
  const wellFormedErrors =
    errors === undefined ||
    (Array.isArray(errors) &&
      errors.every(
        (error) => typeof error?.path === 'string' && typeof error?.message === 'string',
      ))
  if (!wellFormedErrors) problems.push(`malformed errors: ${JSON.stringify(errors)}`)
  return problems
}

/** Whether the problem's errors name the field, or something inside it. */
function names(response: LightMyRequestResponse, field: string): boolean {
  const errors = (response.json() as { errors?: { path: string }[] }).errors ?? []
  return errors.some((error) => error.path === field || error.path.startsWith(`${field}.`))
}
