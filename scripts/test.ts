/**
 * `npm test`: every suite, in the order a failure is cheapest to find — contract types,
 * typecheck, lint, unit + model + API (Vitest), end-to-end (Playwright in Chromium).
 *
 * Each suite runs even when an earlier one failed, so one run shows everything; the last
 * line sums them as `N passed, N failed, N skipped` and the exit code is non-zero on any
 * failure. Typecheck, lint and the contract check count as one test each.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ensureChromium } from './lib/chromium.ts'

const root = resolve(import.meta.dirname, '..')
const bin = (name: string) => join(root, 'node_modules', '.bin', name)

interface Tally {
  passed: number
  failed: number
  skipped: number
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 }
const lines: string[] = []

function record(suite: string, tally: Tally) {
  total.passed += tally.passed
  total.failed += tally.failed
  total.skipped += tally.skipped
  lines.push(
    `  ${suite.padEnd(28)} ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`,
  )
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n▶ ${[command, ...args].join(' ')}`)
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
}

function check(suite: string, command: string, args: string[]) {
  const ok = run(command, args).status === 0
  record(suite, { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 })
}

function apiTypesAreFresh() {
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-api-'))
  const generated = join(dir, 'schema.d.ts')
  const result = run(bin('openapi-typescript'), ['openapi/openapi.yaml', '-o', generated])
  const fresh =
    result.status === 0 &&
    readFileSync(generated, 'utf8') === readFileSync(join(root, 'src/api/schema.d.ts'), 'utf8')
  rmSync(dir, { recursive: true, force: true })
  if (!fresh) console.error('src/api/schema.d.ts is stale: run `npm run gen:api` and commit it.')
  record('contract types up to date', { passed: fresh ? 1 : 0, failed: fresh ? 0 : 1, skipped: 0 })
}

function vitest() {
  const report = join(mkdtempSync(join(tmpdir(), 'slotwise-vitest-')), 'report.json')
  const result = run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ])
  if (!existsSync(report)) {
    record('vitest (did not report)', { passed: 0, failed: 1, skipped: 0 })
    return
  }
  const json = JSON.parse(readFileSync(report, 'utf8'))
  // A file that fails to load has no tests but is a failure all the same.
  const brokenFiles = json.testResults.filter(
    (file: { status: string; assertionResults: unknown[] }) =>
      file.status === 'failed' && file.assertionResults.length === 0,
  ).length
  const failed = json.numFailedTests + brokenFiles
  record('vitest (unit, model, API)', {
    passed: json.numPassedTests,
    failed: failed === 0 && result.status !== 0 ? 1 : failed,
    skipped: json.numPendingTests + json.numTodoTests,
  })
}

function playwright() {
  const report = join(mkdtempSync(join(tmpdir(), 'slotwise-pw-')), 'report.json')
  const result = run(bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  })
  if (!existsSync(report)) {
    record('playwright (did not report)', { passed: 0, failed: 1, skipped: 0 })
    return
  }
  const { stats, errors } = JSON.parse(readFileSync(report, 'utf8'))
  const failed = stats.unexpected + (errors?.length ?? 0)
  record('playwright (end-to-end)', {
    passed: stats.expected + stats.flaky,
    failed: failed === 0 && result.status !== 0 ? 1 : failed,
    skipped: stats.skipped,
  })
}

ensureChromium()
apiTypesAreFresh()
check('typecheck (tsc)', bin('tsc'), ['--noEmit'])
check('lint (biome)', bin('biome'), ['check', '.'])
vitest()
playwright()

console.log(`\nSuites:\n${lines.join('\n')}\n`)
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
process.exit(total.failed === 0 ? 0 : 1)
