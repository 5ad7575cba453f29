/**
 * `npm run test:model`: the machines' model-based tests — a covering set of each machine's
 * graph paths against fakes (Vitest, tests/model), then the booking machine's covering set
 * driven through the real app in Chromium (Playwright, tests/e2e/booking-model.spec.ts), both
 * by one replay loop (tests/support/model/replay-path.ts). Ends with one coverage line per
 * machine, as the runs measured it. Extra arguments go to Playwright (e.g.
 * `--output=/tmp/model-results`). Exits non-zero when either fails or a machine is not
 * covered in full.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ensureChromium } from './lib/chromium.ts'
import { MODEL_COVERAGE_DIR, modelCoverageGaps, modelCoverageLines } from './lib/model-coverage.ts'

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
const gaps = modelCoverageGaps(coverageDir, root)
if (gaps.length > 0) console.log(`Not covered in full: ${gaps.join(', ')}`)
rmSync(coverageDir, { recursive: true, force: true })
process.exit(inMemory && inBrowser && gaps.length === 0 ? 0 : 1)
