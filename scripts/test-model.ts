/**
 * `npm run test:model`: the machines' model-based tests — every path of each machine's graph
 * against fakes (Vitest, tests/model), then a covering set of the booking machine's paths
 * driven through the real app in Chromium (Playwright, tests/e2e/booking-model.spec.ts). Ends
 * with one coverage line per machine, as the runs measured it. Extra arguments go to
 * Playwright (e.g. `--output=/tmp/model-results`). Exits non-zero when either fails.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ensureChromium } from './lib/chromium.ts'
import { MODEL_COVERAGE_DIR, modelCoverageLines } from './lib/model-coverage.ts'

const root = resolve(import.meta.dirname, '..')
const bin = (name: string) => join(root, 'node_modules', '.bin', name)

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${[command, ...args].join(' ')}`)
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  if (result.signal === 'SIGINT' || result.status === 130) process.exit(130)
  return result.status === 0
}

ensureChromium()
const coverageDir = mkdtempSync(join(tmpdir(), 'slotwise-model-'))
const inMemory = run(bin('vitest'), ['run', '--project', 'model'], {
  [MODEL_COVERAGE_DIR]: coverageDir,
})
const inBrowser = run(bin('playwright'), [
  'test',
  'tests/e2e/booking-model.spec.ts',
  ...process.argv.slice(2),
])
console.log(
  `\nModel coverage (live actors):\n  ${modelCoverageLines(coverageDir, root).join('\n  ')}`,
)
rmSync(coverageDir, { recursive: true, force: true })
process.exit(inMemory && inBrowser ? 0 : 1)
