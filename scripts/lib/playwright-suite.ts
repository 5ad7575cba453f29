/**
 * The end-to-end suite as `npm test` runs it. End-to-end tests wait on the browser and the
 * server far more than they compute, so the files are split between shards run side by side,
 * each with its own server, emulator, SMTP inbox and local Stripe on ports of its own (the same
 * start path, on its own data folder). The split is by measured time (e2e-shards.ts), so the
 * shards end together. Each shard's lines are prefixed with its number; E2E_SHARDS sets how
 * many (1 runs them all in one).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  appPort,
  authEmulatorPort,
  localStripePort,
  smtpPort,
} from '../../tests/support/e2e/ports.ts'
import { endToEndFiles, exactFileFilter, planShards } from './e2e-shards.ts'
import { failures, firstLine, record, runPrefixed, type Tally } from './suite-report.ts'

export const DEFAULT_E2E_SHARDS = 4

/**
 * No traces in `npm test` unless E2E_TRACE asks for a mode: recording one for every test (to
 * keep it on failure) was about a sixth of the suite's processor time (public-booking.spec: 110
 * processor-seconds with traces, 91 without), and a CI run keeps only its log. A failing spec
 * run alone (`npx playwright test <file>`) still keeps its trace, by playwright.config.ts.
 */
const TRACE = process.env.E2E_TRACE ?? 'off'

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

export async function playwright(root: string, shards: number): Promise<void> {
  const startedAt = Date.now()
  const plan = planShards(endToEndFiles(root), Math.max(1, shards))
  console.log(`\n▶ playwright test, in ${plan.length} shard(s) side by side`)
  const reports = await Promise.all(
    plan.map((files, index) => playwrightShard(root, index + 1, plan.length, files)),
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

async function playwrightShard(
  root: string,
  shard: number,
  shards: number,
  files: string[],
): Promise<{ report: PlaywrightReport | undefined; status: number | null }> {
  const file = join(mkdtempSync(join(tmpdir(), 'slotwise-pw-')), 'report.json')
  // The first shard keeps the suite's own ports (E2E_* from the environment, or their
  // defaults); each next one moves them all by 100.
  const offset = (shard - 1) * 100
  const ports = {
    E2E_APP_PORT: String(appPort + offset),
    E2E_AUTH_EMULATOR_PORT: String(authEmulatorPort + offset),
    E2E_SMTP_PORT: String(smtpPort + offset),
    E2E_LOCAL_STRIPE_PORT: String(localStripePort + offset),
  }
  const prefix = shards > 1 ? `[e2e ${shard}/${shards}] ` : ''
  const status = await runPrefixed(
    join(root, 'node_modules', '.bin', 'playwright'),
    [
      'test',
      '--reporter=list,json',
      `--trace=${TRACE}`,
      ...(shards > 1 ? files.map(exactFileFilter) : []),
    ],
    {
      cwd: root,
      env: { ...process.env, ...ports, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
      prefix,
    },
  )
  const report = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport)
    : undefined
  if (!report) console.log(`${prefix}did not report`)
  return { report, status: status ?? 1 }
}
