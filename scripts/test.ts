/**
 * `npm test`: every suite, in the order a failure is cheapest to find — contract types,
 * typecheck (browser, server and tools, each with its own settings), lint, then Vitest on the
 * embedded database (unit, model, local Stripe, and the API files that prove PGlite), then side
 * by side the API suite and the production set-up on a real PostgreSQL server (a throw-away
 * cluster, or TEST_DATABASE_URL) and end-to-end (Playwright in Chromium, on PGlite through
 * `npm start`). docs/testing.md says what runs where and why.
 *
 * Each suite runs even when an earlier one failed, so one run shows everything. The summary
 * gives the model tests' coverage, one line per machine, then the suites with their times; the
 * last line sums them as `N passed, N failed, N skipped` and the exit code is non-zero on any
 * failure. Typecheck, lint and the contract check count as one test each.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { ensureChromium } from './lib/chromium.ts'
import { MODEL_COVERAGE_DIR, modelCoverageLines } from './lib/model-coverage.ts'
import { DEFAULT_E2E_SHARDS, playwright } from './lib/playwright-suite.ts'
import { ensurePostgres, startTestPostgres, type TestPostgres } from './lib/postgres.ts'
import { buildSpaIfStale } from './lib/spa-build.ts'
import {
  failures,
  firstLine,
  printSummary,
  record,
  runPrefixed,
  total,
} from './lib/suite-report.ts'

const root = resolve(import.meta.dirname, '..')
/**
 * Test files run side by side in this many processes. Vitest's own default is one fewer than the
 * processors, which on the 2-core CI machine is one: the API files, which mostly wait on the
 * database and the Auth emulator, then ran one after the other with a processor idle.
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? 3)
const bin = (name: string) => join(root, 'node_modules', '.bin', name)

function run(command: string, args: string[]) {
  console.log(`\n▶ ${[command, ...args].join(' ')}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env })
  // Ctrl-C reaches the suite too: stop the whole run rather than go on to the next suite.
  if (result.signal === 'SIGINT' || result.signal === 'SIGTERM' || result.status === 130) {
    process.exit(130)
  }
  return result
}

/**
 * A check that passes when its command exits 0, run beside others: its output is held back
 * and printed whole when it ends, so outputs never interleave.
 */
function checkAlongside(suite: string, command: string, args: string[]): Promise<void> {
  const startedAt = Date.now()
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: root, env: process.env })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    let settled = false
    const settle = (ok: boolean, extra = '') => {
      if (settled) return
      settled = true
      console.log(`\n▶ ${[command, ...args].join(' ')}`)
      process.stdout.write(Buffer.concat(output))
      if (extra) console.log(extra)
      record(suite, { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 }, startedAt)
      resolvePromise()
    }
    child.on('error', (error) => settle(false, error.message))
    child.on('close', (status) => settle(status === 0))
  })
}

function apiTypesAreFresh() {
  const startedAt = Date.now()
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-api-'))
  const generated = join(dir, 'schema.d.ts')
  const result = run(bin('openapi-typescript'), ['openapi/openapi.yaml', '-o', generated])
  const fresh =
    result.status === 0 &&
    readFileSync(generated, 'utf8') ===
      readFileSync(join(root, 'shared/contract/schema.d.ts'), 'utf8')
  rmSync(dir, { recursive: true, force: true })
  if (!fresh)
    console.error('shared/contract/schema.d.ts is stale: run `npm run gen:api` and commit it.')
  const tally = { passed: fresh ? 1 : 0, failed: fresh ? 0 : 1, skipped: 0 }
  record('contract types up to date', tally, startedAt)
}

interface VitestFileReport {
  name: string
  status: string
  message?: string
  assertionResults: { status: string; fullName: string; failureMessages: string[] }[]
}

/** One Vitest run, its output lines prefixed with `prefix` (it may run beside another suite). */
async function vitest(suite: string, args: string[], env: NodeJS.ProcessEnv, prefix = '') {
  const startedAt = Date.now()
  const report = join(mkdtempSync(join(tmpdir(), 'slotwise-vitest-')), 'report.json')
  const status = await runPrefixed(
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: root, env: { ...process.env, ...env }, prefix },
  )
  if (!existsSync(report)) {
    record(`${suite} (did not report)`, { passed: 0, failed: 1, skipped: 0 }, startedAt)
    return
  }
  const json = JSON.parse(readFileSync(report, 'utf8'))
  // A file that fails to load has no tests but is a failure all the same.
  const brokenFiles = json.testResults.filter(
    (file: { status: string; assertionResults: unknown[] }) =>
      file.status === 'failed' && file.assertionResults.length === 0,
  ).length
  const failed = json.numFailedTests + brokenFiles
  for (const file of json.testResults as VitestFileReport[]) {
    const where = relative(root, file.name)
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failures.push(`${suite}: ${where} did not load: ${firstLine(file.message)}`)
    }
    for (const test of file.assertionResults) {
      if (test.status !== 'failed') continue
      failures.push(`${suite}: ${where} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`)
    }
  }
  record(
    suite,
    {
      passed: json.numPassedTests,
      failed: failed === 0 && status !== 0 ? 1 : failed,
      skipped: json.numPendingTests + json.numTodoTests,
    },
    startedAt,
  )
}

/**
 * The API project on PostgreSQL, where its locking and concurrency are the real thing, with the
 * production set-up (tests/scale/: `npm run start:prod`'s processes behind HAProxy).
 */
async function vitestApiOnPostgres() {
  const startedAt = Date.now()
  let server: TestPostgres
  try {
    server = await startTestPostgres()
  } catch (error) {
    console.error((error as Error).message)
    record(
      'vitest API on PostgreSQL (did not start)',
      { passed: 0, failed: 1, skipped: 0 },
      startedAt,
    )
    return
  }
  try {
    console.log(`\n[api] PostgreSQL ${server.version} at ${server.url}`)
    await vitest(
      `vitest API + scale on PostgreSQL ${server.version}`,
      [
        '--project',
        'api',
        '--project',
        'api-isolated',
        '--project',
        'scale',
        `--maxWorkers=${WORKERS}`,
      ],
      { TEST_DATABASE_URL: server.url },
      '[api] ',
    )
  } finally {
    server.stop()
  }
}

/**
 * The SPA and the booking pages' renderer, built once before the two runs that serve them (the
 * scale tests' processes and every end-to-end shard's server), which would otherwise build
 * dist/ at the same time. Counted as one test, so a broken build is a line of its own.
 */
function buildOnce() {
  const startedAt = Date.now()
  let built = true
  try {
    buildSpaIfStale(root, (line) => console.log(line))
  } catch (error) {
    console.error((error as Error).message)
    failures.push(`build: ${firstLine((error as Error).message)}`)
    built = false
  }
  record(
    'build (SPA, booking pages)',
    { passed: built ? 1 : 0, failed: built ? 0 : 1, skipped: 0 },
    startedAt,
  )
}

ensureChromium()
ensurePostgres()
apiTypesAreFresh()
// Typechecks and lint only read files: run side by side, they take the time of the slowest.
await Promise.all([
  ...['browser', 'server', 'tools'].map((side) => {
    const config = side === 'tools' ? 'tsconfig.json' : `tsconfig.${side}.json`
    return checkAlongside(`typecheck: ${side} (tsc)`, bin('tsc'), ['-p', config])
  }),
  checkAlongside('lint (biome)', bin('biome'), ['check', '.']),
])
// On the embedded database whatever the environment says.
const modelCoverageDir = mkdtempSync(join(tmpdir(), 'slotwise-model-'))
await vitest(
  'vitest (unit, component, model, local services, calendars, API on PGlite)',
  [
    '--project',
    'unit',
    '--project',
    'component',
    '--project',
    'model',
    '--project',
    'local-stripe',
    '--project',
    'integrations',
    '--project',
    'api-embedded',
    `--maxWorkers=${WORKERS}`,
  ],
  { TEST_DATABASE_URL: undefined, [MODEL_COVERAGE_DIR]: modelCoverageDir },
)
const modelCoverage = modelCoverageLines(modelCoverageDir, root)
rmSync(modelCoverageDir, { recursive: true, force: true })
buildOnce()
// One after the other: side by side on two cores the timing-sensitive tests of both (a socket's
// 0.4 s sign-in window, 50 racing holds, the longest browser flows) ran out of time.
await vitestApiOnPostgres()
await playwright(root, Number(process.env.E2E_SHARDS ?? DEFAULT_E2E_SHARDS))

console.log(`\nModel coverage (live actors):\n  ${modelCoverage.join('\n  ')}`)
printSummary()
process.exit(total.failed === 0 ? 0 : 1)
