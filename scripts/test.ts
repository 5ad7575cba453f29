/**
 * `npm test`: every suite, in the order a failure is cheapest to find — contract types,
 * typecheck (browser, server and tools, each with its own settings), lint, unit + model + API
 * (Vitest, on PGlite), the API suite again on a real PostgreSQL server (a throw-away cluster,
 * or TEST_DATABASE_URL), end-to-end (Playwright in Chromium).
 *
 * Each suite runs even when an earlier one failed, so one run shows everything. The summary
 * gives the model tests' coverage, one line per machine, then the suites; the last line sums
 * them as `N passed, N failed, N skipped` and the exit code is non-zero on any failure.
 * Typecheck, lint and the contract check count as one test each.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { stripVTControlCharacters } from 'node:util'
import { ensureChromium } from './lib/chromium.ts'
import { MODEL_COVERAGE_DIR, modelCoverageLines } from './lib/model-coverage.ts'
import { ensurePostgres, startTestPostgres, type TestPostgres } from './lib/postgres.ts'
import { buildSpaIfStale } from './lib/spa-build.ts'

const root = resolve(import.meta.dirname, '..')
const bin = (name: string) => join(root, 'node_modules', '.bin', name)

interface Tally {
  passed: number
  failed: number
  skipped: number
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 }
const lines: string[] = []
/** Each failed test by suite, file and name, repeated before the summary: a CI log is read from its end. */
const failures: string[] = []

function record(suite: string, tally: Tally, startedAt?: number) {
  total.passed += tally.passed
  total.failed += tally.failed
  total.skipped += tally.skipped
  const took = startedAt === undefined ? '' : `  (${formatDuration(Date.now() - startedAt)})`
  lines.push(
    `  ${suite.padEnd(32)} ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped${took}`,
  )
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000)
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n▶ ${[command, ...args].join(' ')}`)
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  // Ctrl-C reaches the suite too: stop the whole run rather than go on to the next suite
  // (exit handlers, such as the PostgreSQL cluster's, still run).
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
  record('contract types up to date', { passed: fresh ? 1 : 0, failed: fresh ? 0 : 1, skipped: 0 })
}

interface VitestFileReport {
  name: string
  status: string
  message?: string
  assertionResults: { status: string; fullName: string; failureMessages: string[] }[]
}

function firstLine(text: string | undefined): string {
  // Terminal colours and long stacks say nothing in a summary line.
  const plain = stripVTControlCharacters(text ?? '').trim()
  const line = plain.split('\n')[0] ?? ''
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}

function vitest(suite: string, args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const startedAt = Date.now()
  const report = join(mkdtempSync(join(tmpdir(), 'slotwise-vitest-')), 'report.json')
  const result = run(
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
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
      failed: failed === 0 && result.status !== 0 ? 1 : failed,
      skipped: json.numPendingTests + json.numTodoTests,
    },
    startedAt,
  )
}

/**
 * The API project once more, on PostgreSQL: its locking and concurrency are the real thing.
 * With it, the production set-up (tests/scale/: `npm run start:prod`'s processes behind
 * HAProxy), which needs PostgreSQL and builds the app first (Playwright then finds it built).
 */
async function vitestApiOnPostgres() {
  let server: TestPostgres
  try {
    server = await startTestPostgres()
  } catch (error) {
    console.error((error as Error).message)
    record('vitest API on PostgreSQL (did not start)', { passed: 0, failed: 1, skipped: 0 })
    return
  }
  try {
    console.log(`\nPostgreSQL ${server.version} at ${server.url}`)
    vitest(
      `vitest API + scale on PostgreSQL ${server.version}`,
      ['--project', 'api', '--project', 'scale'],
      {
        TEST_DATABASE_URL: server.url,
      },
    )
  } finally {
    server.stop()
  }
}

/**
 * End-to-end tests wait on the browser and the server far more than they compute, so the files
 * are split between shards run side by side, each with its own server, emulator, SMTP inbox
 * and local Stripe on ports of its own (the same start path, on its own data folder). Each
 * shard's lines are prefixed with its number. E2E_SHARDS=1 runs them all in one.
 */
async function playwright() {
  const startedAt = Date.now()
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2))
  // Built once here: each shard's server would otherwise build dist/ at the same time.
  buildSpaIfStale(root, (line) => console.log(line))
  console.log(`\n▶ playwright test, in ${shards} shard(s) side by side`)
  const reports = await Promise.all(
    Array.from({ length: shards }, (_, index) => playwrightShard(index + 1, shards)),
  )
  const tally: Tally = { passed: 0, failed: 0, skipped: 0 }
  for (const { report, status } of reports) {
    if (!report) {
      tally.failed += 1
      continue
    }
    const failed = report.stats.unexpected + (report.errors?.length ?? 0)
    failures.push(...playwrightFailures(report))
    tally.passed += report.stats.expected + report.stats.flaky
    tally.failed += failed === 0 && status !== 0 ? 1 : failed
    tally.skipped += report.stats.skipped
  }
  record('playwright (end-to-end)', tally, startedAt)
}

interface PlaywrightSuite {
  suites?: PlaywrightSuite[]
  specs?: {
    title: string
    file: string
    line: number
    tests: { status: string; results: { error?: { message?: string } }[] }[]
  }[]
}

interface PlaywrightReport {
  stats: { expected: number; flaky: number; unexpected: number; skipped: number }
  errors?: { message?: string }[]
  suites?: PlaywrightSuite[]
}

function playwrightFailures(report: PlaywrightReport): string[] {
  const found = (report.errors ?? []).map((error) => `playwright: ${firstLine(error.message)}`)
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue
        const error = test.results.at(-1)?.error?.message
        found.push(`playwright: ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`)
      }
    }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of report.suites ?? []) visit(suite)
  return found
}

function playwrightShard(
  shard: number,
  shards: number,
): Promise<{ report: PlaywrightReport | undefined; status: number | null }> {
  const file = join(mkdtempSync(join(tmpdir(), 'slotwise-pw-')), 'report.json')
  // The first shard keeps the suite's own ports; each next one moves them all by 100.
  const offset = (shard - 1) * 100
  const ports =
    shard === 1
      ? {}
      : {
          E2E_APP_PORT: String(8181 + offset),
          E2E_AUTH_EMULATOR_PORT: String(9399 + offset),
          E2E_SMTP_PORT: String(9181 + offset),
          E2E_LOCAL_STRIPE_PORT: String(12181 + offset),
        }
  const args = [
    'test',
    '--reporter=list,json',
    ...(shards > 1 ? [`--shard=${shard}/${shards}`] : []),
  ]
  return new Promise((resolvePromise) => {
    const child = spawn(bin('playwright'), args, {
      cwd: root,
      env: { ...process.env, ...ports, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    })
    const prefix = shards > 1 ? `[e2e ${shard}/${shards}] ` : ''
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(prefix + line))
    }
    let settled = false
    const settle = (status: number | null) => {
      if (settled) return
      settled = true
      const report = existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport)
        : undefined
      if (!report) console.log(`${prefix}did not report`)
      resolvePromise({ report, status })
    }
    child.on('error', (error) => {
      console.log(prefix + error.message)
      settle(1)
    })
    child.on('close', settle)
  })
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
// The first pass is on PGlite whatever the environment says; the second is on PostgreSQL.
const modelCoverageDir = mkdtempSync(join(tmpdir(), 'slotwise-model-'))
vitest(
  'vitest (unit, component, model, local Stripe, API)',
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
    'api',
  ],
  {
    TEST_DATABASE_URL: undefined,
    [MODEL_COVERAGE_DIR]: modelCoverageDir,
  },
)
const modelCoverage = modelCoverageLines(modelCoverageDir, root)
rmSync(modelCoverageDir, { recursive: true, force: true })
await vitestApiOnPostgres()
await playwright()

console.log(`\nModel coverage (live actors):\n  ${modelCoverage.join('\n  ')}`)
if (failures.length > 0) console.log(`\nFailed:\n  ${failures.join('\n  ')}`)
console.log(`\nSuites:\n${lines.join('\n')}\n`)
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(total.failed === 0 ? 0 : 1)
